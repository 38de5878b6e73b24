/**
 * Runs the JWT attack table (tests/attacks/jwt-cases.ts) through the local server: every row is sent where
 * it says and must get the contract's status and error code — 401 `invalid_token` with the Bearer challenge
 * and the `auth`/`sandbox` links on the API, 400 `invalid_grant` on /agent/token, 403 on a missing scope —
 * never a 5xx.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { clearTokenCache } from '../../functions/auth/bearer.ts';
import { loadConfig } from '../../functions/config.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { siteOrigin } from '../../src/config/site.ts';
import { JWT_BEARER, registerAndExchange } from '../helpers/api-tokens.ts';
import { JWT_CASES, type JwtCase, type JwtKit } from '../attacks/jwt-cases.ts';
import { type OpenApiDoc, type ResponseValidator, responseValidator } from '../helpers/openapi.ts';
import { resetServices, testServices } from '../helpers/services.ts';

/** This file's own services: every server it starts serves with them. */
const services = testServices();

const origin = siteOrigin();
const SECRET = 'segredo-dos-testes-de-ataque-0123456789abcdef';
const ROTATED = 'segredo-depois-da-rotacao-0123456789abcdef';

let server: LocalServer;
let kit: JwtKit;
let schemas: ResponseValidator;

function useSecret(secret: string): void {
  const config = loadConfig({
    ...process.env,
    SITE_URL: origin,
    AGENT_JWT_SECRET: secret,
    NETLIFY: undefined,
    CONTEXT: undefined,
    SITE_PREVIEW: undefined,
    RATE_LIMIT_V1: '100000',
    RATE_LIMIT_PUBLIC: '100000',
    READINESS_GATE_PER_MINUTE: '100000',
    READINESS_PAUSED: undefined,
  });
  resetServices(services, { config, store: new MemoryStore() });
}

before(async () => {
  useSecret(SECRET);
  server = await startLocalServer({ port: 0, services });
  schemas = responseValidator((await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenApiDoc);
  const identity = await fetch(`${server.url}/agent/identity`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"type":"anonymous"}' });
  const registration = (await identity.json()) as { registration_id: string; identity_assertion: string };
  const exchange = await fetch(`${server.url}/agent/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: JWT_BEARER, assertion: registration.identity_assertion }),
  });
  const { access_token } = (await exchange.json()) as { access_token: string };
  const directory = (await (await fetch(`${server.url}/.well-known/http-message-signatures-directory`)).json()) as { keys: Record<string, unknown>[] };
  kit = {
    origin,
    secret: SECRET,
    now: Math.floor(Date.now() / 1000),
    registrationId: registration.registration_id,
    assertion: registration.identity_assertion,
    accessToken: access_token,
    publicJwk: JSON.stringify(directory.keys[0]),
  };
  assert.ok(kit.accessToken && kit.assertion && directory.keys[0], 'registro, troca e diretório de chaves funcionam');
});

after(async () => {
  await server?.close();
  resetServices(services);
  clearTokenCache();
});

afterEach(() => useSecret(SECRET));

const PATHS: Record<Exclude<JwtCase['at'], 'token'>, string> = {
  v1: '/api/v1/paginas',
  'v1-readiness': '/api/v1/prontidao/exemplo.com.br',
  sandbox: '/api/v1/sandbox/paginas',
};
/** The OpenAPI operation each target is validated against (every body, refusals included). */
const TEMPLATES: Record<JwtCase['at'], [string, string]> = {
  v1: ['/api/v1/paginas', 'get'],
  'v1-readiness': ['/api/v1/prontidao/{dominio}', 'get'],
  sandbox: ['/api/v1/sandbox/paginas', 'get'],
  token: ['/agent/token', 'post'],
};

async function send(row: JwtCase, token: string): Promise<Response> {
  if (row.at === 'token') {
    return fetch(`${server.url}/agent/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: JWT_BEARER, assertion: token }),
    });
  }
  return fetch(`${server.url}${PATHS[row.at]}`, { headers: { authorization: `Bearer ${token}` } });
}

test('the table has at least 15 attack rows', () => {
  assert.ok(JWT_CASES.filter((c) => c.expect.status !== 200).length >= 15);
  assert.equal(new Set(JWT_CASES.map((c) => c.name)).size, JWT_CASES.length, 'nomes únicos');
});

describe('JWT attack table', () => {
  for (const row of JWT_CASES) {
    test(`${row.name} → ${row.at}: ${row.expect.status}${row.expect.error ? ` ${row.expect.error}` : ''}`, async () => {
      const token = row.token(kit);
      if (row.rotateSecretAfterFirstUse) {
        const first = await send(row, token);
        assert.equal(first.status, 200, `antes da rotação o token vale: ${await first.text()}`);
        useSecret(ROTATED);
      }
      const response = await send(row, token);
      const text = await response.text();
      assert.equal(response.status, row.expect.status, text);
      assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
      const body = JSON.parse(text) as Record<string, unknown>;
      const [template, method] = TEMPLATES[row.at];
      schemas.check(template, method, response.status, body);
      if (row.expect.status === 200) return;

      assert.equal(body.error, row.expect.error, text);
      assert.equal(typeof body.error_description, 'string');
      assert.ok(String(body.error_description).length > 10);
      assert.doesNotMatch(text, /\bat .+:\d+:\d+|node_modules|\/work\//, 'sem rastro de pilha');
      if (row.expect.status === 401) {
        assert.equal(body.auth, `${origin}/auth.md`);
        assert.equal(body.sandbox, `${origin}/api/v1/sandbox/`);
        const challenge = response.headers.get('www-authenticate') ?? '';
        assert.ok(challenge.startsWith(`Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource", scope="site.read prontidao.read"`), challenge);
        assert.match(challenge, /error="invalid_token"/);
      }
      if (row.expect.status === 403) assert.match(response.headers.get('www-authenticate') ?? '', /error="insufficient_scope"/);
      if (row.at !== 'token') assert.ok(response.headers.get('ratelimit-policy'), 'cabeçalhos de cota também nas recusas');
    });
  }
});

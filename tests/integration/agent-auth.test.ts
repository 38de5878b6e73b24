/**
 * The agent authentication routes through the local server: registration, the JWT-bearer exchange, every
 * error row of the contract for /agent/..., body limits, content types, CORS, Idempotency-Key over HTTP and the
 * missing-secret 503. Bodies are validated with the same zod schemas the OpenAPI document uses.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { authenticate, clearTokenCache, refusalResponse } from '../../functions/auth/bearer.ts';
import { registrationSchema, tokenResponseSchema } from '../../functions/auth/schemas.ts';
import { loadConfig } from '../../functions/config.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import { type Store, StoreUnavailableError } from '../../functions/store/types.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { siteOrigin } from '../../src/config/site.ts';
import { resetServices, testServices } from '../helpers/services.ts';

/** This file's own services: every server it starts serves with them. */
const services = testServices();

const GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const origin = siteOrigin();
const resource = `${origin}/api/v1/`;
let server: LocalServer;
let clock = Date.now();

const post = (path: string, body: BodyInit | null, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
const postJson = (path: string, value: unknown, headers: Record<string, string> = {}) =>
  post(path, JSON.stringify(value), { 'content-type': 'application/json', ...headers });
const postForm = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  post(path, new URLSearchParams(fields).toString(), { 'content-type': 'application/x-www-form-urlencoded', ...headers });

async function expectError(response: Response, status: number, code: string): Promise<Record<string, unknown>> {
  const text = await response.text();
  assert.equal(response.status, status, text);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  const body = JSON.parse(text) as Record<string, unknown>;
  assert.equal(body.error, code, text);
  assert.equal(typeof body.error_description, 'string');
  assert.equal(response.headers.get('access-control-allow-origin'), '*', 'CORS também nos erros');
  return body;
}

async function register(headers: Record<string, string> = {}) {
  const response = await postJson('/agent/identity', { type: 'anonymous' }, headers);
  assert.equal(response.status, 200, await response.clone().text());
  return { response, body: registrationSchema.parse(await response.json()) };
}

function useClockRuntime(store: Store = new MemoryStore({ now: () => clock })): void {
  resetServices(services, { config: services.config, store, now: () => clock });
}

before(async () => {
  server = await startLocalServer({ port: 0, services });
});
after(() => server.close());
beforeEach(() => {
  clock = Date.now();
  useClockRuntime();
});
afterEach(() => {
  resetServices(services);
  clearTokenCache();
});

describe('POST /agent/identity', () => {
  test('anonymous registration: contract fields, claims, lifetimes, no-store', async () => {
    const { response, body } = await register();
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.equal(response.headers.get('pragma'), 'no-cache');
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.match(body.registration_id, /^reg_[A-Za-z0-9_-]{20}$/);
    assert.equal(body.registration_type, 'anonymous');
    assert.deepEqual(body.pre_claim_scopes, ['site.read', 'prontidao.read']);
    assert.deepEqual(body.post_claim_scopes, body.pre_claim_scopes);
    assert.deepEqual(body.scopes, body.pre_claim_scopes);
    assert.deepEqual(decodeProtectedHeader(body.identity_assertion), { alg: 'HS256', typ: 'JWT' });
    const claims = decodeJwt(body.identity_assertion);
    assert.equal(claims.iss, origin);
    assert.equal(claims.aud, resource);
    assert.equal(claims.typ, 'assertion');
    assert.equal(claims.sub, body.registration_id);
    assert.equal(claims.exp! - claims.iat!, 24 * 3600);
    assert.equal(body.assertion_expires, new Date(claims.exp! * 1000).toISOString());
    assert.ok(Math.abs(Date.parse(body.assertion_expires) - (Date.now() + 24 * 3600_000)) < 5_000);
    assert.equal(Object.keys(body).length, 7, 'exatamente os campos do contrato');
  });

  test('every registration is new', async () => {
    const a = await register();
    const b = await register();
    assert.notEqual(a.body.registration_id, b.body.registration_id);
  });

  test('type identity_assertion → 400 issuer_not_enabled; service_auth → 400 service_auth_not_enabled', async () => {
    await expectError(await postJson('/agent/identity', { type: 'identity_assertion', assertion: 'x' }), 400, 'issuer_not_enabled');
    await expectError(await postJson('/agent/identity', { type: 'service_auth' }), 400, 'service_auth_not_enabled');
  });

  test('type missing, unknown or not a string, and bodies of the wrong shape → 400 invalid_request', async () => {
    for (const value of [{}, { type: 'refresh' }, { type: 'ANONYMOUS' }, { type: 1 }, { type: null }, [], null, 'anonymous', 42, { tipo: 'anonymous' }]) {
      await expectError(await postJson('/agent/identity', value), 400, 'invalid_request');
    }
  });

  test('malformed JSON, empty body, invalid UTF-8 → 400 invalid_request', async () => {
    await expectError(await post('/agent/identity', '{"type":', { 'content-type': 'application/json' }), 400, 'invalid_request');
    await expectError(await post('/agent/identity', '', { 'content-type': 'application/json' }), 400, 'invalid_request');
    await expectError(await post('/agent/identity', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), { 'content-type': 'application/json' }), 400, 'invalid_request');
  });

  test('wrong content type → 415 with a JSON error', async () => {
    await expectError(await post('/agent/identity', 'type=anonymous', { 'content-type': 'application/x-www-form-urlencoded' }), 415, 'unsupported_media_type');
    await expectError(await post('/agent/identity', '{"type":"anonymous"}', { 'content-type': 'text/plain' }), 415, 'unsupported_media_type');
  });

  test('JSON media types with parameters and +json are accepted', async () => {
    assert.equal((await post('/agent/identity', '{"type":"anonymous"}', { 'content-type': 'application/json; charset=utf-8' })).status, 200);
    assert.equal((await post('/agent/identity', '{"type":"anonymous"}', { 'content-type': 'application/vnd.agent+json' })).status, 200);
  });

  test('4 KB limit: 4096 bytes pass, 4097 → 413, also without Content-Length (chunked)', async () => {
    const padded = (size: number) => {
      const base = '{"type":"anonymous","pad":""}';
      return `{"type":"anonymous","pad":"${'x'.repeat(size - base.length)}"}`;
    };
    assert.equal(Buffer.byteLength(padded(4096)), 4096);
    assert.equal((await post('/agent/identity', padded(4096), { 'content-type': 'application/json' })).status, 200);
    await expectError(await post('/agent/identity', padded(4097), { 'content-type': 'application/json' }), 413, 'payload_too_large');
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode(i === 0 ? '{"type":"anonymous","pad":"' : 'x'.repeat(1000)));
        controller.enqueue(new TextEncoder().encode('"}'));
        controller.close();
      },
    });
    await expectError(await post('/agent/identity', chunked, { 'content-type': 'application/json' }), 413, 'payload_too_large');
    // The server survives and keeps answering.
    assert.equal((await postJson('/agent/identity', { type: 'anonymous' })).status, 200);
  });

  test('a huge body is refused without being buffered (1 MB)', async () => {
    await expectError(await post('/agent/identity', 'x'.repeat(1024 * 1024), { 'content-type': 'application/json' }), 413, 'payload_too_large');
  });

  test('GET/HEAD/PUT/DELETE → 405 with Allow: POST, OPTIONS', async () => {
    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH']) {
      const response = await fetch(`${server.url}/agent/identity`, { method });
      assert.equal(response.status, 405, method);
      assert.equal(response.headers.get('allow'), 'POST, OPTIONS');
      if (method !== 'HEAD') assert.equal(((await response.json()) as { error: string }).error, 'method_not_allowed');
    }
  });

  test('OPTIONS → 204; a CORS preflight allows POST with Content-Type, Authorization and Idempotency-Key', async () => {
    const plain = await fetch(`${server.url}/agent/identity`, { method: 'OPTIONS' });
    assert.equal(plain.status, 204);
    assert.equal(plain.headers.get('allow'), 'POST, OPTIONS');
    const preflight = await fetch(`${server.url}/agent/token`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://agente.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type, idempotency-key' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
    assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /\bPOST\b/);
    const allowed = (preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const h of ['authorization', 'content-type', 'idempotency-key']) assert.ok(allowed.includes(h), h);
    const exposed = (preflight.headers.get('access-control-expose-headers') ?? '').toLowerCase();
    for (const h of ['ratelimit', 'ratelimit-policy', 'retry-after', 'www-authenticate', 'idempotency-replayed', 'idempotency-status', 'deprecation', 'sunset', 'x-sandbox']) {
      assert.ok(exposed.split(/,\s*/).includes(h), h);
    }
  });

  test('unknown /agent/... routes → 404 not_found (no claim, revocation or events endpoint)', async () => {
    for (const path of ['/agent/', '/agent/claim', '/agent/revoke', '/agent/events', '/agent/identity/x', '/agent/auth']) {
      await expectError(await postJson(path, { type: 'anonymous' }), 404, 'not_found');
      await expectError(await fetch(`${server.url}${path}`), 404, 'not_found');
    }
  });
});

describe('POST /agent/token', () => {
  test('form exchange (RFC 7523): token response, claims, no-store', async () => {
    const { body: reg } = await register();
    const response = await postForm('/agent/token', { grant_type: GRANT, assertion: reg.identity_assertion, resource });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.equal(response.headers.get('pragma'), 'no-cache');
    const token = tokenResponseSchema.parse(await response.json());
    assert.equal(token.token_type, 'Bearer');
    assert.equal(token.expires_in, 3600);
    assert.equal(token.scope, 'site.read prontidao.read');
    const claims = decodeJwt(token.access_token);
    assert.deepEqual(
      { iss: claims.iss, aud: claims.aud, typ: claims.typ, sub: claims.sub, scope: claims.scope, sandbox: claims.sandbox },
      { iss: origin, aud: resource, typ: 'access', sub: reg.registration_id, scope: 'site.read prontidao.read', sandbox: undefined },
    );
    assert.equal(claims.exp! - claims.iat!, 3600);
    const auth = await authenticate(services, new Request(`${origin}/api/v1/`, { headers: { authorization: `Bearer ${token.access_token}` } }), { scope: 'site.read', sandbox: false });
    assert.ok(auth.ok && auth.registrationId === reg.registration_id);
  });

  test('JSON exchange without resource; the same assertion can be exchanged repeatedly', async () => {
    const { body: reg } = await register();
    for (let i = 0; i < 3; i++) {
      const response = await postJson('/agent/token', { grant_type: GRANT, assertion: reg.identity_assertion });
      assert.equal(response.status, 200);
      tokenResponseSchema.parse(await response.json());
    }
  });

  test('resource other than {origin}/api/v1/ → 400 invalid_target', async () => {
    const { body: reg } = await register();
    for (const bad of [`${origin}/api/v1`, `${origin}/api/`, 'https://outro.example/api/v1/', `${origin}/api/v1/paginas`]) {
      await expectError(await postForm('/agent/token', { grant_type: GRANT, assertion: reg.identity_assertion, resource: bad }), 400, 'invalid_target');
    }
    const twice = new URLSearchParams([['grant_type', GRANT], ['assertion', reg.identity_assertion], ['resource', resource], ['resource', 'https://x.example/']]);
    await expectError(await post('/agent/token', twice.toString(), { 'content-type': 'application/x-www-form-urlencoded' }), 400, 'invalid_target');
  });

  test('grant_type missing → invalid_request; any other grant → unsupported_grant_type', async () => {
    const { body: reg } = await register();
    await expectError(await postForm('/agent/token', { assertion: reg.identity_assertion }), 400, 'invalid_request');
    for (const grant of ['authorization_code', 'client_credentials', 'refresh_token', 'urn:ietf:params:oauth:grant-type:token-exchange', 'urn:ietf:params:oauth:grant-type:device_code', 'urn:workos:agent-auth:grant-type:claim']) {
      await expectError(await postForm('/agent/token', { grant_type: grant, assertion: reg.identity_assertion }), 400, 'unsupported_grant_type');
    }
  });

  test('assertion missing → invalid_request', async () => {
    await expectError(await postForm('/agent/token', { grant_type: GRANT }), 400, 'invalid_request');
  });

  // Assertions expired, tampered, from another origin, unsigned, signed before a rotation, or an access
  // token in their place (400 invalid_grant): rows of tests/attacks/jwt-cases.ts (tests/integration/jwt-attacks.test.ts).

  test('bad bodies: malformed JSON or form, non-string fields, repeated parameters → 400 invalid_request; other types → 415', async () => {
    await expectError(await post('/agent/token', '{"grant_type":', { 'content-type': 'application/json' }), 400, 'invalid_request');
    await expectError(await postJson('/agent/token', [GRANT]), 400, 'invalid_request');
    await expectError(await postJson('/agent/token', { grant_type: GRANT, assertion: 123 }), 400, 'invalid_request');
    await expectError(await postJson('/agent/token', { grant_type: [GRANT] }), 400, 'invalid_request');
    await expectError(await post('/agent/token', `grant_type=${encodeURIComponent(GRANT)}&grant_type=x`, { 'content-type': 'application/x-www-form-urlencoded' }), 400, 'invalid_request');
    await expectError(await post('/agent/token', 'grant_type=%E0%A4%A', { 'content-type': 'application/x-www-form-urlencoded' }), 400, 'invalid_request');
    await expectError(await post('/agent/token', 'grant_type=x', { 'content-type': 'text/plain' }), 415, 'unsupported_media_type');
    await expectError(await post('/agent/token', '<xml/>', { 'content-type': 'application/xml' }), 415, 'unsupported_media_type');
  });

  test('64 KB limit → 413', async () => {
    const big = `grant_type=${encodeURIComponent(GRANT)}&assertion=${'a'.repeat(64 * 1024)}`;
    await expectError(await post('/agent/token', big, { 'content-type': 'application/x-www-form-urlencoded' }), 413, 'payload_too_large');
  });

  test('GET → 405 with Allow: POST, OPTIONS', async () => {
    const response = await fetch(`${server.url}/agent/token`);
    assert.equal(response.status, 405);
    assert.equal(response.headers.get('allow'), 'POST, OPTIONS');
  });

  test('on a preview deploy the access token carries sandbox: true and is valid only under the sandbox', async () => {
    const previewConfig = { ...loadConfig({ ...process.env, SITE_PREVIEW: '1' }), jwtSecret: services.config.jwtSecret };
    assert.equal(previewConfig.preview, true);
    resetServices(services, { config: previewConfig, store: new MemoryStore(), now: Date.now });
    const { body: reg } = await register();
    const response = await postForm('/agent/token', { grant_type: GRANT, assertion: reg.identity_assertion });
    const token = tokenResponseSchema.parse(await response.json());
    assert.equal(decodeJwt(token.access_token).sandbox, true);
    const request = () => new Request(`${origin}/api/v1/`, { headers: { authorization: `Bearer ${token.access_token}` } });
    const outside = await authenticate(services, request(), { scope: 'site.read', sandbox: false });
    assert.ok(!outside.ok);
    const refused = refusalResponse(origin, outside.refusal);
    assert.equal(refused.status, 401);
    assert.equal(((await refused.json()) as { error: string }).error, 'invalid_token');
    const inside = await authenticate(services, request(), { scope: 'site.read', sandbox: true });
    assert.ok(inside.ok && inside.registrationId === reg.registration_id);
  });
});

describe('signing secret missing (Netlify without AGENT_JWT_SECRET)', () => {
  test('both POST routes answer 503 server_error; OPTIONS and 405 still work', async () => {
    const config = loadConfig({ NETLIFY: 'true', URL: origin, SITE_URL: origin });
    assert.equal(config.jwtSecret, undefined);
    resetServices(services, { config, store: new MemoryStore(), now: Date.now });
    await expectError(await postJson('/agent/identity', { type: 'anonymous' }), 503, 'server_error');
    await expectError(await postForm('/agent/token', { grant_type: GRANT, assertion: 'x' }), 503, 'server_error');
    assert.equal((await fetch(`${server.url}/agent/identity`, { method: 'OPTIONS' })).status, 204);
    assert.equal((await fetch(`${server.url}/agent/identity`)).status, 405);
  });
});

describe('Idempotency-Key over HTTP', () => {
  test('registration: same key + same body → same registration, Idempotency-Replayed: true', async () => {
    const key = `reg-${crypto.randomUUID()}`;
    const first = await register({ 'Idempotency-Key': key });
    assert.equal(first.response.headers.get('idempotency-replayed'), null);
    const replay = await post('/agent/identity', '{ "type" : "anonymous" }', { 'content-type': 'application/json', 'Idempotency-Key': key });
    assert.equal(replay.status, 200);
    assert.equal(replay.headers.get('idempotency-replayed'), 'true');
    assert.equal(replay.headers.get('cache-control'), 'no-store');
    assert.equal(replay.headers.get('access-control-allow-origin'), '*');
    assert.deepEqual(registrationSchema.parse(await replay.json()), first.body);
  });

  test('same key with another body → 422 idempotency_key_reuse', async () => {
    const key = `reg-${crypto.randomUUID()}`;
    await register({ 'Idempotency-Key': key });
    await expectError(await postJson('/agent/identity', { type: 'anonymous', nome: 'outro' }, { 'Idempotency-Key': key }), 422, 'idempotency_key_reuse');
  });

  test('invalid keys → 400 invalid_request (over 255, inner space, non-ASCII)', async () => {
    await expectError(await postJson('/agent/identity', { type: 'anonymous' }, { 'Idempotency-Key': 'k'.repeat(256) }), 400, 'invalid_request');
    await expectError(await postJson('/agent/identity', { type: 'anonymous' }, { 'Idempotency-Key': 'a b' }), 400, 'invalid_request');
    const latin1 = await fetch(`${server.url}/agent/identity`, {
      method: 'POST',
      body: '{"type":"anonymous"}',
      headers: { 'content-type': 'application/json', 'Idempotency-Key': 'a\u00e7\u00e3o' },
    });
    await expectError(latin1, 400, 'invalid_request');
    assert.equal((await postJson('/agent/identity', { type: 'anonymous' }, { 'Idempotency-Key': 'k'.repeat(255) })).status, 200);
  });

  test('failures are not stored: a corrected request with the same key issues', async () => {
    const key = `fix-${crypto.randomUUID()}`;
    await expectError(await postJson('/agent/identity', { type: 'service_auth' }, { 'Idempotency-Key': key }), 400, 'service_auth_not_enabled');
    // The failed body was not stored, so the key is still free for this (different) body.
    const fixed = await postJson('/agent/identity', { type: 'anonymous' }, { 'Idempotency-Key': key });
    assert.equal(fixed.status, 200);
    assert.equal(fixed.headers.get('idempotency-replayed'), null);
  });

  test('exchange: form and JSON spellings of the same fields replay the same token; record lives 1 h, not renewed', async () => {
    const { body: reg } = await register();
    const key = `tok-${crypto.randomUUID()}`;
    const first = await postForm('/agent/token', { grant_type: GRANT, assertion: reg.identity_assertion }, { 'Idempotency-Key': key });
    const firstToken = tokenResponseSchema.parse(await first.json());
    clock += 30 * 60_000;
    const replay = await postJson('/agent/token', { assertion: reg.identity_assertion, grant_type: GRANT }, { 'Idempotency-Key': key });
    assert.equal(replay.headers.get('idempotency-replayed'), 'true');
    assert.equal(replay.headers.get('pragma'), 'no-cache');
    assert.equal(tokenResponseSchema.parse(await replay.json()).access_token, firstToken.access_token);
    clock += 30 * 60_000; // 1 h after the first issue (the replay did not renew the record)
    const fresh = await postForm('/agent/token', { grant_type: GRANT, assertion: reg.identity_assertion }, { 'Idempotency-Key': key });
    assert.equal(fresh.status, 200);
    assert.equal(fresh.headers.get('idempotency-replayed'), null);
    assert.notEqual(tokenResponseSchema.parse(await fresh.json()).access_token, firstToken.access_token);
  });

  test('registration record lives 24 h', async () => {
    const key = `reg24-${crypto.randomUUID()}`;
    const first = await register({ 'Idempotency-Key': key });
    clock += 24 * 3600_000 - 1000;
    const replay = await postJson('/agent/identity', { type: 'anonymous' }, { 'Idempotency-Key': key });
    assert.equal(replay.headers.get('idempotency-replayed'), 'true');
    clock += 1000;
    const fresh = await postJson('/agent/identity', { type: 'anonymous' }, { 'Idempotency-Key': key });
    assert.equal(fresh.headers.get('idempotency-replayed'), null);
    assert.notEqual(registrationSchema.parse(await fresh.json()).registration_id, first.body.registration_id);
  });

  test('storage unavailable → Idempotency-Status: unsupported and a fresh credential each time', async () => {
    const broken: Store = {
      kind: 'upstash',
      get: () => Promise.reject(new StoreUnavailableError()),
      set: () => Promise.reject(new StoreUnavailableError()),
      hit: () => Promise.reject(new StoreUnavailableError()),
      delete: () => Promise.reject(new StoreUnavailableError()),
    };
    useClockRuntime(broken);
    const key = `down-${crypto.randomUUID()}`;
    const a = await register({ 'Idempotency-Key': key });
    const b = await register({ 'Idempotency-Key': key });
    assert.equal(a.response.headers.get('idempotency-status'), 'unsupported');
    assert.equal(b.response.headers.get('idempotency-status'), 'unsupported');
    assert.notEqual(a.body.registration_id, b.body.registration_id);
    const { body: reg } = await register();
    const t = await postForm('/agent/token', { grant_type: GRANT, assertion: reg.identity_assertion }, { 'Idempotency-Key': key });
    assert.equal(t.status, 200);
    assert.equal(t.headers.get('idempotency-status'), 'unsupported');
    // Without a key, nothing is said about idempotency.
    assert.equal((await register()).response.headers.get('idempotency-status'), null);
  });
});

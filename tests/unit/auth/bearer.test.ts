/**
 * Bearer authentication of the v1 API: success (v1 and sandbox), 401 missing_token and its challenge, 403 on a
 * missing scope, and the verified-token cache (honours exp, cleared when the secret changes). The attack
 * cases are in the table tests/attacks/jwt-cases.ts (run by tests/integration/jwt-attacks.test.ts).
 */
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { SignJWT, base64url } from 'jose';
import { type AuthenticateResult, authenticate, bearerChallenge, clearTokenCache, refusalResponse } from '../../../functions/auth/bearer.ts';
import { issueAccessToken, newRegistrationId } from '../../../functions/auth/tokens.ts';
import { loadConfig } from '../../../functions/config.ts';
import type { Services } from '../../../functions/context.ts';
import { testServices } from '../../helpers/services.ts';
import { MemoryStore } from '../../../functions/store/memory.ts';
import { siteOrigin } from '../../../src/config/site.ts';

const origin = siteOrigin();
const SECRET = 'segredo-de-teste-com-entropia-suficiente-0123456789';
let clock = Date.UTC(2026, 10, 22, 12, 0, 0);

let services: Services;
function useServices(secret = SECRET): void {
  const config = loadConfig({ ...process.env, SITE_URL: origin, AGENT_JWT_SECRET: secret, NETLIFY: undefined, CONTEXT: undefined });
  services = testServices({}, { config, store: new MemoryStore({ now: () => clock }), now: () => clock });
}

const request = (authorization?: string) => new Request(`${origin}/api/v1/paginas`, { headers: authorization === undefined ? {} : { authorization } });
const ctx = (over: Partial<{ origin: string; secret: string; now: number; sandbox: boolean }> = {}) => ({ origin, secret: SECRET, now: clock, sandbox: false, ...over });

/** The HTTP form the API gives a refusal (the result itself is a value). */
const responseOf = (result: AuthenticateResult): Response => {
  if (result.ok) throw new Error('esperava uma recusa');
  return refusalResponse(origin, result.refusal);
};

async function expectError(result: AuthenticateResult, status: number, code: string): Promise<Record<string, string>> {
  assert.equal(result.ok, false);
  if (result.ok) throw new Error('unreachable');
  assert.equal(result.refusal.error, code);
  const response = responseOf(result);
  assert.equal(response.status, status);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  const body = (await response.json()) as Record<string, string>;
  assert.equal(body.error, code);
  assert.equal(typeof body.error_description, 'string');
  assert.ok(body.error_description!.length > 10);
  return body;
}

async function expect401(result: AuthenticateResult, code: 'missing_token' | 'invalid_token'): Promise<void> {
  const body = await expectError(result, 401, code);
  assert.equal(body.auth, `${origin}/auth.md`);
  assert.equal(body.sandbox, `${origin}/api/v1/sandbox/`);
  if (result.ok) return;
  const challenge = responseOf(result).headers.get('www-authenticate') ?? '';
  assert.ok(
    challenge.startsWith(`Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource", scope="site.read prontidao.read"`),
    challenge,
  );
}

/** A JWT with arbitrary header and payload, signed with HS256 (or not at all). */
async function forge(header: Record<string, unknown>, payload: Record<string, unknown>, secret: string | null = SECRET): Promise<string> {
  if (secret !== null && header.alg === 'HS256') {
    return new SignJWT(payload).setProtectedHeader(header as { alg: string }).sign(new TextEncoder().encode(secret));
  }
  const enc = (v: unknown) => base64url.encode(JSON.stringify(v));
  return `${enc(header)}.${enc(payload)}.`;
}

const accessPayload = (over: Record<string, unknown> = {}) => ({
  iss: origin,
  aud: `${origin}/api/v1/`,
  sub: newRegistrationId(),
  typ: 'access',
  scope: 'site.read prontidao.read',
  iat: Math.floor(clock / 1000),
  exp: Math.floor(clock / 1000) + 3600,
  ...over,
});

beforeEach(() => {
  clearTokenCache();
  useServices();
});

describe('authenticate: success', () => {
  test('a valid access token passes with its registration_id and claims', async () => {
    const id = newRegistrationId();
    const { token } = await issueAccessToken(ctx(), id);
    const result = await authenticate(services, request(`Bearer ${token}`), { scope: 'site.read', sandbox: false });
    assert.ok(result.ok);
    assert.equal(result.registrationId, id);
    assert.equal(result.claims?.typ, 'access');
    assert.equal(result.claims?.iss, origin);
    assert.equal(result.claims?.aud, `${origin}/api/v1/`);
    assert.equal(result.claims?.scope, 'site.read prontidao.read');
    assert.equal(result.claims?.sandbox, undefined);
    // Scheme is case-insensitive (RFC 7235).
    assert.ok((await authenticate(services, request(`bearer ${token}`), { scope: 'prontidao.read', sandbox: false })).ok);
  });

  test('sandbox: no bearer is fine; a valid one is echoed; a preview token is accepted', async () => {
    const anonymous = await authenticate(services, request(), { scope: 'site.read', sandbox: true });
    assert.deepEqual(anonymous, { ok: true, registrationId: null, claims: null });
    const id = newRegistrationId();
    const preview = await issueAccessToken(ctx({ sandbox: true }), id);
    const result = await authenticate(services, request(`Bearer ${preview.token}`), { scope: 'site.read', sandbox: true });
    assert.ok(result.ok);
    assert.equal(result.registrationId, id);
    assert.equal(result.claims?.sandbox, true);
  });
});

describe('authenticate: 401 missing_token', () => {
  test('no Authorization header', async () => {
    await expect401(await authenticate(services, request(), { scope: 'site.read', sandbox: false }), 'missing_token');
  });
  test('another scheme is not a bearer (Basic)', async () => {
    await expect401(await authenticate(services, request('Basic dXNlcjpwYXNz'), { scope: 'site.read', sandbox: false }), 'missing_token');
  });
  test('the challenge is exactly the contract’s header', async () => {
    const result = await authenticate(services, request(), { scope: 'site.read', sandbox: false });
    assert.ok(!result.ok);
    assert.equal(
      responseOf(result).headers.get('www-authenticate'),
      `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource", scope="site.read prontidao.read"`,
    );
    assert.equal(bearerChallenge(origin), responseOf(result).headers.get('www-authenticate'));
  });
});

// The JWT attack cases (alg none, key confusion, tampering, expiry, iss/aud/typ, preview tokens, rotation…)
// live in one table, tests/attacks/jwt-cases.ts, run through the server by tests/integration/jwt-attacks.test.ts.

describe('authenticate: the verified-token cache', () => {
  const check = async (token: string) => expect401(await authenticate(services, request(`Bearer ${token}`), { scope: 'site.read', sandbox: false }), 'invalid_token');

  test('a cached token is refused once its exp has passed', async () => {
    const { token } = await issueAccessToken(ctx(), newRegistrationId());
    assert.ok((await authenticate(services, request(`Bearer ${token}`), { scope: 'site.read', sandbox: false })).ok);
    clock += 3601_000;
    try {
      await check(token);
    } finally {
      clock -= 3601_000;
    }
  });

  test('rotating the secret invalidates every token at once (the cache too)', async () => {
    const { token } = await issueAccessToken(ctx(), newRegistrationId());
    assert.ok((await authenticate(services, request(`Bearer ${token}`), { scope: 'site.read', sandbox: false })).ok);
    useServices('novo-segredo-novo-segredo-novo-segredo');
    await check(token);
  });
});

describe('authenticate: 403 insufficient_scope', () => {
  test('a token without prontidao.read on the readiness route', async () => {
    const token = await forge({ alg: 'HS256' }, accessPayload({ scope: 'site.read' }));
    assert.ok((await authenticate(services, request(`Bearer ${token}`), { scope: 'site.read', sandbox: false })).ok);
    const result = await authenticate(services, request(`Bearer ${token}`), { scope: 'prontidao.read', sandbox: false });
    const body = await expectError(result, 403, 'insufficient_scope');
    assert.equal(body.auth, undefined);
    assert.ok(!result.ok);
    const challenge = responseOf(result).headers.get('www-authenticate') ?? '';
    assert.match(challenge, /^Bearer /);
    assert.match(challenge, /error="insufficient_scope"/);
    assert.match(challenge, /scope="prontidao\.read"/);
  });
});

describe('verification is cheap', () => {
  test('a cached token verifies in well under 0.1 ms', async () => {
    const { token } = await issueAccessToken(ctx(), newRegistrationId());
    const req = request(`Bearer ${token}`);
    await authenticate(services, req, { scope: 'site.read', sandbox: false });
    const n = 20_000;
    const started = performance.now();
    for (let i = 0; i < n; i++) await authenticate(services, req, { scope: 'site.read', sandbox: false });
    const perCall = (performance.now() - started) / n;
    assert.ok(perCall < 0.1, `${(perCall * 1000).toFixed(1)} µs por verificação`);
  });
});

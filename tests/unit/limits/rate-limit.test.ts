/**
 * Fixed-window rate limits: the five headers (both forms parsed with structured-headers carry the same
 * numbers), the 429 `rate_limited` with Retry-After, the window turning, quotas per policy and from the
 * environment, fail-open when the store fails, and the hashed client key.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseList } from 'structured-headers';
import { loadConfig } from '../../../functions/config.ts';
import { clientKey, rateLimit, rateLimitedResponse, withHeaders } from '../../../functions/limits/rate-limit.ts';
import type { Services } from '../../../functions/context.ts';
import { testContext, testServices } from '../../helpers/services.ts';
import { MemoryStore } from '../../../functions/store/memory.ts';
import type { Store } from '../../../functions/store/types.ts';
import { unavailableStore } from '../../helpers/stores.ts';

let clock = Date.UTC(2026, 10, 22, 12, 0, 0);
const env = (extra: Record<string, string> = {}) => loadConfig({ SITE_URL: 'http://localhost:8890', AGENT_JWT_SECRET: 's'.repeat(32), ...extra });

let services: Services;
function use(store: Store = new MemoryStore({ now: () => clock }), extra: Record<string, string> = {}): void {
  services = testServices({}, { config: env(extra), store, now: () => clock });
}

interface Parsed {
  limit: number;
  remaining: number;
  reset: number;
  policy: { name: string; q: number; w: number };
  state: { name: string; r: number; t: number };
}

/** Parses the five headers, checking types and that both forms agree. */
function parseRateLimit(headers: Headers): Parsed {
  const int = (name: string) => {
    const raw = headers.get(name);
    assert.ok(raw !== null && /^\d+$/.test(raw), `${name}: ${raw}`);
    return Number(raw);
  };
  const policyList = parseList(headers.get('ratelimit-policy') ?? '');
  const stateList = parseList(headers.get('ratelimit') ?? '');
  assert.equal(policyList.length, 1);
  assert.equal(stateList.length, 1);
  const [policyName, policyParams] = policyList[0] as [unknown, Map<string, unknown>];
  const [stateName, stateParams] = stateList[0] as [unknown, Map<string, unknown>];
  assert.equal(typeof policyName, 'string', 'nome da política é uma String estruturada');
  assert.equal(stateName, policyName);
  const parsed: Parsed = {
    limit: int('ratelimit-limit'),
    remaining: int('ratelimit-remaining'),
    reset: int('ratelimit-reset'),
    policy: { name: policyName as string, q: policyParams.get('q') as number, w: policyParams.get('w') as number },
    state: { name: stateName as string, r: stateParams.get('r') as number, t: stateParams.get('t') as number },
  };
  assert.ok(parsed.limit >= 1);
  assert.ok(parsed.reset >= 1);
  assert.equal(parsed.policy.q, parsed.limit, 'q = RateLimit-Limit');
  assert.equal(parsed.state.r, parsed.remaining, 'r = RateLimit-Remaining');
  assert.equal(parsed.state.t, parsed.reset, 't = RateLimit-Reset');
  return parsed;
}

describe('rate limit headers', () => {
  test('policy v1: 120 per 60 s, the exact structured fields', async () => {
    use();
    const { headers, limited } = await rateLimit(services, 'v1', 'reg_aaaaaaaaaaaaaaaaaaaa');
    assert.equal(limited, null);
    assert.equal(headers.get('ratelimit-policy'), '"v1";q=120;w=60');
    assert.equal(headers.get('ratelimit'), '"v1";r=119;t=60');
    const p = parseRateLimit(headers);
    assert.deepEqual([p.limit, p.remaining, p.reset, p.policy.w], [120, 119, 60, 60]);
  });

  test('policy v1-public: 60 per 60 s', async () => {
    use();
    const { headers } = await rateLimit(testContext(services, '203.0.113.7'), 'v1-public');
    assert.equal(headers.get('ratelimit-policy'), '"v1-public";q=60;w=60');
    const p = parseRateLimit(headers);
    assert.deepEqual([p.limit, p.remaining], [60, 59]);
  });

  test('remaining counts down, reset follows the fixed window', async () => {
    use();
    await rateLimit(services, 'v1', 'k');
    clock += 20_000;
    const { headers } = await rateLimit(services, 'v1', 'k');
    const p = parseRateLimit(headers);
    assert.equal(p.remaining, 118);
    assert.equal(p.reset, 40);
    clock -= 20_000;
  });
});

describe('over quota', () => {
  test('the 121st request in the window is 429 rate_limited with Retry-After and the same headers', async () => {
    use();
    for (let i = 0; i < 120; i++) assert.equal((await rateLimit(services, 'v1', 'busy')).limited, null, `requisição ${i + 1}`);
    clock += 15_000;
    const result = await rateLimit(services, 'v1', 'busy');
    const { headers } = result;
    assert.ok(result.limited);
    assert.deepEqual(result.limited, { policy: 'v1', limit: 120, windowSeconds: 60, retryAfterSeconds: 45 });
    // The API's HTTP form of the spent quota.
    const limited = rateLimitedResponse(result.headers, result.limited);
    assert.equal(limited.status, 429);
    const body = (await limited.json()) as { error: string; error_description: string };
    assert.equal(body.error, 'rate_limited');
    assert.ok(body.error_description.length > 10);
    const p = parseRateLimit(limited.headers);
    assert.equal(p.remaining, 0);
    assert.equal(p.reset, 45);
    assert.equal(limited.headers.get('retry-after'), '45');
    assert.equal(headers.get('ratelimit-remaining'), '0');
    // Other keys are not affected.
    assert.equal((await rateLimit(services, 'v1', 'calm')).limited, null);
    // After Retry-After the window has turned: no cumulative penalty.
    clock += 45_000;
    const next = await rateLimit(services, 'v1', 'busy');
    assert.equal(next.limited, null);
    assert.equal(parseRateLimit(next.headers).remaining, 119);
    clock -= 60_000;
  });

  test('quotas can be raised by the environment (benchmarks); defaults are the contract’s', async () => {
    assert.deepEqual(env().rateLimits, { v1: 120, 'v1-public': 60 });
    use(undefined, { RATE_LIMIT_V1: '1000000', RATE_LIMIT_PUBLIC: '5000' });
    assert.equal((await rateLimit(services, 'v1', 'x')).headers.get('ratelimit-policy'), '"v1";q=1000000;w=60');
    assert.equal((await rateLimit(testContext(services, '203.0.113.7'), 'v1-public')).headers.get('ratelimit-limit'), '5000');
  });
});

describe('fail open', () => {
  test('a failing store lets the request through with full-quota headers', async () => {
    const broken = unavailableStore('upstash', new Error('ECONNREFUSED'));
    use(broken);
    const { headers, limited } = await rateLimit(services, 'v1', 'k');
    assert.equal(limited, null);
    const p = parseRateLimit(headers);
    assert.deepEqual([p.limit, p.remaining, p.reset], [120, 120, 60]);
  });
});

describe('helpers', () => {
  test('clientKey hashes the address with the salt (never the address itself)', () => {
    use(undefined, { RATE_LIMIT_SALT: 'sal-a' });
    const a = clientKey(services, '203.0.113.7');
    assert.match(a, /^[A-Za-z0-9_-]{32}$/);
    assert.ok(!a.includes('203'));
    assert.equal(clientKey(services, '203.0.113.7'), a);
    assert.notEqual(clientKey(services, '203.0.113.8'), a);
    use(undefined, { RATE_LIMIT_SALT: 'sal-b' });
    assert.notEqual(clientKey(services, '203.0.113.7'), a);
  });

  test('withHeaders merges into mutable and immutable responses', async () => {
    const h = new Headers({ 'RateLimit-Limit': '5' });
    const mutable = withHeaders(Response.json({ a: 1 }), h);
    assert.equal(mutable.headers.get('ratelimit-limit'), '5');
    const immutable = withHeaders(Response.redirect('http://localhost/x', 302), h);
    assert.equal(immutable.headers.get('ratelimit-limit'), '5');
    assert.equal(immutable.status, 302);
  });
});

/**
 * Agent authentication, in-process (no HTTP): registrations and token exchanges per second through the real
 * handler (embedded store, no Idempotency-Key and with one), the cost of verifying an access token cold
 * (jose HS256) and from the verified-token cache (what every v1 request pays), and a rate-limit hit.
 */
import { authenticate, clearTokenCache } from '../functions/auth/bearer.ts';
import { app } from '../functions/app.ts';
import { issueAccessToken, newRegistrationId, verifyToken } from '../functions/auth/tokens.ts';
import { loadConfig } from '../functions/config.ts';
import { rateLimit } from '../functions/limits/rate-limit.ts';
import { createServices, requestContext } from '../functions/services.ts';
import { MemoryStore } from '../functions/store/memory.ts';
import type { BenchRow } from './types.ts';

const GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** Runs `op` repeatedly for about `ms` milliseconds (after a warm-up); returns operations per second. */
async function throughput(op: (i: number) => Promise<unknown>, ms = 1500): Promise<number> {
  for (let i = 0; i < 200; i++) await op(i);
  let n = 0;
  const started = performance.now();
  while (performance.now() - started < ms) {
    for (let j = 0; j < 50; j++) await op(n++);
  }
  return n / ((performance.now() - started) / 1000);
}

export async function run(): Promise<BenchRow[]> {
  const config = loadConfig({ ...process.env, AGENT_JWT_SECRET: 'segredo-de-benchmark-0123456789abcdef', RATE_LIMIT_V1: '1000000000' });
  const context = requestContext(createServices(process.env, { config, store: new MemoryStore({ maxKeys: 1_000_000 }), now: Date.now }), '127.0.0.1');
  const origin = config.origin;
  try {
    const identity = (key?: string) =>
      app.fetch(
        new Request(`${origin}/agent/identity`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
          body: '{"type":"anonymous"}',
        }),
        context,
      );
    const registration = (await (await identity()).json()) as { identity_assertion: string };
    const form = `grant_type=${encodeURIComponent(GRANT)}&assertion=${registration.identity_assertion}&resource=${encodeURIComponent(`${origin}/api/v1/`)}`;
    const exchange = (key?: string) =>
      app.fetch(
        new Request(`${origin}/agent/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...(key ? { 'idempotency-key': key } : {}) },
          body: form,
        }),
        context,
      );
    const check = async (response: Promise<Response>) => {
      const r = await response;
      if (r.status !== 200) throw new Error(`status ${r.status}: ${await r.text()}`);
      await r.arrayBuffer();
    };

    const registrations = await throughput(() => check(identity()));
    const exchanges = await throughput(() => check(exchange()));
    const exchangesIdempotent = await throughput((i) => check(exchange(`bench-${i}`)));
    const replays = await throughput(() => check(exchange('bench-replay')));

    // Verification: cold (jose) vs cached (what authenticate() pays on every v1 request after the first).
    const tokens = await Promise.all(
      Array.from({ length: 2_000 }, () => issueAccessToken({ origin, secret: config.jwtSecret!, now: Date.now(), sandbox: false }, newRegistrationId())),
    );
    const ctx = { origin, secret: config.jwtSecret!, now: Date.now() };
    const coldPerSecond = await throughput((i) => verifyToken(tokens[i % tokens.length]!.token, 'access', ctx));
    clearTokenCache();
    const requests = tokens.map(({ token }) => new Request(`${origin}/api/v1/`, { headers: { authorization: `Bearer ${token}` } }));
    const cachedPerSecond = await throughput(async (i) => {
      const result = await authenticate(context, requests[i % requests.length]!, { scope: 'site.read', sandbox: false });
      if (!result.ok) throw new Error('token recusado');
    });
    const limitPerSecond = await throughput((i) => rateLimit(context, 'v1', `reg_${i % 1000}`));

    const us = (perSecond: number) => Math.round((1e6 / perSecond) * 10) / 10;
    const round = (n: number) => Math.round(n);
    return [
      { area: 'auth', metric: 'registros POST /agent/identity (em processo)', value: round(registrations), unit: 'req/s' },
      { area: 'auth', metric: 'trocas POST /agent/token (em processo)', value: round(exchanges), unit: 'req/s' },
      { area: 'auth', metric: 'trocas com Idempotency-Key nova (em processo)', value: round(exchangesIdempotent), unit: 'req/s' },
      { area: 'auth', metric: 'repetições idempotentes da troca (em processo)', value: round(replays), unit: 'req/s' },
      { area: 'auth', metric: 'verificação de token a frio (jose HS256)', value: us(coldPerSecond), unit: 'µs', target: '≤ 100 µs', ok: us(coldPerSecond) <= 100 },
      { area: 'auth', metric: 'authenticate() com token já verificado (cache)', value: us(cachedPerSecond), unit: 'µs', target: '≤ 100 µs', ok: us(cachedPerSecond) <= 100 },
      { area: 'auth', metric: 'rateLimit() com armazenamento embutido', value: us(limitPerSecond), unit: 'µs' },
    ];
  } finally {
    clearTokenCache();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await run());

/** The embedded store's own guarantees beyond the shared contract: expiry on a moving clock, sweeping, the key cap. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { idempotent, recordKey } from '../../../functions/auth/idempotency.ts';
import { loadConfig } from '../../../functions/config.ts';
import { rateLimit } from '../../../functions/limits/rate-limit.ts';
import { passGate } from '../../../functions/readiness/gate.ts';
import { testContext, testServices } from '../../helpers/services.ts';
import { MemoryStore } from '../../../functions/store/memory.ts';

test('expiry follows the clock exactly; hit windows too', async () => {
  let clock = 1_000_000;
  const store = new MemoryStore({ now: () => clock });
  await store.set('a', { v: 1 }, { ttlSeconds: 10 });
  clock += 9_999;
  assert.deepEqual(await store.get('a'), { v: 1 });
  clock += 1;
  assert.equal(await store.get('a'), null);
  assert.deepEqual(await store.hit('w', 60), { count: 1, resetSeconds: 60 });
  clock += 59_500;
  assert.deepEqual(await store.hit('w', 60), { count: 2, resetSeconds: 1 });
  clock += 500;
  assert.deepEqual(await store.hit('w', 60), { count: 1, resetSeconds: 60 });
});

test('values are copies: mutating what was stored or read does not change the store', async () => {
  const store = new MemoryStore();
  const value = { list: [1] };
  await store.set('k', value);
  value.list.push(2);
  const read = await store.get<{ list: number[] }>('k');
  read!.list.push(3);
  assert.deepEqual(await store.get('k'), { list: [1] });
});

test('expired keys are swept without being read (bounded memory under key churn)', async () => {
  let clock = 0;
  const store = new MemoryStore({ now: () => clock });
  for (let i = 0; i < 5_000; i++) await store.hit(`client-${i}`, 60);
  assert.equal(store.size, 5_000);
  clock += 61_000;
  for (let i = 0; i < 1_000; i++) await store.hit(`new-${i}`, 60); // a sweep runs every 1 000 writes
  assert.equal(store.size, 1_000);
  assert.equal(store.sweep(), 0);
});

test('the key cap evicts the oldest writes', async () => {
  const store = new MemoryStore({ maxKeys: 100 });
  for (let i = 0; i < 150; i++) await store.set(`k${i}`, i);
  assert.equal(store.size, 100);
  assert.equal(await store.get('k0'), null);
  assert.equal(await store.get('k149'), 149);
});

test('unmetered writes (idempotency records of fresh registrations) never evict counters, limits or readings', async () => {
  const clock = 1_000_000;
  const store = new MemoryStore({ now: () => clock, maxKeys: 100 });
  const reading = { dominio: 'exemplo.com.br', estado: 'registrada' };
  await store.set('readiness:reading:exemplo.com.br', reading, { ttlSeconds: 180 * 24 * 3600 });
  await store.set('readiness:visitor-start:v1', clock, { ttlSeconds: 86_400 });
  await store.hit('readiness:visitor:v1', 86_400);
  await store.hit('readiness:gate', 60);
  await store.hit('rl:v1-public:cliente', 60, { budget: 'client' });
  // Ten times the cap of anonymous registrations, each with a fresh Idempotency-Key, through the real path.
  for (let i = 0; i < 1_000; i++) {
    const response = await idempotent({
      store,
      route: 'identity',
      scope: `addr:cliente-${i % 7}`,
      key: `chave-${i}`,
      fingerprint: 'f',
      ttlSeconds: 86_400,
      now: clock,
      execute: async () => new Response('{"ok":true}', { status: 201, headers: { 'content-type': 'application/json' } }),
    });
    assert.equal(response.status, 201);
  }
  assert.equal(store.sizeOf('replay'), 100, 'the replay budget stays at its own cap');
  assert.deepEqual(await store.get('readiness:reading:exemplo.com.br'), reading);
  assert.equal(await store.get('readiness:visitor-start:v1'), clock);
  assert.equal(await store.get('readiness:visitor:v1'), 1);
  assert.equal((await store.hit('readiness:gate', 60)).count, 2);
  assert.equal((await store.hit('rl:v1-public:cliente', 60, { budget: 'client' })).count, 2);
  // The newest records are still replayed; the oldest were dropped (a retry with them is simply executed again).
  assert.notEqual(await store.get(recordKey('identity', `addr:cliente-${999 % 7}`, 'chave-999')), null);
});

test('rate-limit windows of fresh registrations and addresses never evict readings, gate or visitor counters', async () => {
  const store = new MemoryStore({ maxKeys: 100 });
  const services = testServices({}, { store, config: loadConfig({ SITE_URL: 'https://sinal.exemplo.com.br', AGENT_JWT_SECRET: 'x'.repeat(32) }) });
  {
    await store.set('readiness:reading:exemplo.com.br', { nota: 91 });
    await store.hit('readiness:gate', 60);
    await store.hit('readiness:visitor:v1', 86_400);
    // Registrations are free and addresses plentiful: a thousand fresh identities, one request each, through the real limiter.
    for (let i = 0; i < 500; i++) await rateLimit(services, 'v1', `reg_${i}`);
    // (One client per IPv6 /64: five hundred networks.)
    for (let i = 0; i < 500; i++) await rateLimit(testContext(services, `2001:db8:${i.toString(16)}::1`), 'v1-public');
    // And the instrument's per-client share counters of as many clients.
    for (let i = 0; i < 500; i++) await passGate(testContext(services, `2001:db8:1:${i.toString(16)}::1`));
    assert.equal(store.sizeOf('client'), 100);
    assert.deepEqual(await store.get('readiness:reading:exemplo.com.br'), { nota: 91 });
    assert.equal(await store.get('readiness:visitor:v1'), 1);
    assert.equal(await store.get('readiness:gate'), 501, 'the shared gate counter kept counting');
  }
});

test('invalid arguments are programming errors (thrown), not silent', async () => {
  const store = new MemoryStore();
  await assert.rejects(store.set('k', undefined), TypeError);
  await assert.rejects(store.set('k', 1, { ttlSeconds: 0 }), RangeError);
  await assert.rejects(store.hit('k', 0), RangeError);
  await assert.rejects(store.set('k', 1, { budget: 'counter' as never }), RangeError);
  await assert.rejects(store.hit('k', 60, { budget: 'counter' as never }), RangeError);
});

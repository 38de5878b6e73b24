/**
 * The storage contract (functions/store/types.ts), one suite run against both implementations: the embedded
 * in-memory store and the Upstash store — the real `@upstash/redis` client talking to a real `redis-server`
 * through the REST bridge of tests/helpers/redis.ts. Plus the Upstash failure modes: a frozen Redis, a wrong
 * token and an unreachable URL all become `StoreUnavailableError`, fast.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, test } from 'node:test';
import { app } from '../../functions/app.ts';
import { loadConfig } from '../../functions/config.ts';
import { rateLimit } from '../../functions/limits/rate-limit.ts';
import { createStore } from '../../functions/store/index.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import { SQLITE_FILE, SqliteStore } from '../../functions/store/sqlite.ts';
import { type Store, StoreDataError, StoreUnavailableError } from '../../functions/store/types.ts';
import { UpstashStore } from '../../functions/store/upstash.ts';
import { type RedisBridge, redisUnavailable, startRedisBridge } from '../helpers/redis.ts';
import { resetServices, testContext, testServices } from '../helpers/services.ts';

/** This file's own services: every server it starts serves with them. */
const services = testServices();

/**
 * A store under test and how time passes for it: the embedded stores read an injected clock, which `elapse`
 * moves; Redis keeps its own clock, so `elapse` moves every key's expiry that much earlier (tests/helpers/redis.ts).
 */
interface TimedStore {
  store: Store;
  elapse(ms: number): Promise<void>;
}

/** A clock for the embedded stores, moved by hand. */
function manualClock(): { now: () => number; elapse(ms: number): Promise<void> } {
  let clock = Date.now();
  return {
    now: () => clock,
    elapse: async (ms) => {
      clock += ms;
    },
  };
}

function contractSuite(name: string, make: () => TimedStore, skip: false | string = false): void {
  describe(`store contract: ${name}`, { skip }, () => {
    let store: Store;
    let elapse: TimedStore['elapse'];
    let prefix: string;
    before(() => {
      ({ store, elapse } = make());
      prefix = `t-${randomBytes(6).toString('hex')}:`;
    });
    const k = (key: string) => prefix + key;

    test('get of a missing key is null', async () => {
      assert.equal(await store.get(k('missing')), null);
    });

    test('set/get round-trips JSON values (strings stay strings)', async () => {
      const values: unknown[] = [
        { a: 1, b: [true, null, 'x'], nested: { ç: 'ação 🚀' } },
        'texto com acento: ã é ü 🚀',
        '123',
        'OK',
        42,
        0,
        false,
        [1, '2', { three: 3 }],
      ];
      for (const [i, value] of values.entries()) {
        assert.equal(await store.set(k(`v${i}`), value), true);
        assert.deepEqual(await store.get(k(`v${i}`)), value, `valor ${i}`);
      }
    });

    test('set overwrites; ifAbsent writes only when the key does not exist', async () => {
      await store.set(k('o'), { n: 1 });
      await store.set(k('o'), { n: 2 });
      assert.deepEqual(await store.get(k('o')), { n: 2 });
      assert.equal(await store.set(k('o'), { n: 3 }, { ifAbsent: true }), false);
      assert.deepEqual(await store.get(k('o')), { n: 2 });
      assert.equal(await store.set(k('fresh'), 'first', { ifAbsent: true }), true);
      assert.equal(await store.get(k('fresh')), 'first');
    });

    test('ttlSeconds expires the value; ifAbsent succeeds again after expiry; no ttl persists', async () => {
      await store.set(k('ttl'), 'short', { ttlSeconds: 1 });
      await store.set(k('forever'), 'long');
      assert.equal(await store.get(k('ttl')), 'short');
      await elapse(1_150);
      assert.equal(await store.get(k('ttl')), null);
      assert.equal(await store.get(k('forever')), 'long');
      assert.equal(await store.set(k('ttl'), 'again', { ttlSeconds: 60, ifAbsent: true }), true);
      assert.equal(await store.get(k('ttl')), 'again');
    });

    test('hit counts in a fixed window and reports the seconds to reset', async () => {
      const first = await store.hit(k('h'), 60);
      assert.equal(first.count, 1);
      assert.ok(first.resetSeconds >= 59 && first.resetSeconds <= 60, `reset ${first.resetSeconds}`);
      const second = await store.hit(k('h'), 60);
      assert.equal(second.count, 2);
      assert.ok(second.resetSeconds >= 1 && second.resetSeconds <= first.resetSeconds);
      const other = await store.hit(k('h2'), 60);
      assert.equal(other.count, 1, 'chaves independentes');
    });

    test('the window turns: after it ends the count starts again at 1', async () => {
      assert.equal((await store.hit(k('w'), 1)).count, 1);
      assert.equal((await store.hit(k('w'), 1)).count, 2);
      await elapse(1_150);
      const next = await store.hit(k('w'), 1);
      assert.equal(next.count, 1);
      assert.equal(next.resetSeconds, 1);
    });

    test('concurrent hits are all counted (atomic increment)', async () => {
      const results = await Promise.all(Array.from({ length: 25 }, () => store.hit(k('c'), 60)));
      assert.deepEqual(
        results.map((r) => r.count).sort((a, b) => a - b),
        Array.from({ length: 25 }, (_, i) => i + 1),
      );
    });

    test('budgets share one key space: replay records round-trip (ifAbsent, ttl, overwrite), client counters count', async () => {
      assert.equal(await store.set(k('r'), { rec: 1 }, { budget: 'replay', ifAbsent: true, ttlSeconds: 60 }), true);
      assert.deepEqual(await store.get(k('r')), { rec: 1 });
      assert.equal(await store.set(k('r'), { rec: 2 }, { budget: 'replay', ifAbsent: true }), false);
      assert.equal(await store.set(k('r'), { rec: 3 }), true);
      assert.deepEqual(await store.get(k('r')), { rec: 3 });
      await store.delete(k('r'));
      assert.equal(await store.get(k('r')), null);
      // A counter of the client budget counts like any other, in the same key space.
      assert.equal((await store.hit(k('budget-client'), 60, { budget: 'client' })).count, 1);
      assert.equal((await store.hit(k('budget-client'), 60)).count, 2);
    });

    test('delete removes a key (and a missing key is not an error)', async () => {
      await store.set(k('d'), 'x');
      await store.delete(k('d'));
      assert.equal(await store.get(k('d')), null);
      await store.delete(k('never-set'));
      await store.hit(k('dh'), 60);
      await store.delete(k('dh'));
      assert.equal((await store.hit(k('dh'), 60)).count, 1);
    });
  });
}

/**
 * The replay budget (issue: registrations starving leads): idempotency records anyone can mint have a cap of
 * their own in every store, the oldest go first, and nothing else is evicted or refused because of them.
 */
function replayBudgetSuite(name: string, make: (budget: number) => Store, skip: false | string = false): void {
  describe(`replay budget: ${name}`, { skip }, () => {
    test('replay records beyond the budget evict the oldest first; a lead and a counter are neither evicted nor refused', async () => {
      const store = make(5);
      const prefix = `orc-${randomBytes(4).toString('hex')}:`;
      await store.set(`${prefix}contato:lead:1`, { nome: 'Ana' });
      assert.equal((await store.hit(`${prefix}contato:seq`, 3600)).count, 1);
      for (let i = 0; i < 12; i++) assert.equal(await store.set(`${prefix}idem:${i}`, { i }, { budget: 'replay', ifAbsent: true, ttlSeconds: 3600 }), true, `registro ${i}`);
      for (let i = 0; i < 7; i++) assert.equal(await store.get(`${prefix}idem:${i}`), null, `o registro ${i} saiu`);
      for (let i = 7; i < 12; i++) assert.deepEqual(await store.get(`${prefix}idem:${i}`), { i }, `o registro ${i} ficou`);
      assert.deepEqual(await store.get(`${prefix}contato:lead:1`), { nome: 'Ana' });
      assert.equal((await store.hit(`${prefix}contato:seq`, 3600)).count, 2);
      assert.equal(await store.set(`${prefix}contato:lead:2`, { nome: 'Bia' }), true);
    });
  });
}

replayBudgetSuite('memory', (budget) => new MemoryStore({ maxKeys: budget }));
// Made when the test runs: sqliteDir (below) exists by then and is removed after.
replayBudgetSuite('sqlite', (budget) => new SqliteStore({ dir: join(sqliteDir, `orcamento-${randomBytes(4).toString('hex')}`), replayBudget: budget }));

contractSuite('memory', () => {
  const clock = manualClock();
  return { store: new MemoryStore({ now: clock.now }), elapse: clock.elapse };
});

const sqliteDir = mkdtempSync(join(tmpdir(), 'store-sqlite-'));
after(() => rmSync(sqliteDir, { recursive: true, force: true }));
contractSuite('sqlite (node:sqlite, file under a data folder)', () => {
  const clock = manualClock();
  return { store: new SqliteStore({ dir: sqliteDir, now: clock.now }), elapse: clock.elapse };
});

describe('sqlite store persistence', () => {
  test('what one instance wrote, a new instance on the same folder reads (a restart); expiry survives too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-sqlite-restart-'));
    const clock = manualClock();
    try {
      const first = new SqliteStore({ dir, now: clock.now });
      await first.set('lead', { nome: 'Ana', ç: 'ação' });
      await first.set('short', 'x', { ttlSeconds: 1 });
      assert.equal((await first.hit('seq', 3600)).count, 1);
      first.close();
      const second = new SqliteStore({ dir, now: clock.now });
      assert.deepEqual(await second.get('lead'), { nome: 'Ana', ç: 'ação' });
      assert.equal((await second.hit('seq', 3600)).count, 2);
      await clock.elapse(1_100);
      assert.equal(await second.get('short'), null);
      second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('an unusable folder (below a regular file) is StoreUnavailableError', () => {
    const file = join(sqliteDir, 'um-arquivo');
    writeFileSync(file, 'x');
    assert.throws(() => new SqliteStore({ dir: join(file, 'dados') }), StoreUnavailableError);
  });
});

const skipRedis = redisUnavailable();
let bridge: RedisBridge | undefined;
before(async () => {
  if (!skipRedis) bridge = await startRedisBridge();
});
after(async () => {
  await bridge?.stop();
});

contractSuite('upstash (real @upstash/redis → REST bridge → redis-server)', () => {
  assert.ok(bridge);
  const redis = bridge;
  return { store: new UpstashStore({ url: redis.url, token: redis.token }), elapse: (ms) => redis.elapse(ms) };
}, skipRedis);

replayBudgetSuite('upstash', (budget) => {
  assert.ok(bridge);
  // Its own prefix: the replay index is one per prefix, and other suites write replay records too.
  return new UpstashStore({ url: bridge.url, token: bridge.token, prefix: `orc-${randomBytes(4).toString('hex')}:`, replayBudget: budget });
}, skipRedis);

describe('a damaged value is StoreDataError naming its key (the store itself works)', () => {
  test('sqlite: a row that is not JSON', async () => {
    const dir = join(sqliteDir, `danificado-${randomBytes(4).toString('hex')}`);
    const store = new SqliteStore({ dir });
    await store.set('contato:lead:1', { nome: 'Ana' });
    await store.set('contato:lead:2', { nome: 'Bia' });
    const raw = new DatabaseSync(join(dir, SQLITE_FILE));
    raw.prepare('UPDATE kv SET value = ? WHERE key = ?').run('{"nome": "Bi', 'contato:lead:2');
    raw.close();
    await assert.rejects(store.get('contato:lead:2'), (error: unknown) => error instanceof StoreDataError && error.key === 'contato:lead:2');
    assert.deepEqual(await store.get('contato:lead:1'), { nome: 'Ana' });
    store.close();
  });

  test('upstash: a value that is not JSON, and a value of another Redis type', { skip: skipRedis }, async () => {
    assert.ok(bridge);
    const prefix = `danificado-${randomBytes(4).toString('hex')}:`;
    const store = new UpstashStore({ url: bridge.url, token: bridge.token, prefix });
    await store.set('ok', { nome: 'Ana' });
    await bridge.command(['SET', `${prefix}texto`, '{"nome": "Bi']);
    await bridge.command(['HSET', `${prefix}hash`, 'campo', 'valor']);
    for (const key of ['texto', 'hash']) await assert.rejects(store.get(key), (error: unknown) => error instanceof StoreDataError && error.key === key, key);
    assert.deepEqual(await store.get('ok'), { nome: 'Ana' });
  });
});

describe('upstash failure modes', { skip: skipRedis }, () => {
  test('the store really goes through the bridge', async () => {
    assert.ok(bridge);
    const before = bridge.requests();
    const store = new UpstashStore({ url: bridge.url, token: bridge.token });
    assert.equal(store.kind, 'upstash');
    await store.set('probe', { ok: true });
    assert.ok(bridge.requests() > before);
  });

  test('a frozen Redis gives StoreUnavailableError after the short timeout, and the store recovers', async () => {
    assert.ok(bridge);
    const store = new UpstashStore({ url: bridge.url, token: bridge.token, timeoutMs: 300 });
    await store.set('frozen', 1);
    bridge.pauseRedis();
    try {
      for (const op of [() => store.get('frozen'), () => store.hit('frozen-hit', 60), () => store.set('frozen', 2)]) {
        const started = performance.now();
        await assert.rejects(op(), StoreUnavailableError);
        const elapsed = performance.now() - started;
        assert.ok(elapsed < 1_000, `falhou em ${elapsed.toFixed(0)} ms`);
      }
    } finally {
      bridge.resumeRedis();
    }
    // A write aborted by the client may still land once Redis wakes up; the store simply works again.
    await store.set('frozen', 3);
    assert.equal(await store.get('frozen'), 3);
  });

  test('the default timeout stays short (≤ 1.5 s)', async () => {
    assert.ok(bridge);
    const store = new UpstashStore({ url: bridge.url, token: bridge.token });
    bridge.pauseRedis();
    try {
      const started = performance.now();
      await assert.rejects(store.get('x'), StoreUnavailableError);
      const elapsed = performance.now() - started;
      assert.ok(elapsed >= 1_000 && elapsed < 2_500, `falhou em ${elapsed.toFixed(0)} ms`);
    } finally {
      bridge.resumeRedis();
    }
  });

  test('a wrong token and an unreachable URL are StoreUnavailableError', async () => {
    assert.ok(bridge);
    await assert.rejects(new UpstashStore({ url: bridge.url, token: 'wrong' }).get('x'), StoreUnavailableError);
    await assert.rejects(new UpstashStore({ url: 'http://127.0.0.1:9', token: 't', timeoutMs: 500 }).hit('x', 60), StoreUnavailableError);
  });
});

describe('callers degrade on a frozen Redis (no 500)', { skip: skipRedis }, () => {
  test('rate limits fail open with headers; idempotency answers unsupported with a fresh credential', async () => {
    assert.ok(bridge);
    const config = loadConfig({ ...process.env, AGENT_JWT_SECRET: 'segredo-de-teste-0123456789abcdef' });
    // The healthy call waits as long as the default store does (a loaded machine may take more than 300 ms to
    // answer); the calls against the frozen Redis give up after 300 ms, on the same Redis.
    resetServices(services, { config, store: new UpstashStore({ url: bridge.url, token: bridge.token }) });
    try {
      const counted = await rateLimit(services, 'v1', 'reg_frozen_test_000000');
      assert.equal(counted.headers.get('ratelimit-remaining'), '119');
      services.store = new UpstashStore({ url: bridge.url, token: bridge.token, timeoutMs: 300 });
      bridge.pauseRedis();
      const open = await rateLimit(services, 'v1', 'reg_frozen_test_000000');
      assert.equal(open.limited, null);
      assert.equal(open.headers.get('ratelimit-remaining'), '120');
      assert.equal(open.headers.get('ratelimit'), '"v1";r=120;t=60');
      const started = performance.now();
      const response = await app.fetch(
        new Request(`${config.origin}/agent/identity`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': 'frozen-key' },
          body: '{"type":"anonymous"}',
        }),
        testContext(services),
      );
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('idempotency-status'), 'unsupported');
      assert.ok(performance.now() - started < 1_500);
    } finally {
      bridge.resumeRedis();
      resetServices(services);
    }
  });
});

test('createStore picks Upstash only when configured, then the file store with a data folder; a malformed URL is the unusable store, never memory', () => {
  assert.equal(createStore({ upstash: undefined }).kind, 'memory');
  assert.equal(createStore({ upstash: undefined, dataDir: sqliteDir }).kind, 'sqlite');
  assert.equal(createStore({ upstash: { url: 'https://exemplo.upstash.io', token: 't' }, dataDir: sqliteDir }).kind, 'upstash');
  assert.equal(createStore({ upstash: { url: 'https://exemplo.upstash.io', token: 't' } }).kind, 'upstash');
  assert.equal(createStore({ upstash: { url: 'não é url', token: 't' } }).kind, 'unusable');
});

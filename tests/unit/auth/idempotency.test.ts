/** Idempotency-Key rules 1–7, on the core (no server): validation, replay, reuse, lifetime, failures, no storage. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bodyFingerprint, canonicalJson, idempotent, parseIdempotencyKey } from '../../../functions/auth/idempotency.ts';
import { MemoryStore } from '../../../functions/store/memory.ts';
import { type Store, StoreUnavailableError } from '../../../functions/store/types.ts';

const withKey = (key: string | null) => new Request('http://localhost/agent/identity', { method: 'POST', headers: key === null ? {} : { 'Idempotency-Key': key } });

function issuer() {
  let issued = 0;
  return {
    count: () => issued,
    execute: async () => Response.json({ credential: ++issued }, { headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' } }),
  };
}

describe('rule 1: the key', () => {
  test('visible ASCII, 1..255 characters', () => {
    assert.deepEqual(parseIdempotencyKey(withKey(null)), { ok: true, key: null });
    for (const key of ['a', 'x'.repeat(255), '8e03978e-40d5-43e8-bc93-6894a57f9324', '"quoted"', '~!@#$%^&*()_+{}|:<>?']) {
      const r = parseIdempotencyKey(withKey(key));
      assert.ok(r.ok && r.key === key, key);
    }
  });
  test('over 255, inner spaces, control, tab or non-ASCII characters → 400 invalid_request', async () => {
    for (const key of ['x'.repeat(256), 'com espaço', 'tab\there', 'ação', 'emoji🚀']) {
      let request: Request;
      try {
        request = withKey(key);
      } catch {
        continue; // Headers refuses some values itself (never reaches us).
      }
      const r = parseIdempotencyKey(request);
      assert.ok(!r.ok, JSON.stringify(key));
      assert.equal(r.response.status, 400);
      assert.equal(((await r.response.json()) as { error: string }).error, 'invalid_request');
    }
  });
});

describe('rules 2–5 and 7 with a store', () => {
  const base = (store: Store, now: () => number, key: string | null, body: unknown, execute: () => Promise<Response>, ttlSeconds = 3600) =>
    idempotent({ store, route: 'token', scope: 'reg:a', key, fingerprint: bodyFingerprint(body), ttlSeconds, now: now(), execute });

  test('same key + same body → same response, Idempotency-Replayed: true, nothing new issued', async () => {
    let clock = 0;
    const store = new MemoryStore({ now: () => clock });
    const it = issuer();
    const first = await base(store, () => clock, 'k1', { a: 1, b: 2 }, it.execute);
    const firstBody = await first.text();
    assert.equal(first.headers.get('idempotency-replayed'), null);
    const again = await base(store, () => clock, 'k1', { b: 2, a: 1 }, it.execute);
    assert.equal(again.status, 200);
    assert.equal(again.headers.get('idempotency-replayed'), 'true');
    assert.equal(again.headers.get('cache-control'), 'no-store');
    assert.equal(again.headers.get('pragma'), 'no-cache');
    assert.equal(await again.text(), firstBody);
    assert.equal(it.count(), 1);
  });

  test('no key: every call issues', async () => {
    const store = new MemoryStore();
    const it = issuer();
    await base(store, Date.now, null, {}, it.execute);
    await base(store, Date.now, null, {}, it.execute);
    assert.equal(it.count(), 2);
  });

  test('same key + different body → 422 idempotency_key_reuse', async () => {
    const store = new MemoryStore();
    const it = issuer();
    await base(store, Date.now, 'k2', { a: 1 }, it.execute);
    const reuse = await base(store, Date.now, 'k2', { a: 2 }, it.execute);
    assert.equal(reuse.status, 422);
    assert.equal(((await reuse.json()) as { error: string }).error, 'idempotency_key_reuse');
    assert.equal(it.count(), 1);
  });

  test('keys are scoped to their route', async () => {
    const store = new MemoryStore();
    const it = issuer();
    await idempotent({ store, route: 'identity', scope: 'reg:a', key: 'same', fingerprint: 'f1', ttlSeconds: 60, now: 0, execute: it.execute });
    const other = await idempotent({ store, route: 'token', scope: 'reg:a', key: 'same', fingerprint: 'f2', ttlSeconds: 60, now: 0, execute: it.execute });
    assert.equal(other.status, 200);
    assert.equal(it.count(), 2);
  });

  test('keys are scoped to their owner: the same key in another scope neither replays nor conflicts', async () => {
    const store = new MemoryStore();
    const it = issuer();
    const run = (scope: string, fingerprint: string) =>
      idempotent({ store, route: 'identity', scope, key: 'registro-7f3c2a', fingerprint, ttlSeconds: 60, now: 0, execute: it.execute });
    assert.deepEqual(await (await run('addr:atacante', 'f')).json(), { credential: 1 });
    // Another owner, same key and same body: its own credential, not the first owner's.
    const other = await run('addr:vitima', 'f');
    assert.equal(other.headers.get('idempotency-replayed'), null);
    assert.deepEqual(await other.json(), { credential: 2 });
    // Another owner, same key, another body: no 422 (the key is free in that scope).
    assert.equal((await run('addr:terceiro', 'g')).status, 200);
    // The owner itself still replays.
    const replay = await run('addr:vitima', 'f');
    assert.equal(replay.headers.get('idempotency-replayed'), 'true');
    assert.deepEqual(await replay.json(), { credential: 2 });
    assert.equal(it.count(), 3);
  });

  test('the record lives ttl from the first issue; replays do not renew it', async () => {
    let clock = 0;
    const store = new MemoryStore({ now: () => clock });
    const it = issuer();
    await base(store, () => clock, 'k3', { x: 1 }, it.execute, 3600);
    clock = 3599_000;
    assert.equal((await base(store, () => clock, 'k3', { x: 1 }, it.execute, 3600)).headers.get('idempotency-replayed'), 'true');
    clock = 3600_000;
    const after = await base(store, () => clock, 'k3', { x: 1 }, it.execute, 3600);
    assert.equal(after.headers.get('idempotency-replayed'), null);
    assert.equal(it.count(), 2);
  });

  test('failures are not stored: the corrected request with the same key issues', async () => {
    const store = new MemoryStore();
    let fail = true;
    const execute = async () => (fail ? Response.json({ error: 'invalid_grant' }, { status: 400 }) : Response.json({ ok: true }));
    assert.equal((await base(store, Date.now, 'k4', { a: 1 }, execute)).status, 400);
    fail = false;
    const second = await base(store, Date.now, 'k4', { a: 1 }, execute);
    assert.equal(second.status, 200);
    assert.equal(second.headers.get('idempotency-replayed'), null);
  });

  test('two simultaneous first calls may both issue; the first record written wins', async () => {
    const store = new MemoryStore();
    const it = issuer();
    const [a, b] = await Promise.all([base(store, Date.now, 'k5', {}, it.execute), base(store, Date.now, 'k5', {}, it.execute)]);
    assert.equal(a.status, 200);
    assert.equal(b.status, 200);
    assert.equal(it.count(), 2);
    const replay = await base(store, Date.now, 'k5', {}, it.execute);
    assert.equal(replay.headers.get('idempotency-replayed'), 'true');
    assert.deepEqual(await replay.json(), { credential: 1 });
  });
});

describe('rule 6: no storage', () => {
  const failing = (failOn: 'get' | 'set'): Store => {
    const memory = new MemoryStore();
    return {
      kind: 'upstash',
      get: async (k) => (failOn === 'get' ? Promise.reject(new StoreUnavailableError()) : memory.get(k)),
      set: async (k, v, o) => (failOn === 'set' ? Promise.reject(new StoreUnavailableError()) : memory.set(k, v, o)),
      hit: (k, w) => memory.hit(k, w),
      delete: (k) => memory.delete(k),
    };
  };
  for (const failOn of ['get', 'set'] as const) {
    test(`store failing on ${failOn} → a fresh credential with Idempotency-Status: unsupported`, async () => {
      const it = issuer();
      const store = failing(failOn);
      for (let i = 1; i <= 2; i++) {
        const r = await idempotent({ store, route: 'identity', scope: 'addr:a', key: 'k', fingerprint: 'f', ttlSeconds: 60, now: 0, execute: it.execute });
        assert.equal(r.status, 200);
        assert.equal(r.headers.get('idempotency-status'), 'unsupported');
        assert.equal(r.headers.get('idempotency-replayed'), null);
        assert.deepEqual(await r.json(), { credential: i });
      }
    });
  }
});

test('a __proto__ member counts in the fingerprint like any other member', () => {
  const withProto = JSON.parse('{"type":"anonymous","__proto__":{"x":1}}') as unknown;
  assert.equal(canonicalJson(withProto), '{"__proto__":{"x":1},"type":"anonymous"}');
  assert.notEqual(bodyFingerprint(withProto), bodyFingerprint({ type: 'anonymous' }));
});

test('canonical JSON: key order does not matter, values do', () => {
  assert.equal(canonicalJson({ b: [1, { d: 1, c: 2 }], a: 'x' }), '{"a":"x","b":[1,{"c":2,"d":1}]}');
  assert.equal(bodyFingerprint({ a: 1, b: 2 }), bodyFingerprint({ b: 2, a: 1 }));
  assert.notEqual(bodyFingerprint({ a: 1 }), bodyFingerprint({ a: '1' }));
});

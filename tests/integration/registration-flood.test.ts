/**
 * A flood of anonymous registrations with fresh Idempotency-Keys, then a lead and a measurement: both succeed,
 * on the SQLite store and on Upstash. The contract allows no per-agent limit on the credential routes, so
 * what protects the leads and readings is the store: idempotency records have a budget of their own
 * (IDEMPOTENCY_MAX_RECORDS, here 200), oldest evicted first.
 *
 * `npm start` (server/start.ts) runs in a child process, as an operator runs it, with storage that can fill up:
 * - SQLite: the process may write files of at most 5 MB (`ulimit -f`), as a small disk would allow; the
 *   write-ahead log stays near 4 MB, so it is the database file that a flood would fill;
 * - Upstash: a real Redis (REST bridge of tests/helpers/redis.ts) with `maxmemory` 3 MB above what it holds and
 *   `noeviction`, as a plan's data size limit.
 * 6 500 registrations (about 1 KB each) would take more than either has.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { envelopeSchema } from '../../src/model/reading.ts';
import { type StartedServer, startServer } from '../helpers/local-start.ts';
import { type Fixture, agentReadySite, startFixture } from '../helpers/readiness.ts';
import { type RedisBridge, redisUnavailable, startRedisBridge } from '../helpers/redis.ts';

const FLOOD = 6_500;
const BUDGET = 200;
const CONCURRENCY = 16;

const ENV = {
  AGENT_JWT_SECRET: 'segredo-de-teste-da-enxurrada-0123456789abcdef',
  IDEMPOTENCY_MAX_RECORDS: String(BUDGET),
  READINESS_ALLOW_LOOPBACK: '1',
  READINESS_PAUSED: '',
  READINESS_GATE_PER_MINUTE: '1000',
  READINESS_MEASUREMENTS_PER_DAY: '1000',
};

let site: Fixture;
before(async () => {
  site = await startFixture(agentReadySite);
});
after(async () => {
  await site?.close();
});

const register = (url: string, key: string) =>
  fetch(`${url}/agent/identity`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: '{"type":"anonymous"}' });

/** The flood, `CONCURRENCY` at a time: every registration is answered 200. Returns how many had no idempotency. */
async function flood(url: string, prefix: string): Promise<number> {
  let next = 0;
  let unsupported = 0;
  const worker = async () => {
    while (next < FLOOD) {
      const i = next++;
      const res = await register(url, `${prefix}-${i}`);
      assert.equal(res.status, 200, `registro ${i}`);
      if (res.headers.get('idempotency-status') === 'unsupported') unsupported++;
      await res.body?.cancel();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return unsupported;
}

/**
 * After the flood: a lead is stored and a measurement recorded; the idempotency records stayed in their budget
 * (the newest key still replays, the oldest was evicted, none went without a record).
 */
async function afterFlood(server: StartedServer, prefix: string, unsupported: number): Promise<void> {
  const lead = await fetch(`${server.url}/contato/formulario`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ nome: 'Depois da Enxurrada', email: 'depois@exemplo.com.br', mensagem: 'Quero uma proposta.', consentimento: 'sim' }).toString(),
  });
  assert.equal(lead.status, 201, `contato: ${await lead.clone().text()}\n${server.err()}`);
  assert.deepEqual(await lead.json(), { recebido: true });

  const measured = await fetch(`${server.url}/api/ia/medicao`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ site: site.host }),
  });
  const body = await measured.json();
  assert.equal(measured.status, 200, `medição: ${JSON.stringify(body)}\n${server.err()}`);
  assert.equal(envelopeSchema.parse(body).estado, 'registrada');

  assert.equal(unsupported, 0, 'a idempotência funcionou durante toda a enxurrada');
  const newest = await register(server.url, `${prefix}-${FLOOD - 1}`);
  assert.equal(newest.headers.get('idempotency-replayed'), 'true', 'o registro mais novo ainda é repetido');
  const oldest = await register(server.url, `${prefix}-0`);
  assert.equal(oldest.status, 200);
  assert.equal(oldest.headers.get('idempotency-replayed'), null, 'o mais antigo saiu do orçamento');
}

describe('a flood of registrations does not starve leads and measurements', () => {
  test('SQLite store on a disk that holds 5 MB per file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'enxurrada-'));
    let server: StartedServer | undefined;
    try {
      server = await startServer({ ...ENV, DATA_DIR: dir }, { shell: 'ulimit -f 5120;' });
      assert.match(server.out(), /Armazenamento: arquivo .*armazenamento\.sqlite/);
      await afterFlood(server, 'enxurrada-sqlite', await flood(server.url, 'enxurrada-sqlite'));
    } finally {
      await server?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const skip = redisUnavailable();
  describe('Upstash (real Redis with a data size limit)', { skip }, () => {
    let bridge: RedisBridge;
    before(async () => {
      bridge = await startRedisBridge();
    });
    after(async () => {
      await bridge?.stop();
    });

    test('Upstash store with maxmemory 3 MB above what Redis holds, noeviction', async () => {
      const info = String(await bridge.command(['INFO', 'memory']));
      const used = Number(/used_memory:(\d+)/.exec(info)![1]);
      await bridge.command(['CONFIG', 'SET', 'maxmemory-policy', 'noeviction']);
      await bridge.command(['CONFIG', 'SET', 'maxmemory', String(used + 3 * 1024 * 1024)]);
      let server: StartedServer | undefined;
      try {
        server = await startServer({ ...ENV, UPSTASH_REDIS_REST_URL: bridge.url, UPSTASH_REDIS_REST_TOKEN: bridge.token });
        assert.match(server.out(), /Armazenamento: upstash|Armazenamento: Upstash/);
        await afterFlood(server, 'enxurrada-upstash', await flood(server.url, 'enxurrada-upstash'));
      } finally {
        await server?.stop();
        await bridge.command(['CONFIG', 'SET', 'maxmemory', '0']);
      }
    });
  });
});

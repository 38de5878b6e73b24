/**
 * Storage faults through the local server, with the Upstash store: the real `@upstash/redis` client → a TCP
 * gate of this test → the REST bridge (tests/helpers/redis.ts) → a real `redis-server`. One sequence:
 *
 * 1. healthy: idempotent registration and exchange, a measurement of a loopback fixture (recorded reading),
 *    rate limits counting;
 * 2. Redis frozen (SIGSTOP): pages, search and catalogue answer 200; rate limits fail open with their
 *    headers; idempotency says `Idempotency-Status: unsupported` and issues a new credential; readings and
 *    the measurement answer 503 with `Retry-After` (envelope `indisponivel`); nothing answers 500;
 * 3. the storage endpoint refusing connections (the gate closes its port): the same, failing fast;
 * 4. storage back, same server process: everything works again, and what was acknowledged before the faults
 *    is still there (the reading, the idempotency records, replayed with `Idempotency-Replayed: true`).
 *
 * Each fault lasts a few seconds (the Upstash client gives up after 1.5 s per command). The readiness
 * instrument only reaches loopback fixtures (READINESS_ALLOW_LOOPBACK=1, guarded network).
 * Without redis-server: fails under CI, skips loudly otherwise.
 */
import assert from 'node:assert/strict';
import { createServer as createNetServer, connect as netConnect, type Server as NetServer, type Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../../functions/config.ts';
import { envelopeSchema } from '../../src/model/reading.ts';
import { defaultNetwork } from '../../functions/readiness/fetch/network.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { JWT_BEARER } from '../helpers/api-tokens.ts';
import { type Fixture, type GuardNetwork, agentReadySite, guardNetwork, startFixture } from '../helpers/readiness.ts';
import { type RedisBridge, redisUnavailable, startRedisBridge } from '../helpers/redis.ts';
import { resetServices, testServices } from '../helpers/services.ts';

/** This file's own services: every server it starts serves with them. */
const services = testServices();

const skip = redisUnavailable();

/** A TCP port forwarding to `target` that can stop accepting (connections refused) and start again. */
interface TcpGate {
  port: number;
  refuse(): Promise<void>;
  open(): Promise<void>;
  close(): Promise<void>;
}

async function tcpGate(target: number): Promise<TcpGate> {
  const sockets = new Set<Socket>();
  let server: NetServer | undefined;
  let port = 0;
  const listen = async () => {
    server = createNetServer((client) => {
      const upstream = netConnect({ host: '127.0.0.1', port: target });
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.address() as { port: number }).port;
  };
  const stop = async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  };
  await listen();
  return { port, refuse: stop, open: listen, close: stop };
}

interface Answer {
  status: number;
  headers: Headers;
  body: any;
  ms: number;
}

let bridge: RedisBridge;
let gate: TcpGate;
let server: LocalServer;
let site: Fixture;
let network: GuardNetwork;

async function call(path: string, init: RequestInit = {}): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${server.url}${path}`, init);
  const text = await response.text();
  const ms = performance.now() - started;
  assert.ok(response.status < 500 || response.status === 503, `${path}: ${response.status} ${text.slice(0, 200)}`);
  let body: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text);
  return { status: response.status, headers: response.headers, body, ms };
}

const bearer = (token: string): RequestInit => ({ headers: { authorization: `Bearer ${token}` } });
const register = (key: string) =>
  call('/agent/identity', { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: '{"type":"anonymous"}' });
const exchange = (assertion: string, key: string) =>
  call('/agent/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key },
    body: new URLSearchParams({ grant_type: JWT_BEARER, assertion }).toString(),
  });
const measure = () => call('/api/ia/medicao', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ site: site.host }) });

const RATE_HEADERS = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'ratelimit-policy', 'ratelimit'];

/** Rate limits failing open: the request passes and the headers announce the full quota. */
function assertFailOpen(answer: Answer, path: string): void {
  for (const h of RATE_HEADERS) assert.ok(answer.headers.get(h), `${path}: falta ${h}`);
  assert.equal(answer.headers.get('ratelimit-remaining'), answer.headers.get('ratelimit-limit'), `${path}: cota cheia anunciada`);
}

// What was acknowledged before the faults.
const keys = { registration: `falhas-reg-${Date.now()}`, exchange: `falhas-tok-${Date.now()}` };
let registration: { registration_id: string; identity_assertion: string };
let accessToken: string;
let reading: { nota: number | null; medidoEm: string | null; estado: string; dominio: string };

describe('storage faults with the Upstash store (real redis-server)', { skip }, () => {
  before(async () => {
    bridge = await startRedisBridge();
    gate = await tcpGate(Number(new URL(bridge.url).port));
    resetServices(services, {
      config: loadConfig({
        ...process.env,
        NETLIFY: undefined,
        UPSTASH_REDIS_REST_URL: `http://127.0.0.1:${gate.port}`,
        UPSTASH_REDIS_REST_TOKEN: bridge.token,
        READINESS_ALLOW_LOOPBACK: '1',
        READINESS_PAUSED: '',
        READINESS_GATE_PER_MINUTE: '1000',
        READINESS_MEASUREMENTS_PER_DAY: '1000',
      }),
    });
    assert.equal(services.store.kind, 'upstash');
    network = guardNetwork();
    services.network = network;
    site = await startFixture(agentReadySite);
    server = await startLocalServer({ port: 0, services });
  });

  after(async () => {
    bridge?.resumeRedis();
    services.network = defaultNetwork;
    resetServices(services);
    await Promise.all([server?.close(), site?.close()]);
    await gate?.close();
    await bridge?.stop();
  });

  test('1. healthy: idempotent credentials, a recorded reading, limits counting', async () => {
    const requestsBefore = bridge.requests();
    const reg = await register(keys.registration);
    assert.equal(reg.status, 200);
    assert.equal(reg.headers.get('idempotency-status'), null);
    registration = reg.body;
    const tok = await exchange(registration.identity_assertion, keys.exchange);
    assert.equal(tok.status, 200);
    accessToken = tok.body.access_token;
    assert.equal((await register(keys.registration)).headers.get('idempotency-replayed'), 'true', 'replay funciona antes das falhas');

    const measured = await measure();
    assert.equal(measured.status, 200, JSON.stringify(measured.body));
    const envelope = envelopeSchema.parse(measured.body);
    assert.equal(envelope.estado, 'registrada');
    reading = envelope;

    const read = await call(`/api/v1/prontidao/${encodeURIComponent(reading.dominio)}`, bearer(accessToken));
    assert.equal(read.status, 200);
    assert.equal(read.body.medidoEm, reading.medidoEm);

    const a = await call('/api/v1/solucoes', bearer(accessToken));
    const b = await call('/api/v1/solucoes', bearer(accessToken));
    assert.ok(Number(b.headers.get('ratelimit-remaining')) < Number(a.headers.get('ratelimit-remaining')), 'a cota está sendo contada no Redis');
    assert.ok(bridge.requests() > requestsBefore, 'o armazenamento passou pelo Redis de verdade');
  });

  async function duringFault(kind: string, maxMs: number): Promise<void> {
    // Everything at once: the fault lasts as long as the slowest request (about one client timeout).
    const [reads, [again, fresh, tok], [v1, open, measured]] = await Promise.all([
      Promise.all([
        call('/'),
        call('/solucoes'),
        call('/api'),
        call('/api/v1/busca?q=visibilidade', bearer(accessToken)),
        call('/api/v1/solucoes', bearer(accessToken)),
        call('/api/v1/precos', bearer(accessToken)),
        call('/api/v1/paginas?limite=5', bearer(accessToken)),
        call('/api/v1/paginas/index', bearer(accessToken)),
        call('/api/v1/sandbox/busca?q=seo'),
        call('/ask?query=seo&streaming=false'),
      ]),
      Promise.all([register(keys.registration), register(`falhas-nova-${kind.replace(/\W+/g, '-')}-${Date.now()}`), exchange(registration.identity_assertion, keys.exchange)]),
      Promise.all([
        call(`/api/v1/prontidao/${encodeURIComponent(reading.dominio)}`, bearer(accessToken)),
        call(`/api/ia/leitura?site=${encodeURIComponent(reading.dominio)}`),
        measure(),
      ]),
    ]);

    // Pages, search and catalogue: 200, rate limits failing open with their headers.
    for (const [i, answer] of reads.entries()) {
      assert.equal(answer.status, 200, `${kind}: leitura ${i} respondeu ${answer.status}`);
      assert.ok(answer.ms < maxMs, `${kind}: leitura ${i} levou ${answer.ms.toFixed(0)} ms`);
    }
    for (const i of [2, 3, 4, 5, 6, 7]) assertFailOpen(reads[i]!, `${kind} #${i}`);
    assert.ok(reads[3]!.body.resultados.length > 0, 'a busca responde de verdade');

    // Credentials: issued, without idempotency.
    for (const answer of [again, fresh, tok]) {
      assert.equal(answer.status, 200, `${kind}: credencial ${JSON.stringify(answer.body)}`);
      assert.equal(answer.headers.get('idempotency-status'), 'unsupported');
      assert.equal(answer.headers.get('idempotency-replayed'), null);
      assert.ok(answer.ms < maxMs, `${kind}: credencial em ${answer.ms.toFixed(0)} ms`);
    }
    assert.notEqual(again.body.registration_id, registration.registration_id, 'uma credencial nova é emitida');

    // Readings and the measurement: 503 with Retry-After, envelope `indisponivel`.
    for (const [name, answer] of [['v1', v1], ['leitura', open], ['medicao', measured]] as const) {
      assert.equal(answer.status, 503, `${kind} ${name}: ${JSON.stringify(answer.body)}`);
      assert.match(answer.headers.get('retry-after') ?? '', /^[1-9]\d*$/, `${kind} ${name}: Retry-After`);
      const envelope = envelopeSchema.parse(answer.body);
      assert.equal(envelope.estado, 'indisponivel');
      assert.ok(envelope.tentarEm, 'tentarEm');
      assert.ok(answer.ms < maxMs * 2, `${kind} ${name}: ${answer.ms.toFixed(0)} ms`);
    }
    assertFailOpen(v1, `${kind} prontidao`);
  }

  test('2. Redis frozen (SIGSTOP): degraded answers, no 500', async () => {
    bridge.pauseRedis();
    try {
      await duringFault('congelado', 2_500);
    } finally {
      bridge.resumeRedis();
    }
  });

  test('3. storage endpoint refusing connections: degraded answers, failing fast', async () => {
    await gate.refuse();
    try {
      await duringFault('porta recusada', 1_000);
    } finally {
      await gate.open();
    }
  });

  test('4. recovered without a restart; nothing acknowledged was lost', async () => {
    // The same server and runtime: the first storage call after the fault already works.
    const deadline = Date.now() + 5_000;
    let read: Answer;
    for (;;) {
      read = await call(`/api/v1/prontidao/${encodeURIComponent(reading.dominio)}`, bearer(accessToken));
      if (read.status === 200 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(read.status, 200, JSON.stringify(read.body));
    assert.equal(read.body.estado, 'registrada');
    assert.equal(read.body.medidoEm, reading.medidoEm, 'a leitura registrada antes das falhas continua lá');
    assert.equal(read.body.nota, reading.nota);

    const replayReg = await register(keys.registration);
    assert.equal(replayReg.status, 200);
    assert.equal(replayReg.headers.get('idempotency-replayed'), 'true');
    assert.equal(replayReg.headers.get('idempotency-status'), null);
    assert.equal(replayReg.body.registration_id, registration.registration_id, 'o registro idempotente sobreviveu');
    const replayTok = await exchange(registration.identity_assertion, keys.exchange);
    assert.equal(replayTok.headers.get('idempotency-replayed'), 'true');
    assert.equal(replayTok.body.access_token, accessToken, 'a troca idempotente sobreviveu');

    const a = await call('/api/v1/precos', bearer(accessToken));
    const b = await call('/api/v1/precos', bearer(accessToken));
    assert.ok(Number(a.headers.get('ratelimit-remaining')) < Number(a.headers.get('ratelimit-limit')), 'a cota voltou a ser contada');
    assert.ok(Number(b.headers.get('ratelimit-remaining')) < Number(a.headers.get('ratelimit-remaining')));

    const measured = await measure();
    assert.equal(measured.status, 200);
    assert.equal(envelopeSchema.parse(measured.body).estado, 'registrada');
    const key = `falhas-depois-${Date.now()}`;
    const first = await register(key);
    const replay = await register(key);
    assert.equal(replay.headers.get('idempotency-replayed'), 'true');
    assert.equal(replay.body.registration_id, first.body.registration_id);
    assert.deepEqual(network.violations, [], 'o instrumento só alcançou o loopback');
  });
});

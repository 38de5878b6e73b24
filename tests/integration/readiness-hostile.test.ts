/**
 * Issue item 7 through the real local server: every row of tests/attacks/hostile-content-cases.ts is served
 * by a loopback fixture and measured with `POST /api/ia/medicao` while another client keeps calling the
 * server; the server must keep answering (before the fix a 25 KB page froze it for 15 s). A measurement cut
 * short by the 20 s deadline answers 503 `indisponivel` with an honest `motivo` and records nothing.
 * The instrument's network is `guardNetwork` (only loopback), READINESS_ALLOW_LOOPBACK=1 in this process.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import { loadConfig } from '../../functions/config.ts';
import { readerKeyFrom } from '../../functions/readiness/agent/signing.ts';
import { AnalysisCutShort } from '../../functions/readiness/deadline.ts';
import { envelopeSchema } from '../../src/model/reading.ts';
import { defaultNetwork } from '../../functions/readiness/fetch/network.ts';
import { measure } from '../../functions/readiness/measure.ts';
import { readingResponse, readRecordedReading } from '../../functions/readiness/read-reading.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { HOSTILE_CONTENT_CASES, type HostileContentCase } from '../attacks/hostile-content-cases.ts';
import { type Fixture, type FixtureHandler, type GuardNetwork, guardNetwork, startFixture } from '../helpers/readiness.ts';
import { resetServices, testContext, testServices } from '../helpers/services.ts';

/** This file's own services: every server it starts serves with them. */
const services = testServices();

let server: LocalServer;
let network: GuardNetwork;
const fixtures: Fixture[] = [];

before(async () => {
  server = await startLocalServer({ port: 0, services });
});
after(async () => {
  services.network = defaultNetwork;
  resetServices(services);
  await Promise.all([server.close(), ...fixtures.map((f) => f.close())]);
});
/** The instrument open to loopback fixtures, without limits in the way; `extra` adds to the environment. */
const hostileConfig = (extra: Record<string, string> = {}) =>
  loadConfig({ ...process.env, READINESS_ALLOW_LOOPBACK: '1', READINESS_PAUSED: '', READINESS_GATE_PER_MINUTE: '1000', READINESS_MEASUREMENTS_PER_DAY: '1000', ...extra });

beforeEach(() => {
  network = guardNetwork();
  services.network = network;
  resetServices(services, { config: hostileConfig(), store: new MemoryStore() });
});
afterEach(() => {
  assert.deepEqual(network.violations, [], 'the instrument never left loopback');
});

const PAGE = '<!doctype html><html lang="pt-BR"><head><title>Página comum</title></head><body><main><h1>Página comum</h1><p>Um texto qualquer.</p></main></body></html>';

function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': type, ...headers });
  res.end(body);
}

/** A site that serves `row.body` on the row's surface and ordinary answers elsewhere; `delayMs` slows every other resource. */
function hostileSite(row: HostileContentCase, delayMs = 0): FixtureHandler {
  const body = row.body();
  return async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://fixture').pathname;
    if (path === '/') {
      if (row.surface === 'home') return send(res, 200, 'text/html; charset=utf-8', body);
      if (row.homePath) return send(res, 301, 'text/plain', '', { location: row.homePath });
      return send(res, 200, 'text/html; charset=utf-8', PAGE);
    }
    if (path === row.homePath) return send(res, 200, 'text/html; charset=utf-8', PAGE);
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (res.destroyed) return;
    if (row.surface === 'robots' && path === '/robots.txt') return send(res, 200, 'text/plain; charset=utf-8', body);
    if (row.surface === 'llms' && path === '/llms.txt') return send(res, 200, 'text/markdown; charset=utf-8', body);
    if (row.surface === 'skill' && path === '/.well-known/agent-skills/index.json') {
      return send(res, 200, 'application/json', JSON.stringify({ skills: [{ name: 'hostil', type: 'skill-md', description: 'x', url: '/hostil/SKILL.md' }] }));
    }
    if (row.surface === 'skill' && path === '/hostil/SKILL.md') return send(res, 200, 'text/markdown; charset=utf-8', body);
    return send(res, 404, 'text/html; charset=utf-8', '<!doctype html><title>Não encontrada</title><h1>Não encontrada</h1>');
  };
}

/** Runs `work` while another client calls the server every 20 ms; the slowest answer it got. */
async function whileCalling<T>(work: () => Promise<T>): Promise<{ result: T; slowestMs: number; answers: number }> {
  let running = true;
  let slowestMs = 0;
  let answers = 0;
  const caller = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${server.url}/.well-known/http-message-signatures-directory`);
      await res.arrayBuffer();
      assert.equal(res.status, 200);
      slowestMs = Math.max(slowestMs, performance.now() - started);
      answers++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    return { result: await work(), slowestMs, answers };
  } finally {
    running = false;
    await caller;
  }
}

const postSite = (site: string) =>
  fetch(`${server.url}/api/ia/medicao`, { method: 'POST', body: JSON.stringify({ site }), headers: { 'content-type': 'application/json', accept: 'application/json' } });

/** Generous: a call answered in under a second, where the hostile rows froze the server for seconds to hours. */
const RESPONSIVE_MS = 1_000;

describe('hostile sites measured through POST /api/ia/medicao (tests/attacks/hostile-content-cases.ts)', () => {
  for (const row of HOSTILE_CONTENT_CASES) {
    test(`${row.surface}: ${row.name}`, async () => {
      const site = await startFixture(hostileSite(row));
      fixtures.push(site);
      const started = Date.now();
      const { result: res, slowestMs, answers } = await whileCalling(() => postSite(site.host));
      const envelope = envelopeSchema.parse(await res.json());
      assert.equal(res.status, 200, envelope.motivo);
      assert.ok(['registrada', 'nao_pontuada'].includes(envelope.estado));
      assert.ok(Date.now() - started < 20_000, 'within the measurement budget');
      assert.ok(answers > 0);
      const served = { home: '/', robots: '/robots.txt', llms: '/llms.txt', skill: '/hostil/SKILL.md' }[row.surface];
      assert.ok(site.requests.some((r) => r.path === served), `the instrument read ${served}`);
      assert.ok(slowestMs < RESPONSIVE_MS, `the server answered other calls within ${Math.round(slowestMs)} ms`);
      const recorded = envelopeSchema.parse(await (readingResponse(await readRecordedReading(testContext(services, 'teste-hostil'), site.host))).json());
      assert.equal(recorded.estado, envelope.estado, 'a complete analysis is recorded');
    });
  }
});

describe('a measurement cut short by the deadline records nothing', () => {
  const heavy = HOSTILE_CONTENT_CASES.find((r) => r.name.startsWith('4,9 MB')) as HostileContentCase;

  test('measure() throws AnalysisCutShort with the message for the person, at its budget', async () => {
    const site = await startFixture(hostileSite(heavy, 3_000));
    fixtures.push(site);
    const key = await readerKeyFrom(generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }) as JsonWebKey);
    const started = Date.now();
    await assert.rejects(
      measure(site.host, { key, agentOrigin: 'https://sinal.exemplo.com.br', allowLoopback: true, network, totalMs: 1_500 }),
      (error: unknown) => error instanceof AnalysisCutShort && /passou do limite de 2 s.*Nenhuma leitura foi registrada/.test(error.message),
    );
    assert.ok(Date.now() - started < 5_000, `${Date.now() - started} ms`);
  });

  // The budget end to end, through the handler: a budget of BUDGET_MS set as the operator would (READINESS_BUDGET_MS;
  // the contract's 20 s is the default, tests/unit/config.test.ts), so the test waits seconds, not 20.
  const BUDGET_MS = 4_000;
  test('POST /api/ia/medicao: 503 indisponivel with an honest motivo at the configured budget, the server answering meanwhile, no reading recorded', { timeout: 60_000 }, async () => {
    resetServices(services, { config: hostileConfig({ READINESS_BUDGET_MS: String(BUDGET_MS) }), store: services.store });
    // The hostile 4.9 MB home page, and every other resource answering later than the budget allows (and just
    // under the per-request limit): the checks cannot finish in time.
    const site = await startFixture(hostileSite(heavy, 5_500));
    fixtures.push(site);
    const started = Date.now();
    const { result: res, slowestMs } = await whileCalling(() => postSite(site.host));
    const elapsed = Date.now() - started;
    const envelope = envelopeSchema.parse(await res.json());
    assert.equal(res.status, 503);
    assert.ok(res.headers.get('retry-after'));
    assert.equal(envelope.estado, 'indisponivel');
    assert.match(envelope.motivo ?? '', new RegExp(`passou do limite de ${BUDGET_MS / 1000} s.*Nenhuma leitura foi registrada`));
    assert.ok(elapsed >= BUDGET_MS - 1_000 && elapsed < BUDGET_MS + 5_000, `ended by its ${BUDGET_MS / 1000} s budget (${elapsed} ms)`);
    assert.ok(slowestMs < RESPONSIVE_MS, `the server answered other calls within ${Math.round(slowestMs)} ms`);
    const recorded = envelopeSchema.parse(await (readingResponse(await readRecordedReading(testContext(services, 'teste-hostil'), site.host))).json());
    assert.equal(recorded.estado, 'ausente', 'nothing recorded from a measurement cut short');
  });
});

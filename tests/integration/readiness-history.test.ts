/**
 * The readings' history where people and agents read it (issue 23, item 1), through the local server:
 *
 * - the result page shows it as its own section: an inline SVG chart with a title and a description, the values
 *   in a table, what changed between readings and why (the site, a revised check, the method), with no script;
 * - the markdown twin carries the same facts;
 * - the API's `GET /api/v1/prontidao/{dominio}/historico` (scope `prontidao.read`, the instrument's gate, `ausente`,
 *   400) and its sandbox fixture, every body validated against the SERVED OpenAPI document;
 * - a real measurement through `/api/ia/medicao` appends to the history, with the method's revision.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../../functions/config.ts';
import type { Envelope } from '../../src/model/reading.ts';
import { appendHistory, historySlot, pinHistory, readHistory } from '../../functions/readiness/history.ts';
import { saveReading } from '../../functions/readiness/readings.ts';
import { METHOD_REVISION } from '../../functions/readiness/method-revision.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import { SqliteStore } from '../../functions/store/sqlite.ts';
import type { Store } from '../../functions/store/types.ts';
import { UpstashStore } from '../../functions/store/upstash.ts';
import { type RedisBridge, redisUnavailable, startRedisBridge } from '../helpers/redis.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { resultPath } from '../../src/model/measurement.ts';
import { registerAndExchange, signAccessToken } from '../helpers/api-tokens.ts';
import { type OpenApiDoc, type ResponseValidator, responseValidator } from '../helpers/openapi.ts';
import { agentReadySite, type Fixture, guardNetwork, startFixture } from '../helpers/readiness.ts';
import { scoredReading as reading } from '../helpers/readings.ts';
import { resetServices, testServices } from '../helpers/services.ts';

const services = testServices();
let server: LocalServer;
let schemas: ResponseValidator;
let token: string;

function useRuntime(env: Record<string, string> = {}): MemoryStore {
  const store = new MemoryStore();
  resetServices(services, { store, config: loadConfig({ ...process.env, RATE_LIMIT_V1: '100000', RATE_LIMIT_PUBLIC: '100000', READINESS_GATE_PER_MINUTE: '1000', ...env }) });
  return store;
}

const day = (n: number) => new Date(Date.UTC(2026, 2, 2 + 7 * n, 12)).toISOString();

/** Three readings: the site breaks its llms.txt; then hsts is revised (revision 2) and the method changes. */
async function seed(store: MemoryStore, dominio = 'historico.com.br'): Promise<void> {
  await saveReading(store, reading(dominio, day(0), 92, 'A', { 'llms-txt': 'passou', hsts: 'passou' }));
  await saveReading(store, reading(dominio, day(1), 71, 'B-', { 'llms-txt': 'falhou', hsts: 'passou' }));
  await saveReading(store, reading(dominio, day(2), 66, 'C+', { 'llms-txt': 'falhou', hsts: ['parcial', 2] }, 'outrometodo1'));
}

before(async () => {
  useRuntime();
  server = await startLocalServer({ port: 0, services });
  schemas = responseValidator((await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenApiDoc);
  ({ token } = await registerAndExchange(server.url));
});
after(async () => {
  await server?.close();
  resetServices(services);
});

describe('the result page shows the history as its own section', () => {
  test('chart (SVG with title and description), the values as a table, what changed and why; no script in the section', async () => {
    await seed(useRuntime());
    const res = await fetch(`${server.url}${resultPath('historico.com.br')}`, { headers: { accept: 'text/html' } });
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.match(html, /<link rel="stylesheet" href="\/historico\.css">/);
    const section = /<section class="historico" aria-labelledby="historico-titulo">[\s\S]*?<\/section>/.exec(html)?.[0];
    assert.ok(section, 'a section of its own');
    assert.doesNotMatch(section, /<script/);
    assert.match(section, /<svg class="historico-grafico"[^>]* role="img" aria-labelledby="historico-grafico-titulo historico-grafico-desc">/);
    assert.match(section, /<title id="historico-grafico-titulo">Evolução da nota<\/title>/);
    assert.match(section, /<desc id="historico-grafico-desc">3 leituras, de 02\/03\/2026 a 16\/03\/2026; nota de 92 para 66 \(menor 66, maior 92\)\.<\/desc>/);
    assert.equal(section.match(/<circle /g)?.length, 3, 'one point per reading');
    assert.match(section, /<title>02\/03\/2026: nota 92 \(A\)<\/title>/);
    assert.match(section, /<polyline class="historico-linha"/);
    // The values as text.
    assert.match(section, /<table><caption>Leituras guardadas, da mais recente à mais antiga<\/caption>/);
    assert.match(section, /<tr><th scope="row">16\/03\/2026 às 09:00<\/th><td>66<\/td><td>C\+<\/td><\/tr>/);
    // What changed: newest first; the site's flip, then the revised check and the method.
    const changes = /<ol class="historico-mudancas">[\s\S]*?<\/ol>/.exec(section)![0];
    const items = changes.split('<li class="historico-').slice(1);
    assert.equal(items.length, 2);
    assert.match(items[0]!, /^piorou"><p><strong>09\/03\/2026 → 16\/03\/2026<\/strong>: 71 \(B-\) → 66 \(C\+\): piorou/);
    assert.match(items[0]!, /O método de pontuação mudou entre as duas leituras/);
    assert.match(items[0]!, /versão 1 → 2\): a mudança pode vir do novo critério, não do site/);
    assert.match(items[1]!, /02\/03\/2026 → 09\/03\/2026<\/strong>: 92 \(A\) → 71 \(B-\): piorou/);
    assert.match(items[1]!, /llms\.txt[^<]*: passava, agora falha\. Mesma verificação, mesma revisão: o site mudou\./);
    assert.doesNotMatch(section, /<b>texto do site<\/b>/, 'site texts are not part of the history');
  });

  test('the markdown twin carries the same facts', async () => {
    await seed(useRuntime());
    const res = await fetch(`${server.url}${resultPath('historico.com.br')}.md`);
    assert.equal(res.status, 200);
    const md = await res.text();
    assert.match(md, /## Histórico das leituras\n\n3 leituras, de 02\/03\/2026 a 16\/03\/2026; nota de 92 para 66/);
    assert.match(md, /^- 16\/03\/2026 às 09:00: nota 66, grau C\+$/m);
    assert.match(md, /### O que mudou entre as leituras/);
    assert.match(md, /- \*\*02\/03\/2026 → 09\/03\/2026\*\*: 92 \(A\) → 71 \(B-\): piorou\n  - .*o site mudou\./);
  });

  test('a domain recorded before the history existed shows its one reading, and says the trend starts with the next', async () => {
    const store = useRuntime();
    await store.set('readiness:reading:antigo.com.br', reading('antigo.com.br', day(0), 80, 'B+', { sitemap: 'passou' }));
    const html = await (await fetch(`${server.url}${resultPath('antigo.com.br')}`)).text();
    assert.match(html, /Esta é a primeira: a evolução aparece a partir da próxima leitura\./);
    assert.equal(/<section class="historico"[\s\S]*?<\/section>/.exec(html)![0].match(/<circle /g)?.length, 1);
  });
});

describe('GET /api/v1/prontidao/{dominio}/historico', () => {
  const TEMPLATE = '/api/v1/prontidao/{dominio}/historico';
  const get = async (path: string, template = TEMPLATE, bearer: string | null = token) => {
    const res = await fetch(`${server.url}${path}`, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
    const body = await res.json();
    schemas.check(template, 'get', res.status, body);
    return { status: res.status, headers: res.headers, body: body as any };
  };

  test('the readings, oldest first, and the changes with their causes', async () => {
    await seed(useRuntime());
    const { status, body, headers } = await get('/api/v1/prontidao/Historico.com.br/historico');
    assert.equal(status, 200);
    assert.match(headers.get('ratelimit-policy')!, /^"v1";/);
    assert.equal(body.dominio, 'historico.com.br');
    assert.equal(body.estado, 'registrada');
    assert.equal(body.limite, 52);
    assert.deepEqual(body.leituras.map((l: any) => [l.medidoEm, l.nota, l.grau, l.revisaoDoMetodo]), [
      [day(0), 92, 'A', METHOD_REVISION],
      [day(1), 71, 'B-', METHOD_REVISION],
      [day(2), 66, 'C+', 'outrometodo1'],
    ]);
    assert.deepEqual(body.leituras[2].verificacoes, [
      { id: 'llms-txt', status: 'falhou', versao: 1 },
      { id: 'hsts', status: 'parcial', versao: 2 },
    ]);
    assert.equal(body.mudancas.length, 2);
    assert.deepEqual(
      body.mudancas.map((m: any) => [m.piorou, m.metodoMudou, m.verificacoes.map((v: any) => [v.id, v.de, v.para, v.sentido, v.causa])]),
      [
        [true, false, [['llms-txt', 'passou', 'falhou', 'piorou', 'site']]],
        [true, true, [['hsts', 'passou', 'parcial', 'piorou', 'verificacao']]],
      ],
    );
    assert.deepEqual(body.mudancas[1].verificacoes[0].versao, { de: 1, para: 2 });
  });

  test('no reading: 200 ausente with the measuring page; an invalid domain: 400; without prontidao.read: 403', async () => {
    useRuntime();
    const empty = await get('/api/v1/prontidao/nunca-medido.com.br/historico');
    assert.equal(empty.status, 200);
    assert.equal(empty.body.estado, 'ausente');
    assert.deepEqual([empty.body.leituras, empty.body.mudancas], [[], []]);
    assert.match(empty.body.medirEm, /\/diagnostico-de-visibilidade-cognitiva$/);
    for (const bad of ['127.0.0.1', 'exemplo..com', 'exemplo.com.br:8080', '%E0%A4%A']) {
      const { status, body } = await get(`/api/v1/prontidao/${bad}/historico`);
      assert.equal(status, 400, bad);
      assert.equal(body.error, 'invalid_request');
    }
    const limited = await signAccessToken({ scope: 'site.read' });
    const refused = await get('/api/v1/prontidao/exemplo.com.br/historico', TEMPLATE, limited);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error, 'insufficient_scope');
    const anonymous = await get('/api/v1/prontidao/exemplo.com.br/historico', TEMPLATE, null);
    assert.equal(anonymous.status, 401);
  });

  test('the instrument paused: 429 estado limite with tentarEm and Retry-After, like the reading', async () => {
    useRuntime({ READINESS_PAUSED: '1' });
    const { status, body, headers } = await get('/api/v1/prontidao/exemplo.com.br/historico');
    assert.equal(status, 429);
    assert.equal(body.estado, 'limite');
    assert.ok(Date.parse(body.tentarEm) > Date.now());
    assert.ok(Number(headers.get('retry-after')) >= 1);
  });

  test('the reading route is unchanged beside it', async () => {
    await seed(useRuntime());
    const { status, body } = await get('/api/v1/prontidao/historico.com.br', '/api/v1/prontidao/{dominio}');
    assert.equal(status, 200);
    assert.equal(body.estado, 'registrada');
    assert.equal(body.nota, 66);
  });

  test('sandbox: a fixed history for the requested domain, marked, never touching storage', async () => {
    const store = useRuntime();
    const { status, body, headers } = await get('/api/v1/sandbox/prontidao/Sub.Exemplo.com.br/historico', '/api/v1/sandbox/prontidao/{dominio}/historico', null);
    assert.equal(status, 200);
    assert.equal(headers.get('x-sandbox'), 'true');
    assert.equal(body.sandbox, true);
    assert.equal(body.dominio, 'sub.exemplo.com.br');
    assert.equal(body.leituras.length, 3);
    assert.equal(body.mudancas.length, 1);
    assert.equal(body.mudancas[0].verificacoes[0].causa, 'site');
    assert.equal(store.sizeOf('history'), 0);
    const bad = await get('/api/v1/sandbox/prontidao/http:exemplo.com/historico', '/api/v1/sandbox/prontidao/{dominio}/historico', null);
    assert.equal(bad.status, 400);
  });
});

describe('a real measurement appends to the history', () => {
  let fixture: Fixture;
  before(async () => {
    fixture = await startFixture(agentReadySite);
  });
  after(() => fixture?.close());

  test('two measurements through /api/ia/medicao: two readings in the history, with the method’s revision', async () => {
    const store = useRuntime({ READINESS_ALLOW_LOOPBACK: '1', READINESS_MEASUREMENTS_PER_DAY: '10' });
    services.network = guardNetwork();
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${server.url}/api/ia/medicao`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ site: fixture.host }) });
      assert.equal(res.status, 200, await res.clone().text());
      const envelope = (await res.json()) as Envelope;
      assert.equal(envelope.revisaoDoMetodo, METHOD_REVISION);
      assert.ok(envelope.camadas.every((c) => c.verificacoes.every((v) => v.versao === 1)));
    }
    const history = await readHistory(store, fixture.host);
    assert.equal(history.length, 2);
    assert.ok(history.every((e) => e.metodo === METHOD_REVISION && e.estado === 'registrada'));
  });
});

describe('the history in every store: memory, the SQLite file of npm start, Upstash (a real Redis)', () => {
  let bridge: RedisBridge | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'historico-'));
  const skipRedis = redisUnavailable();
  before(async () => {
    if (!skipRedis) bridge = await startRedisBridge();
  });
  after(async () => {
    await bridge?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const kinds: [string, () => Store, false | string][] = [
    ['memory', () => new MemoryStore(), false],
    ['sqlite', () => new SqliteStore({ dir }), false],
    ['upstash', () => new UpstashStore({ url: bridge!.url, token: bridge!.token, prefix: `t-${randomBytes(4).toString('hex')}:` }), skipRedis],
  ];
  for (const [name, make, skip] of kinds) {
    test(`${name}: readings kept in order, the ring takes the oldest slot, a pinned history stays`, { skip }, async () => {
      const store = make();
      const ring = { domains: 2 };
      const run = randomBytes(3).toString('hex');
      const d = (n: string) => `${n}-${run}.com.br`;
      for (let i = 0; i < 3; i++) await appendHistory(store, reading(d('a'), day(i), 90 - i, 'A', { sitemap: i === 2 ? 'falhou' : 'passou' }), ring);
      assert.deepEqual((await readHistory(store, d('a'))).map((e) => [e.nota, e.verificacoes.sitemap?.status]), [[90, 'passou'], [89, 'passou'], [88, 'falhou']]);
      await pinHistory(store, d('a'), 1);
      await appendHistory(store, reading(d('b'), day(0), 80, 'B+', { sitemap: 'passou' }), ring);
      await appendHistory(store, reading(d('c'), day(0), 70, 'B-', { sitemap: 'passou' }), ring);
      await appendHistory(store, reading(d('e'), day(0), 60, 'C', { sitemap: 'passou' }), ring);
      assert.deepEqual(await readHistory(store, d('b')), [], 'b lost its slot and its history');
      assert.equal((await readHistory(store, d('a'))).length, 3, 'the pinned history stays');
      assert.equal(await historySlot(store, d('a')), null);
      if (store instanceof SqliteStore) store.close();
    });
  }
});

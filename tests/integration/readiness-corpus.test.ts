/**
 * Issue 14: the instrument on a corpus of real site kinds (tests/fixtures/readiness-corpus, served on loopback
 * by tests/helpers/readiness-corpus.ts), each within its expected grade band, and the relations a fair
 * instrument must keep, so that no change can silently break fairness. Also the sample of 50 pages, every
 * llms.txt link tried (endpoints judged as endpoints) and a sample cut short by the time budget.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { type ReaderKey, readerKeyFrom } from '../../functions/readiness/agent/signing.ts';
import { INTERFACE_CHECKS } from '../../functions/readiness/checks/api-signals.ts';
import { type Envelope, envelopeSchema } from '../../functions/readiness/envelope.ts';
import { createContext } from '../../functions/readiness/context.ts';
import { createDeadline } from '../../functions/readiness/deadline.ts';
import { createSafeFetcher } from '../../functions/readiness/fetch/safe-fetch.ts';
import { measure, type MeasureOptions } from '../../functions/readiness/measure.ts';
import { agentReadySite, type Fixture, type GuardNetwork, guardNetwork, startFixture } from '../helpers/readiness.ts';
import { SAMPLING_CASES } from '../attacks/sampling-cases.ts';
import { corpusManifest, corpusSite, corpusSites, manyPagesSite } from '../helpers/readiness-corpus.ts';

const AGENT = 'https://sinal.exemplo.com.br';
/** Checks that only mean something over HTTPS: never a failure on a site read over http. */
const HTTPS_ONLY = ['https', 'hsts'];

let key: ReaderKey;
const fixtures: Fixture[] = [];
const networks: GuardNetwork[] = [];
const readings = new Map<string, Envelope>();

async function run(handler: Parameters<typeof startFixture>[0], options: Partial<MeasureOptions> = {}): Promise<{ envelope: Envelope; site: Fixture }> {
  const site = await startFixture(handler);
  fixtures.push(site);
  const network = guardNetwork();
  networks.push(network);
  const envelope = envelopeSchema.parse(await measure(site.host, { key, agentOrigin: AGENT, allowLoopback: true, network, ...options }));
  return { envelope, site };
}

const check = (e: Envelope, id: string) => e.camadas.flatMap((c) => c.verificacoes).find((v) => v.id === id);
const nota = (site: string): number => readings.get(site)?.nota ?? Number.NaN;

before(async () => {
  key = await readerKeyFrom(generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }) as JsonWebKey);
  for (const site of corpusSites()) readings.set(site, (await run(corpusSite(site))).envelope);
});
after(async () => {
  await Promise.all(fixtures.map((f) => f.close()));
  for (const n of networks) assert.deepEqual(n.violations, [], 'nothing outside the loopback test network');
});

describe('the corpus: each site within its band', () => {
  test('the corpus has the site kinds of the issue', () => {
    assert.deepEqual(corpusSites(), ['astro-blog', 'astro-blog-sitemap', 'modelo', 'spa', 'starlight', 'starlight-bloqueio-ia', 'starlight-bloqueio-treino', 'starlight-gemeos']);
  });
  for (const site of corpusSites()) {
    test(`${site}: ${corpusManifest(site).nome}`, () => {
      const e = readings.get(site) as Envelope;
      const [min, max] = corpusManifest(site).faixa;
      assert.equal(e.estado, 'registrada', e.motivo);
      assert.ok((e.nota ?? -1) >= min && (e.nota ?? 101) <= max, `nota ${e.nota} fora da faixa ${min}–${max}`);
    });
  }
});

describe('fairness relations', () => {
  test('a model static content site (no API) reaches A: the agent-interface checks are not applicable, and the result says so', () => {
    const e = readings.get('modelo') as Envelope;
    assert.ok((e.nota ?? 0) >= 90 && ['A', 'A+'].includes(e.grau ?? ''), `nota ${e.nota} ${e.grau}`);
    for (const id of INTERFACE_CHECKS) assert.equal(check(e, id)?.status, 'nao_se_aplica', id);
    assert.deepEqual(e.interfaces, { exigidas: false, sinais: [] });
  });
  test('Starlight without robots.txt outranks the Astro blog with sitemap, llms.txt and an allow-all robots.txt', () => {
    assert.ok(nota('starlight') > nota('astro-blog-sitemap'), `${nota('starlight')} vs ${nota('astro-blog-sitemap')}`);
  });
  test('blocking training bots never outranks blocking nothing', () => {
    assert.ok(nota('starlight-bloqueio-treino') <= nota('starlight'), `${nota('starlight-bloqueio-treino')} vs ${nota('starlight')}`);
  });
  test('blocking AI search and user bots, and a JS-only shell (whatever its root id), stay capped at 39', () => {
    for (const site of ['starlight-bloqueio-ia', 'spa']) assert.ok(nota(site) <= 39, `${site}: ${nota(site)}`);
    assert.match(readings.get('starlight-bloqueio-ia')?.teto?.motivo ?? '', /robôs de IA/);
    assert.equal(check(readings.get('spa') as Envelope, 'texto-no-servidor')?.status, 'falhou');
  });
  test('each practice added raises the score: sitemap + llms.txt + robots, twins, then every content practice', () => {
    assert.ok(nota('astro-blog-sitemap') > nota('astro-blog'));
    assert.ok(nota('starlight-gemeos') > nota('starlight'));
    assert.ok(nota('modelo') > nota('starlight-gemeos'));
  });
  test('no reading of a plain-http site has an HTTPS-only failure', () => {
    for (const [site, e] of readings) for (const id of HTTPS_ONLY) assert.equal(check(e, id)?.status, 'nao_se_aplica', `${site}: ${id}`);
  });
});

describe('discovery and false failures', () => {
  test('a file read with a small cap (an llms.txt link) is read again whole when a check needs it whole (llms-full.txt)', async () => {
    const big = `# Completo\n\n${'Texto do arquivo completo. '.repeat(40_000)}`;
    const site = await startFixture((req, res) => {
      res.writeHead(200, { 'content-type': req.url === '/' ? 'text/html' : 'text/markdown' });
      res.end(req.url === '/' ? '<html><body><p>oi</p></body></html>' : big);
    });
    fixtures.push(site);
    const network = guardNetwork();
    networks.push(network);
    const deadline = createDeadline(10_000);
    const fetcher = createSafeFetcher({ network, allowLoopback: true, signal: deadline.signal, maxBytes: 64 * 1024 });
    const home = await fetcher(`http://${site.host}/`, {});
    const ctx = await createContext({ domain: site.host, home, fetch: fetcher, loopback: true, httpFallback: false, deadline });
    const small = await ctx.get('/llms-full.txt', { accept: 'text/markdown' });
    const whole = await ctx.get('/llms-full.txt', { accept: 'text/markdown', maxBytes: 5 * 1024 * 1024 });
    assert.ok('truncated' in small && small.truncated);
    assert.ok('truncated' in whole && !whole.truncated && whole.body === big);
  });
  test('a public site whose HTTPS is unreachable, read over http://: https fails once, HSTS is not applicable', async () => {
    const site = await startFixture(agentReadySite);
    fixtures.push(site);
    // https is refused by the guard (no TLS in tests): the instrument falls back to http.
    const network = guardNetwork({ names: { 'site.exemplo.com.br': '93.184.216.34' }, routes: { '93.184.216.34:443': -1, '93.184.216.34:80': site.port } });
    const e = envelopeSchema.parse(await measure('site.exemplo.com.br', { key, agentOrigin: AGENT, network }));
    assert.equal(e.estado, 'registrada', e.motivo);
    assert.equal(check(e, 'https')?.status, 'falhou');
    assert.equal(check(e, 'hsts')?.status, 'nao_se_aplica', check(e, 'hsts')?.detalhe);
    assert.ok(!e.lacunas.some((l) => l.verificacao === 'hsts'));
    assert.deepEqual(network.violations, ['tls 93.184.216.34:443']);
  });
  test('the sitemap index announced by <link rel="sitemap"> is found and followed (Starlight, no robots.txt)', () => {
    const sitemap = check(readings.get('starlight') as Envelope, 'sitemap');
    assert.equal(sitemap?.status, 'passou', sitemap?.detalhe);
    assert.match(sitemap?.detalhe ?? '', /sitemap-index\.xml.*6 páginas.*<link rel="sitemap">/);
  });
  test('the sitemap declared in robots.txt is /sitemap-index.xml (Astro): found', () => {
    assert.equal(check(readings.get('astro-blog-sitemap') as Envelope, 'sitemap')?.status, 'passou');
  });
  test('robots.txt absent (404): half the weight, and nothing is blocked (RFC 9309)', () => {
    const e = readings.get('starlight') as Envelope;
    assert.equal(check(e, 'robots-txt')?.status, 'parcial');
    assert.equal(check(e, 'robots-txt')?.pontos, 3.5);
    assert.equal(check(e, 'robots-ia')?.status, 'passou');
  });
  test('Web Bot Auth: a SPA fallback answering the directory URL with its HTML page is not a failure', () => {
    const v = check(readings.get('spa') as Envelope, 'web-bot-auth');
    assert.equal(v?.status, 'nao_se_aplica', v?.detalhe);
  });
  test('page-level checks read the sample, not the home page only; the sample size is in the result', () => {
    const e = readings.get('starlight-gemeos') as Envelope;
    assert.deepEqual(e.amostra, { paginas: 6, planejadas: 6, linksDoLlmsTxt: 2, cortada: false });
    assert.match(check(e, 'markdown-gemeo')?.detalhe ?? '', /6 de 6 páginas amostradas/);
    assert.match(check(e, 'negociacao-markdown')?.detalhe ?? '', /6 de 6 páginas amostradas respondem/);
  });
});

describe('a sample of up to 50 pages and every llms.txt link', () => {
  test('a 120-page site: 50 pages read, every llms.txt link tried, a broken one found past the first 8, /mcp (405) judged as an endpoint', async () => {
    const { envelope, site } = await run(manyPagesSite({ pages: 120, broken: [97] }));
    assert.deepEqual(envelope.amostra, { paginas: 50, planejadas: 50, linksDoLlmsTxt: 121, cortada: false });
    const links = check(envelope, 'llms-txt-links');
    assert.match(links?.detalhe ?? '', /120 de 121 links funcionam.*falharam: \/pagina-97\.md \(404\)/);
    assert.doesNotMatch(links?.detalhe ?? '', /\/mcp \(/);
    assert.ok(site.requests.some((r) => r.path === '/mcp' && r.method === 'GET'));
    assert.ok((envelope.nota ?? 0) >= 90, `nota ${envelope.nota}`);
  });
  test('a slow site: the sample is cut at the budget, the reading is still recorded and says so', async () => {
    const { envelope } = await run(manyPagesSite({ pages: 80, delayMs: 150 }), { totalMs: 6_000 });
    assert.equal(envelope.estado, 'registrada', envelope.motivo);
    assert.equal(envelope.amostra?.cortada, true);
    assert.ok((envelope.amostra?.paginas ?? 99) < 50, `${envelope.amostra?.paginas} páginas`);
  });
});

describe('sampling bounds against hostile sites (tests/attacks/sampling-cases.ts)', () => {
  for (const row of SAMPLING_CASES) {
    test(row.name, async () => {
      const { envelope, site } = await run((req, res, { origin }) => {
        const path = new URL(req.url ?? '/', origin).pathname;
        const answer = row.responses[path] ?? Object.entries(row.responses).find(([p]) => p.endsWith('*') && path.startsWith(p.slice(0, -1)))?.[1];
        const r = answer?.(path) ?? { status: 404, type: 'text/plain', body: 'não encontrado' };
        res.writeHead(r.status, { 'content-type': r.type, ...r.headers });
        res.end(r.body.replaceAll('{origin}', origin));
      });
      assert.equal(envelope.estado, 'registrada', envelope.motivo);
      assert.ok(site.requests.length <= row.maxRequests, `${site.requests.length} requisições`);
      if (row.maxUnder) {
        const [prefix, count] = row.maxUnder;
        const under = site.requests.filter((r) => r.path.startsWith(prefix)).length;
        assert.ok(under <= count, `${under} requisições em ${prefix}`);
      }
      assert.ok((envelope.amostra?.paginas ?? 0) <= 50);
    });
  }
});

/**
 * Issue 14: the instrument on a corpus of real site kinds (tests/fixtures/readiness-corpus, served on loopback
 * by tests/helpers/readiness-corpus.ts), each within its expected grade band, and the relations a fair
 * instrument must keep, so that no change can silently break fairness. Also the sample of 50 pages, every
 * llms.txt link tried (endpoints judged as endpoints) and a sample cut short by the time budget.
 * Issue 19: the generator corpus (real builds of Docusaurus, VitePress, Hugo, Jekyll, MkDocs, Next.js, Eleventy
 * and a Vite SPA, with robots.txt and llms.txt variants) and the relations docs/readiness.md derives from the
 * judgement written before measuring; every site read twice, and both readings identical.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { INTERFACE_CHECKS } from '../../functions/readiness/checks/api-signals.ts';
import { CHECKS } from '../../functions/readiness/checks/index.ts';
import { type Envelope, envelopeSchema } from '../../src/model/reading.ts';
import { createContext } from '../../functions/readiness/context.ts';
import { createDeadline } from '../../functions/readiness/deadline.ts';
import { createSafeFetcher } from '../../functions/readiness/fetch/safe-fetch.ts';
import { measure, type MeasureOptions } from '../../functions/readiness/measure.ts';
import { agentReadySite, type Fixture, guardNetwork, measurementLab, startFixture } from '../helpers/readiness.ts';
import { SAMPLING_CASES } from '../attacks/sampling-cases.ts';
import { corpusManifest, corpusSite, corpusSites, manyPagesSite } from '../helpers/readiness-corpus.ts';

const AGENT = 'https://sinal.exemplo.com.br';
/** Checks that only mean something over HTTPS: never a failure on a site read over http. */
const HTTPS_ONLY = ['https', 'hsts'];

const { key, keep, watch } = await measurementLab('nothing outside the loopback test network');
const readings = new Map<string, Envelope>();
/** The second reading of each corpus site, by the same server, with the same clock. */
const secondReadings = new Map<string, Envelope>();
/** One clock for every corpus reading: `medidoEm` is the moment asked, not a difference between readings. */
const CLOCK = () => Date.parse('2026-11-26T12:00:00Z');

async function run(handler: Parameters<typeof startFixture>[0], options: Partial<MeasureOptions> = {}): Promise<{ envelope: Envelope; site: Fixture }> {
  const site = await startFixture(handler);
  keep(site);
  const network = guardNetwork();
  watch(network);
  const envelope = envelopeSchema.parse(await measure(site.host, { key, agentOrigin: AGENT, allowLoopback: true, network, ...options }));
  return { envelope, site };
}

const check = (e: Envelope, id: string) => e.camadas.flatMap((c) => c.verificacoes).find((v) => v.id === id);
const nota = (site: string): number => readings.get(site)?.nota ?? Number.NaN;

before(async () => {
  for (const site of corpusSites()) {
    const { envelope, site: server } = await run(corpusSite(site), { now: CLOCK });
    readings.set(site, envelope);
    const network = guardNetwork();
    watch(network);
    secondReadings.set(site, envelopeSchema.parse(await measure(server.host, { key, agentOrigin: AGENT, allowLoopback: true, network, now: CLOCK })));
  }
});

describe('the corpus: each site within its band', () => {
  test('the corpus has the site kinds of the issue', () => {
    assert.deepEqual(corpusSites(), [
      'astro-blog', 'astro-blog-sitemap', 'docusaurus', 'docusaurus-bloqueio-docs', 'docusaurus-llms', 'eleventy', 'eleventy-llms-quebrado', 'hugo',
      'hugo-bloqueio-treino', 'jekyll-minima', 'jekyll-minima-sem-robots', 'mkdocs-material', 'modelo', 'nextjs-export', 'spa', 'starlight',
      'starlight-bloqueio-ia', 'starlight-bloqueio-treino', 'starlight-gemeos', 'vite-spa', 'vitepress', 'vitepress-llms', 'vitepress-llms-405',
      'vitepress-llms-perplexity',
    ]);
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

/** The sites built by a real generator (issue 19); the older corpus sites were written to look like builds. */
const GENERATOR_SITES = [
  'docusaurus', 'docusaurus-llms', 'docusaurus-bloqueio-docs', 'vitepress', 'vitepress-llms', 'vitepress-llms-perplexity', 'vitepress-llms-405', 'hugo',
  'hugo-bloqueio-treino', 'jekyll-minima', 'jekyll-minima-sem-robots', 'mkdocs-material', 'nextjs-export', 'eleventy', 'eleventy-llms-quebrado', 'vite-spa',
];
const scores = (...sites: string[]) => sites.map((s) => `${s} ${nota(s)}`).join(', ');
/** A reading with its measured durations (time to first byte…) left out: those are observations of the moment. */
const withoutDurations = (e: Envelope): unknown => JSON.parse(JSON.stringify(e).replace(/\d[\d.,]* ms\b/g, '… ms'));

describe('the generator corpus (issue 19): relations from the judgement in docs/readiness.md', () => {
  test('two readings of each corpus site are identical (apart from measured durations)', () => {
    for (const site of corpusSites()) {
      assert.deepEqual(withoutDurations(secondReadings.get(site) as Envelope), withoutDurations(readings.get(site) as Envelope), site);
    }
  });
  test('a per-path AI block (Disallow: /docs/ for GPTBot, ClaudeBot, PerplexityBot) scores below no block', () => {
    assert.ok(nota('docusaurus-bloqueio-docs') < nota('docusaurus'), scores('docusaurus-bloqueio-docs', 'docusaurus'));
  });
  test('one AI search crawler blocked beside two training crawlers: a cost, well above the all-AI cap', () => {
    const e = readings.get('vitepress-llms-perplexity') as Envelope;
    assert.equal(e.teto, undefined, e.teto?.motivo);
    assert.ok(nota('vitepress-llms-perplexity') >= 50, scores('vitepress-llms-perplexity'));
    assert.ok(nota('vitepress-llms-perplexity') < nota('vitepress-llms'), scores('vitepress-llms-perplexity', 'vitepress-llms'));
  });
  test('a training-only block is never above the same site allowing everything', () => {
    assert.ok(nota('hugo-bloqueio-treino') <= nota('hugo'), scores('hugo-bloqueio-treino', 'hugo'));
  });
  test('a robots.txt holding only a Sitemap line (jekyll-sitemap) is valid and no worse than none', () => {
    assert.notEqual(check(readings.get('jekyll-minima') as Envelope, 'robots-txt')?.status, 'falhou', check(readings.get('jekyll-minima') as Envelope, 'robots-txt')?.detalhe);
    assert.ok(nota('jekyll-minima') >= nota('jekyll-minima-sem-robots'), scores('jekyll-minima', 'jekyll-minima-sem-robots'));
  });
  test('a broken llms.txt (every .md link answers 404) is no better than none', () => {
    assert.ok(nota('eleventy-llms-quebrado') <= nota('eleventy'), scores('eleventy-llms-quebrado', 'eleventy'));
  });
  test('an llms.txt link answering 405 outside ## Optional is broken and costs', () => {
    const links = check(readings.get('vitepress-llms-405') as Envelope, 'llms-txt-links');
    assert.notEqual(links?.status, 'passou', links?.detalhe);
    assert.ok(nota('vitepress-llms-405') < nota('vitepress-llms'), scores('vitepress-llms-405', 'vitepress-llms'));
  });
  test('llms.txt links answered by a same-host 301 to the slashed URL (Docusaurus on GitHub Pages) work', () => {
    const links = check(readings.get('docusaurus-llms') as Envelope, 'llms-txt-links');
    assert.equal(links?.status, 'passou', links?.detalhe);
    assert.ok(nota('docusaurus-llms') > nota('docusaurus'), scores('docusaurus-llms', 'docusaurus'));
  });
  test('twins on 12 of 13 pages (vitepress-plugin-llms) rank above none, as a partial of at least 12/13', () => {
    assert.ok(nota('vitepress-llms') > nota('vitepress'), scores('vitepress-llms', 'vitepress'));
    const twins = check(readings.get('vitepress-llms') as Envelope, 'markdown-gemeo');
    assert.equal(twins?.status, 'parcial', twins?.detalhe);
    assert.ok((twins?.pontos ?? 0) >= ((twins?.peso ?? 0) * 12) / 13 - 0.01, `${twins?.pontos} de ${twins?.peso}`);
  });
  test('no lacuna of a partly passed check carries the title of its failure', () => {
    const failureTitle = new Map(CHECKS.map((c) => [c.id, c.titulo]));
    const wrong = GENERATOR_SITES.flatMap((site) => {
      const e = readings.get(site) as Envelope;
      return e.lacunas
        .filter((l) => check(e, l.verificacao)?.status === 'parcial' && l.titulo === failureTitle.get(l.verificacao))
        .map((l) => `${site}: ${l.verificacao} (${check(e, l.verificacao)?.detalhe.slice(0, 60)}…) "${l.titulo}"`);
    });
    assert.deepEqual(wrong, []);
  });
  test('the JS shell (Vite + React) fails as a JS shell: no server text, capped at 39', () => {
    const e = readings.get('vite-spa') as Envelope;
    assert.equal(check(e, 'texto-no-servidor')?.status, 'falhou', check(e, 'texto-no-servidor')?.detalhe);
    assert.ok(nota('vite-spa') <= 39, scores('vite-spa'));
    // The SSG builds are not shells (a Hugo taxonomy page with little text makes a partial, not a failure).
    for (const site of GENERATOR_SITES.filter((s) => s !== 'vite-spa')) {
      const text = check(readings.get(site) as Envelope, 'texto-no-servidor');
      assert.ok(['passou', 'parcial'].includes(text?.status ?? ''), `${site}: ${text?.status} ${text?.detalhe}`);
    }
  });
  test('content sites are not charged for agent-interface checks', () => {
    const charged = GENERATOR_SITES.flatMap((site) => {
      const e = readings.get(site) as Envelope;
      return INTERFACE_CHECKS.filter((id) => check(e, id)?.status !== 'nao_se_aplica').map((id) => `${site}: ${id} ${check(e, id)?.status} (${check(e, id)?.detalhe})`);
    });
    assert.deepEqual(charged, []);
  });
});

describe('the corpus server answers as the static host would', () => {
  test('GitHub Pages: /docs/x → 301 /docs/x/; a variant serves its base\'s files, its own, and not what it drops; a fixed 405', async () => {
    const served = async (site: string) => {
      const server = await startFixture(corpusSite(site));
      keep(server);
      return (path: string) => fetch(`http://127.0.0.1:${server.port}${path}`, { redirect: 'manual' });
    };
    const docusaurus = await served('docusaurus-llms');
    const moved = await docusaurus('/docs/instalacao');
    assert.equal(moved.status, 301);
    assert.equal(moved.headers.get('location'), '/docs/instalacao/');
    assert.equal((await docusaurus('/docs/instalacao/')).status, 200);
    assert.match(await (await docusaurus('/llms.txt')).text(), /^# Ipê/);
    assert.equal((await docusaurus('/sitemap.xml')).status, 200, 'from the base build');
    const jekyll = await served('jekyll-minima-sem-robots');
    assert.equal((await jekyll('/robots.txt')).status, 404);
    assert.equal((await jekyll('/sitemap.xml')).status, 200);
    const vitepress = await served('vitepress-llms-405');
    const post = await vitepress('/api/busca');
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'POST');
  });
});

describe('discovery and false failures', () => {
  test('a file read with a small cap (an llms.txt link) is read again whole when a check needs it whole (llms-full.txt)', async () => {
    const big = `# Completo\n\n${'Texto do arquivo completo. '.repeat(40_000)}`;
    const site = await startFixture((req, res) => {
      res.writeHead(200, { 'content-type': req.url === '/' ? 'text/html' : 'text/markdown' });
      res.end(req.url === '/' ? '<html><body><p>oi</p></body></html>' : big);
    });
    keep(site);
    const network = guardNetwork();
    watch(network);
    const deadline = createDeadline(10_000);
    const fetcher = createSafeFetcher({ network, allowLoopback: true, signal: deadline.signal, maxBytes: 64 * 1024 });
    const home = await fetcher(`http://${site.host}/`, {});
    const ctx = await createContext({ domain: site.host, home, userAgent: 'SinalCognitivoLeitor/1.0 (teste)', fetch: fetcher, loopback: true, httpFallback: false, deadline });
    const small = await ctx.get('/llms-full.txt', { accept: 'text/markdown' });
    const whole = await ctx.get('/llms-full.txt', { accept: 'text/markdown', maxBytes: 5 * 1024 * 1024 });
    assert.ok('truncated' in small && small.truncated);
    assert.ok('truncated' in whole && !whole.truncated && whole.body === big);
  });
  test('a public site whose HTTPS is unreachable, read over http://: https fails once, HSTS is not applicable', async () => {
    const site = await startFixture(agentReadySite);
    keep(site);
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
  test('a 120-page site: 50 pages read, every llms.txt link tried, a broken one found past the first 8, /mcp (405) in ## Optional judged as an endpoint', async () => {
    const { envelope, site } = await run(manyPagesSite({ pages: 120, broken: [97] }));
    assert.deepEqual(envelope.amostra, { paginas: 50, planejadas: 50, linksDoLlmsTxt: 121, cortada: false });
    const links = check(envelope, 'llms-txt-links');
    assert.match(links?.detalhe ?? '', /120 de 121 links do llms\.txt funcionam; quebrados: “\/pagina-97\.md” \(404\)/);
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

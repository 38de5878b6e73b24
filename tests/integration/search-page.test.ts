/**
 * The site search for people (`GET /busca`, functions/search/page.ts) through the local server: the same ranking
 * as `/api/v1/busca` for the queries of docs/search.md, highlighted snippets that escape everything else, the
 * suggestions when nothing matches, friendly pages for bad queries (never 5xx), `noindex`, and /opensearch.xml.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parseDocument, DomUtils } from 'htmlparser2';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { registerAndExchange } from '../helpers/api-tokens.ts';
import { CONTACT_FORM_PATH } from '../../src/model/paths.ts';
import { MEASURE_PATH } from '../../src/model/measurement.ts';

let server: LocalServer;
let token: string;

before(async () => {
  server = await startLocalServer({ port: 0 });
  ({ token } = await registerAndExchange(server.url));
});
after(() => server?.close());

const page = async (q: string | null) => {
  const res = await fetch(`${server.url}/busca${q === null ? '' : `?q=${encodeURIComponent(q)}`}`);
  const html = await res.text();
  return { res, html, doc: parseDocument(html) };
};
const resultLinks = (doc: ReturnType<typeof parseDocument>): string[] =>
  DomUtils.findAll((e) => e.name === 'li' && e.attribs.class === 'search-result', doc.children).map(
    (li) => DomUtils.findOne((e) => e.name === 'a', li.children)!.attribs.href!,
  );

/** The queries of docs/search.md (its relevance notes and limits). */
const QUERIES = ['quanto custa o diagnóstico', 'medição gratuita', 'fontes citadas pelos motores', 'llms.txt', 'markdown para agentes', 'prontidão para agentes', 'otimizaçao', 'migrações', 'dados estruturados', 'MIGRACAO'];

describe('GET /busca', () => {
  for (const q of QUERIES) {
    test(`“${q}”: the same results, in the same order, as /api/v1/busca`, async () => {
      const api = await fetch(`${server.url}/api/v1/busca?q=${encodeURIComponent(q)}&limite=10`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(api.status, 200);
      const expected = ((await api.json()) as { resultados: { url: string }[] }).resultados.map((r) => r.url);
      const { res, doc } = await page(q);
      assert.equal(res.status, 200);
      assert.ok(expected.length > 0, 'the query finds pages');
      assert.deepEqual(resultLinks(doc), expected);
    });
  }

  test('matched terms in <mark>, accents folded (otimizaçao marks otimização)', async () => {
    const { html, doc } = await page('dados estruturados');
    const marks = DomUtils.findAll((e) => e.name === 'mark', doc.children).map((m) => DomUtils.textContent(m).toLowerCase());
    assert.ok(marks.some((m) => m.startsWith('dado')) && marks.some((m) => m.startsWith('estruturad')), html.slice(0, 200));
    const folded = DomUtils.findAll((e) => e.name === 'mark', (await page('otimizaçao')).doc.children).map((m) => DomUtils.textContent(m).toLowerCase());
    assert.ok(folded.some((m) => m.startsWith('otimiza')), folded.join(','));
  });

  test('a query with HTML is escaped everywhere; only <mark> is markup', async () => {
    const q = '<script>alert(1)</script> "dados" <img src=x onerror=alert(2)>';
    const { res, html, doc } = await page(q);
    assert.equal(res.status, 200);
    assert.ok(!html.includes('<script>alert'), 'no raw script');
    assert.ok(!html.includes('<img src=x'), 'no raw img');
    assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.equal(DomUtils.findAll((e) => e.name === 'img' && e.attribs.src === 'x', doc.children).length, 0);
    const input = DomUtils.findOne((e) => e.name === 'input' && e.attribs.id === 'busca-q', doc.children)!;
    assert.equal(input.attribs.value, q);
    assert.ok(resultLinks(doc).length > 0, '“dados” still finds pages');
  });

  test('no result: “nenhum resultado” and suggestions (sections, measurement, contact form)', async () => {
    const { res, html, doc } = await page('zzzzqqqq xywvut');
    assert.equal(res.status, 200);
    assert.match(html, /Nenhum resultado para “zzzzqqqq xywvut”/);
    const links = DomUtils.findAll((e) => e.name === 'a', DomUtils.findAll((e) => e.attribs.class === 'search-suggestions', doc.children)).map((a) => a.attribs.href);
    for (const href of ['/solucoes', '/blog', MEASURE_PATH, '/contato']) assert.ok(links.some((l) => l === href), `${href} in ${links}`);
  });

  test('a buyer\'s question: the page made for it first, and "orçamento" offers the form itself above the results', async () => {
    const first = async (q: string) => new URL(resultLinks((await page(q)).doc)[0]!).pathname;
    assert.equal(await first('quanto custa'), '/precos');
    assert.equal(await first('whatsapp'), '/contato');
    const { doc } = await page('orçamento');
    assert.equal(new URL(resultLinks(doc)[0]!).pathname, '/contato');
    const actions = DomUtils.findAll((e) => e.attribs.class === 'search-actions', doc.children);
    assert.equal(actions.length, 1);
    const action = DomUtils.findOne((e) => e.name === 'a', actions[0]!.children)!;
    assert.equal(action.attribs.href, `${CONTACT_FORM_PATH}#formulario`);
    assert.equal(DomUtils.textContent(action), 'Pedir uma proposta pelo formulário');
    assert.equal(DomUtils.findAll((e) => e.attribs.class === 'search-actions', (await page('dados estruturados')).doc.children).length, 0, 'not for other questions');
  });

  test('noindex: header and meta on result pages', async () => {
    const { res, doc } = await page('seo');
    assert.equal(res.headers.get('x-robots-tag'), 'noindex');
    assert.equal(DomUtils.findOne((e) => e.name === 'meta' && e.attribs.name === 'robots', doc.children)?.attribs.content, 'noindex');
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
  });

  test('bad queries: friendly pages, never 5xx', async () => {
    for (const q of [null, '', '   ']) {
      const { res, html } = await page(q);
      assert.equal(res.status, 200, `q=${q}`);
      assert.match(html, /<form[^>]+action="\/busca"/);
      assert.match(html, /Digite uma ou mais palavras/);
    }
    const long = await page('a'.repeat(1000));
    assert.equal(long.res.status, 400);
    assert.match(long.html, /no máximo 500 caracteres/);
    assert.match(long.res.headers.get('content-type') ?? '', /^text\/html/);
    const control = await page('dados\u0000\u0007\u001b[31m estruturados\u009b');
    assert.equal(control.res.status, 200);
    assert.ok(!/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(control.html), 'control characters stripped');
    assert.ok(resultLinks(control.doc).length > 0);
    const onlyControl = await page('\u0000\u0001\u0002');
    assert.equal(onlyControl.res.status, 200);
    assert.match(onlyControl.html, /Digite uma ou mais palavras/);
    const malformed = await fetch(`${server.url}/busca?q=%E0%A4%A`);
    assert.ok(malformed.status < 500, `malformed escape: ${malformed.status}`);
    const post = await fetch(`${server.url}/busca`, { method: 'POST', body: 'q=x' });
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET, HEAD, OPTIONS');
    const head = await fetch(`${server.url}/busca?q=seo`, { method: 'HEAD' });
    assert.equal(head.status, 200);
  });

  test('every built page has the header search box and the OpenSearch link', async () => {
    const { html } = await (async () => ({ html: await (await fetch(`${server.url}/`)).text() }))();
    assert.match(html, /<link rel="search" type="application\/opensearchdescription\+xml" href="\/opensearch.xml"/);
    assert.match(html, /<form class="search-box" role="search" aria-label="Busca no cabeçalho" method="get" action="\/busca"/);
    assert.match(html, /<label for="site-search-q"/);
  });
});

describe('/opensearch.xml', () => {
  test('OpenSearch 1.1, pt-BR, strict XML; its template answers 200', async () => {
    const res = await fetch(`${server.url}/opensearch.xml`);
    assert.equal(res.status, 200);
    const xml = await res.text();
    assert.equal(XMLValidator.validate(xml), true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name === 'Url' }).parse(xml) as {
      OpenSearchDescription: { '@xmlns': string; ShortName: string; Language: string; InputEncoding: string; Image: { '#text': string }; Url: Record<string, string>[] };
    };
    const d = doc.OpenSearchDescription;
    assert.equal(d['@xmlns'], 'http://a9.com/-/spec/opensearch/1.1/');
    assert.ok(d.ShortName.length > 0 && d.ShortName.length <= 16, 'ShortName: at most 16 characters');
    assert.equal(d.Language, 'pt-BR');
    assert.equal(d.InputEncoding, 'UTF-8');
    assert.match(d.Image['#text'], /^http:\/\/localhost:8890\/icon-192\.png$/);
    const html = d.Url.find((u) => u['@type'] === 'text/html')!;
    assert.equal(html['@template'], 'http://localhost:8890/busca?q={searchTerms}');
    const path = new URL(html['@template']!.replace('{searchTerms}', encodeURIComponent('dados estruturados'))).pathname + '?q=dados%20estruturados';
    const answer = await fetch(`${server.url}${path}`);
    assert.equal(answer.status, 200);
    assert.match(await answer.text(), /resultados? para/);
  });
});

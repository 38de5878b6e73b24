/**
 * The badge of a recorded reading (`/diagnostico-de-visibilidade-cognitiva/selo/<dominio>.svg`) through the real
 * local server: the SVG of a scored reading, of a domain never measured (200, the neutral badge) and of a malformed
 * address (404 SVG); the headers a badge needs (type, short caching with revalidation, ETag and 304, a resource policy
 * that lets other sites embed it); one address per domain; storage down; and every badge served passes the Nu
 * checker's SVG validation. The result page offers the embed snippets, and stays valid HTML with them.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { loadConfig } from '../../functions/config.ts';
import { BADGE_CACHE_CONTROL } from '../../functions/readiness/badge.ts';
import type { Envelope } from '../../src/model/reading.ts';
import { saveReading } from '../../functions/readiness/readings.ts';
import { DATA_CSP } from '../../src/model/security-headers.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import { type Store, StoreUnavailableError } from '../../functions/store/types.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { resetServices, testServices } from '../helpers/services.ts';
import { requireVnu, runVnu, VNU_HTML_ALLOWED, type VnuMessage } from '../helpers/vnu.ts';

const services = testServices();
let server: LocalServer;
const BADGE = '/diagnostico-de-visibilidade-cognitiva/selo/';
const PAGE = '/diagnostico-de-visibilidade-cognitiva/resultado/';

const reading: Envelope = {
  dominio: 'exemplo.com.br',
  estado: 'registrada',
  nota: 42,
  grau: 'D',
  camadas: [{ id: 'acesso', nome: 'Acesso de robôs', nota: 42, verificacoes: [{ id: 'robots', nome: 'robots.txt', status: 'falhou', peso: 4, pontos: 0, detalhe: 'O robots.txt bloqueia o GPTBot.' }] }],
  lacunas: [],
  medidoEm: '2026-05-04T12:00:00.000Z',
};

async function use(store: Store = new MemoryStore()): Promise<void> {
  resetServices(services, { config: loadConfig({ ...process.env, SITE_URL: server.url }), store });
}

before(async () => {
  server = await startLocalServer({ port: 0, services });
});
after(async () => {
  resetServices(services);
  await server.close();
});
beforeEach(async () => {
  await use();
  await saveReading(services.store, reading);
});

const get = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, { redirect: 'manual', ...init });
const titleOf = (svg: string) => /<title>([^<]*)<\/title>/.exec(svg)?.[1];

function assertBadgeHeaders(res: Response, cacheControl = BADGE_CACHE_CONTROL): void {
  assert.equal(res.headers.get('content-type'), 'image/svg+xml; charset=utf-8');
  assert.equal(res.headers.get('cache-control'), cacheControl);
  assert.match(res.headers.get('etag') ?? '', /^"[A-Za-z0-9_-]{27}"$/);
  // Other sites embed it: the site-wide same-origin policy would block the image there.
  assert.equal(res.headers.get('cross-origin-resource-policy'), 'cross-origin');
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(res.headers.get('content-security-policy'), DATA_CSP);
  assert.equal(res.headers.get('x-robots-tag'), 'noindex');
}

describe('readiness badge', () => {
  test('a scored reading: 200 SVG with grade and score, the sentence as title; HEAD has the same headers', async () => {
    const res = await get(`${BADGE}exemplo.com.br.svg`);
    assert.equal(res.status, 200);
    assertBadgeHeaders(res);
    const svg = await res.text();
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*role="img" aria-label="[^"]+">/);
    assert.match(svg, />D · 42<\/text>/);
    assert.equal(titleOf(svg), 'Prontidão para IA de exemplo.com.br: nota 42 de 100, grau D, medida em 4 de maio de 2026 pela Sinal Cognitivo.');
    const head = await get(`${BADGE}exemplo.com.br.svg`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assertBadgeHeaders(head);
    assert.equal(head.headers.get('etag'), res.headers.get('etag'));
    assert.equal(await head.text(), '');
  });

  test('revalidation: If-None-Match with the ETag gives 304 without a body; a new reading gives a new badge', async () => {
    const first = await get(`${BADGE}exemplo.com.br.svg`);
    await first.arrayBuffer();
    const etag = first.headers.get('etag')!;
    for (const header of [etag, `W/${etag}`, `"outra", ${etag}`, '*']) {
      const again = await get(`${BADGE}exemplo.com.br.svg`, { headers: { 'if-none-match': header } });
      assert.equal(again.status, 304, header);
      assert.equal(again.headers.get('etag'), etag);
      assert.equal(again.headers.get('cache-control'), BADGE_CACHE_CONTROL);
      assert.equal(await again.text(), '');
    }
    await saveReading(services.store, { ...reading, nota: 91, grau: 'A', medidoEm: '2026-05-05T12:00:00.000Z' });
    const changed = await get(`${BADGE}exemplo.com.br.svg`, { headers: { 'if-none-match': etag } });
    assert.equal(changed.status, 200);
    assert.notEqual(changed.headers.get('etag'), etag);
    assert.match(await changed.text(), />A · 91<\/text>/);
  });

  test('a domain never measured: 200 with the neutral badge inviting a measurement, never an error', async () => {
    const res = await get(`${BADGE}nunca-medido.com.br.svg`);
    assert.equal(res.status, 200);
    assertBadgeHeaders(res);
    const svg = await res.text();
    assert.match(svg, />medir grátis<\/text>/);
    assert.match(titleOf(svg) ?? '', /^nunca-medido\.com\.br ainda não tem medição de prontidão para IA: meça de graça em /);
  });

  test('an unscored reading: 200, "sem nota"', async () => {
    await saveReading(services.store, { ...reading, dominio: 'bloqueado.com.br', estado: 'nao_pontuada', nota: null, grau: null, camadas: [], motivo: 'Desafio anti-robô.' });
    const res = await get(`${BADGE}bloqueado.com.br.svg`);
    assert.equal(res.status, 200);
    assert.match(await res.text(), />sem nota<\/text>/);
  });

  test('one address per domain: upper case, www. and punycode forms redirect to the normalized badge', async () => {
    for (const [from, to] of [
      ['WWW.Exemplo.com.br.svg', 'exemplo.com.br.svg'],
      [`${encodeURIComponent('https://www.exemplo.com.br')}.svg`, 'exemplo.com.br.svg'],
      [`${encodeURIComponent('açaí.com.br')}.svg`, 'xn--aa-4iaz.com.br.svg'],
    ]) {
      const res = await get(`${BADGE}${from}`);
      assert.equal(res.status, 301, from);
      assert.equal(res.headers.get('location'), `${BADGE}${to}`, from);
    }
  });

  test('malformed addresses: 404 with the "domínio inválido" badge, the input never echoed', async () => {
    const hostile = '<script>alert(1)</script>';
    for (const bad of ['%E0%A4%A.svg', 'localhost.svg', '127.0.0.1.svg', 'exemplo.svg', 'exemplo.com.br', 'exemplo.com.br.png', `${encodeURIComponent(hostile)}.svg`, '.svg', `${'a'.repeat(2000)}.com.br.svg`]) {
      const res = await get(`${BADGE}${bad}`);
      assert.equal(res.status, 404, bad);
      assertBadgeHeaders(res);
      const svg = await res.text();
      assert.match(svg, />domínio inválido<\/text>/, bad);
      assert.ok(!svg.includes('script') && !svg.includes('exemplo') && !svg.includes('localhost'), `nada da entrada no selo: ${bad}`);
    }
  });

  test('methods: POST is 405 with Allow; OPTIONS lists GET and HEAD', async () => {
    const post = await get(`${BADGE}exemplo.com.br.svg`, { method: 'POST' });
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET, HEAD');
    const options = await get(`${BADGE}exemplo.com.br.svg`, { method: 'OPTIONS' });
    assert.equal(options.status, 204);
    assert.equal(options.headers.get('allow'), 'GET, HEAD');
  });

  test('storage down: 503 badge with Retry-After, not cached, never 500', async () => {
    const failing = new MemoryStore();
    failing.get = async () => {
      throw new StoreUnavailableError(new Error('down'));
    };
    await use(failing);
    const res = await get(`${BADGE}exemplo.com.br.svg`);
    assert.equal(res.status, 503);
    assert.equal(res.headers.get('retry-after'), '30');
    assertBadgeHeaders(res, 'no-store');
    assert.match(await res.text(), />indisponível<\/text>/);
  });

  test('the result page offers the badge and its HTML and markdown snippets, linked to the page (and its twin, markdown)', async () => {
    const html = await (await get(`${PAGE}exemplo.com.br`)).text();
    assert.match(html, /<h3>Selo para o seu site<\/h3>/);
    // The badge itself, inline: the same SVG as the badge's address.
    const served = await (await get(`${BADGE}exemplo.com.br.svg`)).text();
    assert.ok(html.includes(`<p class="medicao-selo-previa">${served.replace(/<title>[^<]*<\/title>/, '').trimEnd()}`), 'o selo servido, embutido na página');
    const page = `${server.url}${PAGE}exemplo.com.br`;
    const image = `${server.url}${BADGE}exemplo.com.br.svg`;
    assert.ok(html.includes(`<figcaption>HTML</figcaption><pre><code>&lt;a href=&quot;${page}&quot;&gt;&lt;img src=&quot;${image}&quot;`), 'HTML snippet, escaped');
    assert.ok(html.includes(`<figcaption>Markdown</figcaption><pre><code>[![Prontidão para IA de exemplo.com.br: selo da medição da Sinal Cognitivo](${image})](${page})</code></pre>`), 'markdown snippet');
    assert.match(html, /<button class="btn ghost" type="button" data-copiar="&lt;a href=[^"]+" data-copiado="Código copiado\." [^>]*hidden>Copiar HTML<\/button>/);
    const md = await (await get(`${PAGE}exemplo.com.br.md`)).text();
    assert.ok(md.includes(`## Selo para o seu site\n\nEm markdown, com link para esta página:\n\n\`\`\`markdown\n[![Prontidão para IA de exemplo.com.br: selo da medição da Sinal Cognitivo](${image})](${page})\n\`\`\``));
    // No badge to offer for a reading without a grade.
    await saveReading(services.store, { ...reading, estado: 'nao_pontuada', nota: null, grau: null, camadas: [], motivo: 'Desafio anti-robô.' });
    assert.doesNotMatch(await (await get(`${PAGE}exemplo.com.br`)).text(), /Selo para o seu site/);
  });
});

describe('badges and the result page pass the Nu checker', { skip: requireVnu() }, () => {
  test('every kind of badge validates as SVG; the result page with the snippets validates as HTML', async () => {
    await saveReading(services.store, { ...reading, dominio: 'sem-nota.com.br', estado: 'nao_pontuada', nota: null, grau: null, camadas: [], motivo: 'x' });
    const dir = mkdtempSync(join(tmpdir(), 'selo-'));
    try {
      const badges = ['exemplo.com.br.svg', 'nunca-medido.com.br.svg', 'sem-nota.com.br.svg', 'nao-e-dominio.svg'];
      const files = [];
      for (const [i, name] of badges.entries()) {
        const file = join(dir, `selo-${i}.svg`);
        writeFileSync(file, await (await get(`${BADGE}${name}`)).text());
        files.push(file);
      }
      const page = join(dir, 'resultado.html');
      writeFileSync(page, await (await get(`${PAGE}exemplo.com.br`)).text());
      // One JVM for both: the .svg files are checked as SVG (the same messages as `--svg`), the page as HTML.
      const messages = runVnu(['--also-check-svg', '--errors-only', ...files, page], 60_000).filter((m) => m.type !== 'info');
      const ofPage = (m: VnuMessage) => m.url?.endsWith('/resultado.html') === true;
      const svgErrors = messages.filter((m) => !ofPage(m));
      assert.deepEqual(svgErrors.map((m) => `${m.url}: ${m.message}`), []);
      const htmlErrors = messages.filter((m) => ofPage(m) && !VNU_HTML_ALLOWED.some((a) => a.pattern.test(m.message)));
      assert.deepEqual(htmlErrors.map((m) => `${m.lastLine}: ${m.message}`), []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * The static site through the local server: every page and its twin, negotiation, aliases, 404s and the
 * discovery files (llms.txt, sitemap, robots, schema map, feeds, indexes), with Netlify's headers applied.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { XMLParser } from 'fast-xml-parser';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { siteOrigin } from '../../src/config/site.ts';
import { AI_AGENTS } from '../../src/model/ai-agents.ts';
import { MARKDOWN_MEDIA_TYPE, NEGOTIATED_VARY } from '../../src/model/media-types.ts';
import { LLMS_SECTIONS } from '../../src/model/public-paths.ts';
import type { IndexEntry } from '../../src/model/site-data.ts';
import { derivedRoutes } from '../helpers/blog-listings.ts';
import { llmsLinks, validateLlmsTxt } from '../helpers/llms-txt.ts';

let server: LocalServer;
let pages: IndexEntry[];
const origin = siteOrigin();
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => fetch(`${server.url}${path}`, { headers, method, redirect: 'manual' });
/** Absolute URLs in the content point at the configured origin; fetch them from the test server. */
const local = (url: string) => url.replace(origin, server.url);

before(async () => {
  server = await startLocalServer({ port: 0 });
  pages = JSON.parse(await readFile(new URL('../../dist/agentes/indice.json', import.meta.url), 'utf8')).paginas;
});
after(() => server.close());

describe('pages and twins', () => {
  test('the site has the required pages', () => {
    const routes = new Set(pages.map((p) => p.rota));
    for (const r of ['index', 'sobre', 'contato', 'privacidade', 'termos', 'agentes', 'precos', 'diagnostico-de-visibilidade', 'diagnostico-de-visibilidade-cognitiva']) {
      assert.ok(routes.has(r), r);
    }
    assert.ok(pages.filter((p) => p.secao === 'solucoes' && p.rota.startsWith('solucoes/')).length >= 8, 'ao menos 8 soluções');
    assert.equal(pages.filter((p) => p.rota.startsWith('objetivos/')).length, 5, 'cinco objetivos');
    assert.ok(pages.filter((p) => p.rota.startsWith('blog/')).length >= 8, 'ao menos 8 artigos');
  });

  test('blog articles have at least 600 words', () => {
    for (const p of pages.filter((x) => x.rota.startsWith('blog/'))) {
      assert.ok(p.texto.split(/\s+/).length >= 600, `${p.rota}: ${p.texto.split(/\s+/).length} palavras`);
    }
  });

  test('every page answers HTML with its metadata, and its twin answers markdown', async () => {
    const titles = new Set<string>();
    for (const p of pages) {
      const path = p.rota === 'index' ? '/' : `/${p.rota}`;
      const res = await get(path);
      assert.equal(res.status, 200, path);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
      assert.equal(res.headers.get('vary'), NEGOTIATED_VARY);
      assert.ok(res.headers.get('link')?.includes(`</${p.rota}.md>; rel="alternate"; type="text/markdown"`), `${path} Link`);
      assert.match(res.headers.get('content-security-policy') ?? '', /default-src 'none'/);
      const html = await res.text();
      assert.match(html, /<html lang="pt-BR"/);
      assert.ok(html.includes(`<link rel="canonical" href="${p.url}"`), `${path} canonical`);
      assert.ok(html.includes(`<link rel="alternate" type="text/markdown" href="/${p.rota}.md"`), `${path} alternate`);
      assert.ok(html.includes('application/ld+json'), `${path} JSON-LD`);
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      assert.ok(title && !titles.has(title), `${path} título único`);
      titles.add(title!);

      const twin = await get(`/${p.rota}.md`);
      assert.equal(twin.status, 200, `${p.rota}.md`);
      assert.equal(twin.headers.get('content-type'), MARKDOWN_MEDIA_TYPE);
      assert.ok(Number(twin.headers.get('x-markdown-tokens')) > 0);
      const md = await twin.text();
      assert.ok(md.startsWith(`# ${p.titulo}\n\n> ${p.descricao}\n\nURL canônica: ${p.url}\n`), `${p.rota}.md cabeçalho`);
      assert.doesNotMatch(md, /^(import|export) /m, `${p.rota}.md sem fonte MDX`);
      assert.doesNotMatch(md, /<(nav|header|footer)\b/, `${p.rota}.md sem navegação`);
    }
  });

  test('Accept: text/markdown and AI crawlers get the twin on the page address', async () => {
    const md = await get('/sobre', { accept: 'text/markdown, text/html;q=0.9' });
    assert.equal(md.headers.get('content-type'), MARKDOWN_MEDIA_TYPE);
    assert.equal(md.headers.get('vary'), NEGOTIATED_VARY);
    assert.equal(await md.text(), await (await get('/sobre.md')).text());
    const bot = await get('/blog', { 'user-agent': `Mozilla/5.0 (compatible; ${AI_AGENTS[0]!.token}/1.0)` });
    assert.equal(bot.headers.get('content-type'), MARKDOWN_MEDIA_TYPE);
    const browser = await get('/sobre', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    assert.match(browser.headers.get('content-type') ?? '', /^text\/html/);
    const home = await get('/', { accept: 'text/markdown' });
    assert.equal(await home.text(), await (await get('/index.md')).text());
  });

  test('the agent overview is at /agentes, /developers, /docs and /?mode=agent', async () => {
    const html = await (await get('/agentes')).text();
    for (const path of ['/developers', '/docs']) {
      const res = await get(path);
      assert.equal(res.status, 200, path);
      assert.equal(await res.text(), html, path);
      assert.equal((await get(path, { accept: 'text/markdown' })).headers.get('content-type'), MARKDOWN_MEDIA_TYPE);
    }
    const agent = await get('/?mode=agent');
    assert.equal(agent.headers.get('content-type'), MARKDOWN_MEDIA_TYPE);
    assert.equal(await agent.text(), await (await get('/agentes.md')).text());
  });

  test('unknown routes get a real 404 page, or a markdown 404 when markdown is asked', async () => {
    const html = await get('/pagina-que-nao-existe');
    assert.equal(html.status, 404);
    assert.match(html.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(await html.text(), /Página não encontrada/);
    const md = await get('/pagina-que-nao-existe', { accept: 'text/markdown' });
    assert.equal(md.status, 404);
    assert.equal(md.headers.get('content-type'), MARKDOWN_MEDIA_TYPE);
    assert.match(await md.text(), /^# Página não encontrada/);
    for (const accept of [undefined, 'text/html,application/xhtml+xml,*/*;q=0.8', 'text/markdown', 'application/json']) {
      for (const method of ['GET', 'HEAD']) {
        const missing = await get('/nao-existe.md', accept ? { accept } : {}, method);
        assert.equal(missing.status, 404, `${accept} ${method}`);
        assert.equal(missing.headers.get('content-type'), MARKDOWN_MEDIA_TYPE, `${accept} ${method}`);
        assert.equal(missing.headers.get('vary'), null, 'um endereço .md não varia');
        if (method === 'GET') assert.match(await missing.text(), /^# Página não encontrada/);
      }
    }
    assert.equal((await get('/blog/nao-existe.md')).headers.get('content-type'), MARKDOWN_MEDIA_TYPE);
    assert.equal((await get('/../package.json')).status, 404);
    assert.equal((await get('/%2e%2e/package.json')).status, 404);
    assert.equal((await get('/_headers')).status, 404);
  });
});

describe('discovery files', () => {
  test('llms.txt files are valid and every link resolves', async () => {
    for (const path of ['/llms.txt', ...LLMS_SECTIONS.map((s) => `/${s}/llms.txt`)]) {
      const res = await get(path);
      assert.equal(res.status, 200, path);
      assert.match(res.headers.get('content-type') ?? '', /^text\/plain; charset=utf-8/);
      const text = await res.text();
      assert.deepEqual(validateLlmsTxt(text), [], path);
      for (const url of llmsLinks(text).filter((u) => u.startsWith(origin) && !/\/(mcp|ask|a2a)(\/docs)?$/.test(u))) {
        const status = (await get(local(url).slice(server.url.length))).status;
        assert.ok(status === 200 || url.includes('/api'), `${path} → ${url}: ${status}`);
      }
    }
    const root = await (await get('/llms.txt')).text();
    for (const p of pages) assert.ok(root.includes(`${p.url === `${origin}/` ? `${origin}/index` : p.url}.md`), `llms.txt lista ${p.rota}`);
  });

  test('sitemap lists every page with lastmod from the content', async () => {
    const res = await get('/sitemap.xml');
    assert.match(res.headers.get('content-type') ?? '', /^application\/xml/);
    const xml = new XMLParser().parse(await res.text());
    const urls: { loc: string; lastmod: string }[] = [xml.urlset.url].flat();
    // Every indexed page, and the listings the build derives from the articles (themes, the blog's later pages).
    const listings = derivedRoutes().map((r) => `${origin}/${r}`);
    assert.deepEqual(urls.map((u) => u.loc).sort(), [...pages.map((p) => p.url), ...listings].sort());
    for (const u of urls.filter((x) => !listings.includes(x.loc))) assert.equal(u.lastmod, pages.find((p) => p.url === u.loc)!.lastmod);
  });

  test('robots.txt has AI crawler rules, Content-Signal and Sitemap, and only records validators know', async () => {
    const text = await (await get('/robots.txt')).text();
    for (const agent of AI_AGENTS) assert.match(text, new RegExp(`^User-agent: ${agent.token}$`, 'm'));
    assert.match(text, /^Content-Signal: search=yes, ai-input=yes, ai-train=yes$/m);
    assert.doesNotMatch(text, /^Disallow: \/$/m);
    assert.match(text, new RegExp(`^Sitemap: ${origin}/sitemap.xml$`, 'm'));
    // No schemaMap record (Lighthouse's robots-txt audit fails on unknown directives); NLWeb's crawler then
    // probes /schema_map.xml itself (nlweb-ai/crawler code/core/master.py), which is served.
    assert.doesNotMatch(text, /^schemaMap:/im);
    assert.equal((await get('/schema_map.xml')).status, 200);
  });

  test('schema maps point at JSON Lines feeds of schema.org objects with @id', async () => {
    for (const path of ['/schemamap.xml', '/schema_map.xml']) {
      const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(await (await get(path)).text());
      const urls: { loc: string; contentType: string }[] = [xml.urlset.url].flat();
      assert.equal(urls.length, 2);
      for (const u of urls) {
        assert.equal(u.contentType, 'structuredData/schema.org');
        const feed = await get(local(u.loc).slice(server.url.length));
        assert.match(feed.headers.get('content-type') ?? '', /^application\/jsonl/);
        const lines = (await feed.text()).trim().split('\n');
        assert.ok(lines.length >= 8, u.loc);
        for (const line of lines) {
          const obj = JSON.parse(line);
          assert.equal(obj['@context'], 'https://schema.org');
          assert.match(obj['@id'], /^https?:\/\//);
          assert.ok(['Service', 'BlogPosting'].includes(obj['@type']));
        }
      }
    }
  });

  test('search index and catalogue', async () => {
    const index = await (await get('/agentes/indice.json')).json();
    assert.equal(index.total, index.paginas.length);
    for (const p of index.paginas) {
      for (const k of ['rota', 'url', 'titulo', 'descricao', 'secao', 'lastmod', 'texto']) assert.equal(typeof p[k], 'string', `${p.rota}.${k}`);
      assert.ok(p.texto.length > 100, p.rota);
    }
    const catalog = await (await get('/agentes/catalogo.json')).json();
    assert.ok(catalog.solucoes.length >= 8);
    assert.equal(catalog.objetivos.length, 5);
    for (const o of catalog.objetivos) for (const s of o.solucoes) assert.ok(catalog.solucoes.some((x: { slug: string }) => x.slug === s), s);
    assert.equal((await get('/agentes/catalogo.json')).headers.get('access-control-allow-origin'), '*');
  });

  test('pricing.md, auth.md and versioning are markdown documents', async () => {
    for (const path of ['/pricing.md', '/auth.md', '/api/versioning.md']) {
      const res = await get(path);
      assert.equal(res.status, 200, path);
      assert.equal(res.headers.get('content-type'), MARKDOWN_MEDIA_TYPE);
      const text = await res.text();
      assert.match(text, /^# \S/);
      assert.doesNotMatch(text, /\{base_url\}/);
    }
    const pricing = await (await get('/pricing.md')).text();
    const prices = JSON.parse(await readFile(new URL('../../content/precos.json', import.meta.url), 'utf8'));
    for (const p of prices.produtos) assert.ok(pricing.includes(p.nome), p.nome);
    assert.match(pricing, /R\$\s?\d/);
  });
});

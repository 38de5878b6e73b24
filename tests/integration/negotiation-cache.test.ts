/**
 * Shared-cache poisoning of the negotiated page routes, on the built site: the local server (edge core over
 * dist/ and its `_headers`) and `_headers` alone (what Netlify's CDN attaches to the HTML files), each judged
 * by a real cache (http-cache-semantics) with the clients of tests/attacks/cache-variant-cases.ts.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { headersFor, parseHeadersFile } from '../../server/netlify-rules.ts';
import { pageRoutes } from '../../src/build/static-rules.ts';
import { MARKDOWN_MEDIA_TYPE, NEGOTIATED_VARY } from '../../src/model/media-types.ts';
import type { IndexEntry } from '../../src/model/site-data.ts';
import { CLIENT_PROFILES, CONFUSABLE_PAIRS, type ClientProfile } from '../attacks/cache-variant-cases.ts';
import { cacheRequest, headerRecord, reusableFor, storeShared } from '../helpers/shared-cache.ts';

const YEAR = 365 * 24 * 3600;
const dist = new URL('../../dist/', import.meta.url);
let server: LocalServer;
let pages: IndexEntry[];

before(async () => {
  server = await startLocalServer({ port: 0 });
  pages = JSON.parse(await readFile(new URL('agentes/indice.json', dist), 'utf8')).paginas;
});
after(() => server.close());

const fetchAs = async (path: string, client: ClientProfile, method = 'GET') => {
  const res = await fetch(`${server.url}${path}`, { method, headers: { 'user-agent': client.userAgent, accept: client.accept }, redirect: 'manual' });
  await res.arrayBuffer();
  return { status: res.status, headers: headerRecord(res.headers) };
};
const variantOf = (headers: Record<string, string>) => ((headers['content-type'] ?? '').startsWith('text/markdown') ? 'markdown' : 'html');

describe('local server: negotiated routes in a shared cache', () => {
  const paths = () => ['/sobre', '/sobre/', '/', '/developers', `/${pages.find((p) => p.rota.startsWith('blog/'))!.rota}`, '/nao-existe'];

  test('every client gets its variant at every kind of page route, and both variants vary on Accept and User-Agent', async () => {
    for (const path of paths()) {
      for (const client of CLIENT_PROFILES) {
        const res = await fetchAs(path, client);
        assert.equal(res.status, path === '/nao-existe' ? 404 : 200, `${client.name} ${path}`);
        assert.equal(variantOf(res.headers), client.variant, `${client.name} ${path}`);
        assert.equal(res.headers.vary, NEGOTIATED_VARY, `${client.name} ${path}`);
        if (client.variant === 'markdown') assert.equal(res.headers['content-type'], MARKDOWN_MEDIA_TYPE);
      }
    }
  });

  test('a stored variant never answers a client of the other (GET and HEAD)', async () => {
    for (const path of paths()) {
      for (const [agent, browser] of CONFUSABLE_PAIRS) {
        for (const [first, second] of [[agent, browser], [browser, agent]] as const) {
          for (const method of ['GET', 'HEAD']) {
            const res = await fetchAs(path, first, method);
            const request = cacheRequest(path, first, method);
            const cdn = storeShared(request, res.status, res.headers, YEAR);
            assert.equal(reusableFor(cdn, request), true, `controle: ${first.name} ${method} ${path}`);
            assert.equal(reusableFor(cdn, cacheRequest(path, second, method)), false, `${method} ${path}: ${first.name} → ${second.name}`);
            assert.equal(reusableFor(storeShared(request, res.status, res.headers), cacheRequest(path, second, method)), false);
          }
        }
      }
    }
  });
});

describe('dist/_headers: the HTML files alone (no edge function) already vary', () => {
  test('every page route and alias gets Vary: Accept, User-Agent; the twins get the GFM type and no Vary', async () => {
    const rules = parseHeadersFile(await readFile(new URL('_headers', dist), 'utf8'));
    const routes = pageRoutes(pages.map((p) => (p.rota === 'index' ? '/index.html' : `/${p.rota}.html`)));
    assert.ok(routes.includes('/') && routes.includes('/developers') && routes.includes('/sobre/'));
    for (const route of routes) assert.equal(headersFor(rules, route).get('vary'), NEGOTIATED_VARY, route);
    for (const p of pages) {
      const twin = headersFor(rules, `/${p.rota}.md`);
      assert.equal(twin.get('content-type'), MARKDOWN_MEDIA_TYPE, p.rota);
      assert.equal(twin.get('vary'), null, p.rota);
    }
    for (const path of ['/404.md', '/auth.md', '/pricing.md', '/api/versioning.md']) assert.equal(headersFor(rules, path).get('content-type'), MARKDOWN_MEDIA_TYPE, path);
  });

  test('an HTML page stored with its _headers never answers an AI crawler', async () => {
    const rules = parseHeadersFile(await readFile(new URL('_headers', dist), 'utf8'));
    for (const [agent, browser] of CONFUSABLE_PAIRS) {
      for (const route of ['/sobre', '/', '/developers']) {
        const headers = { ...headerRecord(headersFor(rules, route)), 'content-type': 'text/html; charset=utf-8' };
        const cdn = storeShared(cacheRequest(route, browser), 200, headers, YEAR);
        assert.equal(reusableFor(cdn, cacheRequest(route, browser)), true, `controle ${route}`);
        assert.equal(reusableFor(cdn, cacheRequest(route, agent)), false, `${route}: HTML de ${browser.name} servido a ${agent.name}`);
      }
    }
  });
});

// The local server answers a static GET/HEAD of a plain path from memory after the first time (server/local.ts):
// the kept answer must be the very answer the bridge gave, per negotiation variant, with a validator that works.
describe('local server: static answers kept in memory', () => {
  const get = async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
    const res = await fetch(`${server.url}${path}`, { method, headers, redirect: 'manual' });
    const body = Buffer.from(await res.arrayBuffer());
    const h = headerRecord(res.headers);
    // The connection's own fields are the client's business (fetch closes after a HEAD), not the answer's.
    for (const name of ['date', 'connection', 'keep-alive']) delete h[name];
    return { status: res.status, headers: h, body };
  };

  test('a repeat is the first answer, byte for byte, with a strong ETag; each variant has its own', async () => {
    for (const [path, accept] of [['/sobre', 'text/html'], ['/sobre', MARKDOWN_MEDIA_TYPE], ['/robots.txt', '*/*'], ['/nao-existe', 'text/html']] as const) {
      const first = await get(path, { accept });
      const again = await get(path, { accept });
      assert.deepEqual(again, first, `${path} (${accept})`);
      if (first.status === 200) assert.match(first.headers.etag ?? '', /^"[A-Za-z0-9_-]{20,}"$/, `${path}: ETag forte`);
    }
    const html = await get('/sobre', { accept: 'text/html' });
    const twin = await get('/sobre', { accept: MARKDOWN_MEDIA_TYPE });
    assert.notEqual(html.headers.etag, twin.headers.etag);
    assert.ok(twin.headers['content-type']?.startsWith('text/markdown'));
  });

  test('If-None-Match with the ETag (or *) gives 304 without a body, the validator and the caching fields; another ETag the file', async () => {
    const first = await get('/sobre', { accept: 'text/html' });
    for (const match of [first.headers.etag!, `W/${first.headers.etag}`, `"outro", ${first.headers.etag}`, '*']) {
      const revalidated = await get('/sobre', { accept: 'text/html', 'if-none-match': match });
      assert.equal(revalidated.status, 304, match);
      assert.equal(revalidated.body.length, 0);
      assert.equal(revalidated.headers.etag, first.headers.etag);
      assert.equal(revalidated.headers['cache-control'], first.headers['cache-control']);
      assert.equal(revalidated.headers.vary, first.headers.vary);
    }
    const other = await get('/sobre', { accept: 'text/html', 'if-none-match': '"outro"' });
    assert.equal(other.status, 200);
    assert.deepEqual(other.body, first.body);
  });

  test('HEAD has the GET headers and no body, kept or not', async () => {
    for (const path of ['/precos', '/llms.txt', '/nao-existe-de-novo']) {
      const head1 = await get(path, { accept: 'text/html' }, 'HEAD');
      const full = await get(path, { accept: 'text/html' });
      const head2 = await get(path, { accept: 'text/html' }, 'HEAD');
      assert.equal(head1.body.length, 0);
      assert.equal(head2.body.length, 0);
      assert.deepEqual(head2.headers, full.headers, path);
      assert.deepEqual(head1.headers, full.headers, path);
    }
  });
});

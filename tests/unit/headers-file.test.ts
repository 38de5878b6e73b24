/**
 * The security headers in one place: the `_headers` the build writes never names a header in two rules that
 * match the same path (Netlify's CDN and its emulator combine such repeats differently), every path gets the
 * full security set exactly once, and function responses get the set that fits their media type.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  DATA_CSP,
  DATA_SECURITY_HEADERS,
  PAGE_CSP,
  PAGE_SECURITY_HEADERS,
  securityHeadersFor,
  withSecurityHeaders,
} from '../../src/model/security-headers.ts';
import { compose, type Exchange } from '../../functions/http/pipeline.ts';
import { guard } from '../../functions/http/steps.ts';
import { testContext } from '../helpers/services.ts';
import { matchesPattern, parseHeadersFile, headersFor } from '../../server/netlify-rules.ts';
import { pageRoutes, renderHeadersFile, STATIC_REWRITES, TYPES_BY_PATH } from '../../src/build/static-rules.ts';
import { MARKDOWN_MEDIA_TYPE, NEGOTIATED_VARY } from '../../src/model/media-types.ts';

/** Paths like the ones the build emits: pages, twins, discovery files, assets. */
const EMITTED = [
  '/index.html',
  '/index.md',
  '/blog/um-artigo.html',
  '/blog/um-artigo.md',
  '/llms.txt',
  '/blog/llms.txt',
  '/sitemap.xml',
  '/feeds/artigos.jsonl',
  '/agentes/indice.json',
  '/_astro/site.abc123.css',
  '/webmcp.js',
  '/og.png',
  '/404.html',
  '/404.md',
  ...Object.keys(TYPES_BY_PATH),
];
/** Request paths: what clients ask for (pages without extension, unknown paths served the 404 page). */
const REQUESTED = [...EMITTED, '/', '/blog/um-artigo', '/developers', '/nao-existe', '/x/y/z', ...Object.keys(STATIC_REWRITES)];

describe('_headers', () => {
  const rules = parseHeadersFile(renderHeadersFile(EMITTED));

  test('no header is named by two rules that match the same path', () => {
    for (const path of REQUESTED) {
      const seen = new Map<string, string>();
      for (const rule of rules.filter((r) => matchesPattern(r.pattern, path))) {
        for (const [name] of rule.headers) {
          const key = name.toLowerCase();
          assert.ok(!seen.has(key) || seen.get(key) === rule.pattern, `${path}: ${name} em ${seen.get(key)} e em ${rule.pattern}`);
          seen.set(key, rule.pattern);
        }
      }
    }
  });

  test('every path gets the page security headers, each with a single value', () => {
    for (const path of REQUESTED) {
      const headers = headersFor(rules, path);
      for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) assert.equal(headers.get(name), value, `${path}: ${name}`);
    }
  });

  test('the api catalogue answers its own Link relation once', () => {
    const link = headersFor(rules, '/.well-known/api-catalog').get('link') ?? '';
    assert.equal(link.split('rel="api-catalog"').length - 1, 1, link);
  });
});

describe('function responses', () => {
  test('HTML gets the page set, everything else the data set', () => {
    assert.equal(securityHeadersFor('text/html; charset=utf-8'), PAGE_SECURITY_HEADERS);
    for (const type of ['application/json', 'text/markdown; charset=utf-8', 'text/event-stream', 'text/plain', null]) {
      assert.equal(securityHeadersFor(type), DATA_SECURITY_HEADERS, String(type));
    }
  });

  test('what a handler set is kept', () => {
    const headers = withSecurityHeaders(new Headers({ 'content-type': 'application/json', 'referrer-policy': 'no-referrer' }));
    assert.equal(headers.get('referrer-policy'), 'no-referrer');
    assert.equal(headers.get('content-security-policy'), DATA_CSP);
  });

  test("the pipeline's guard adds the set to JSON, HTML and unexpected errors", async () => {
    const request = new Request('http://localhost/x');
    const runHandler = (handler: () => Promise<Response>): Promise<Response> => {
      const exchange: Exchange = { request, url: new URL(request.url), method: 'GET', context: testContext(), param: '', found: {}, refuse: () => new Response(null) };
      return compose([guard, { name: 'handler', run: handler }])(exchange);
    };
    const json = await runHandler(async () => Response.json({ ok: true }));
    assert.equal(json.headers.get('content-security-policy'), DATA_CSP);
    const html = await runHandler(async () => new Response('<p>x</p>', { headers: { 'content-type': 'text/html; charset=utf-8' } }));
    assert.equal(html.headers.get('content-security-policy'), PAGE_CSP);
    const original = console.error;
    console.error = () => {};
    try {
      const failed = await runHandler(async () => { throw new Error('boom'); });
      for (const [name, value] of Object.entries(DATA_SECURITY_HEADERS)) assert.equal(failed.headers.get(name), value, name);
    } finally {
      console.error = original;
    }
  });

  test('no unsafe source in either policy', () => {
    for (const csp of [PAGE_CSP, DATA_CSP]) {
      assert.doesNotMatch(csp, /unsafe-|\*|https?:(?!\/\/)/);
      assert.match(csp, /default-src 'none'/);
      assert.match(csp, /frame-ancestors 'none'/);
    }
  });
});

describe('_headers of the negotiated page routes and the twins', () => {
  const emitted = [...EMITTED, '/agentes.html', '/agentes.md', '/blog.html'];
  const rules = parseHeadersFile(renderHeadersFile(emitted));

  test('page routes, with or without the trailing slash and through aliases, vary on Accept and User-Agent', () => {
    assert.deepEqual(pageRoutes(emitted), ['/', '/agentes', '/agentes/', '/blog', '/blog/', '/blog/um-artigo', '/blog/um-artigo/', '/developers', '/developers/', '/docs', '/docs/']);
    for (const path of pageRoutes(emitted)) assert.equal(headersFor(rules, path).get('vary'), NEGOTIATED_VARY, path);
  });

  test('the twins are GFM markdown and, like every file, do not vary', () => {
    for (const path of ['/index.md', '/blog/um-artigo.md', '/404.md', '/agentes.md']) {
      assert.equal(headersFor(rules, path).get('content-type'), MARKDOWN_MEDIA_TYPE, path);
    }
    for (const path of [...emitted, '/nao-existe', '/blog/um-artigo.txt']) assert.equal(headersFor(rules, path).get('vary'), null, path);
  });
});

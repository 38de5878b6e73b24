/**
 * Our side of the standards of late 2026, as served by the local server over the built dist/ (real `_headers`,
 * the edge negotiation): the ARD manifest at its v0.91 name and its v0.9 alias, announced by `Link` and `<link>`
 * on every page; aipref's `Content-Usage` beside `Content-Signal` on pages, twins and negotiated markdown; a
 * robots.txt that still passes Lighthouse's own SEO audit; the standards page and its twin.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import RobotsTxtAudit from 'lighthouse/core/audits/seo/robots-txt.js';
import { validateArdManifest } from '../../functions/readiness/analysis/ard.ts';
import { parseLinkHeader } from '../../functions/readiness/analysis/link-header.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { siteOrigin } from '../../src/config/site.ts';
import { ARD_LEGACY_PATH, ARD_MEDIA_TYPE, ARD_PATH } from '../../src/model/ard.ts';
import { CONTENT_SIGNAL, CONTENT_USAGE } from '../../src/model/usage-preferences.ts';

let server: LocalServer;
const origin = siteOrigin();
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });

before(async () => {
  server = await startLocalServer({ port: 0 });
});
after(() => server.close());

describe('ARD manifest', () => {
  test('/.well-known/ard.json and its legacy alias: the same valid catalog, with the AI Catalog media type and CORS', async () => {
    const [current, legacy] = await Promise.all([get(ARD_PATH), get(ARD_LEGACY_PATH)]);
    for (const res of [current, legacy]) {
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), ARD_MEDIA_TYPE);
      assert.equal(res.headers.get('access-control-allow-origin'), '*');
    }
    const [a, b] = [await current.text(), await legacy.text()];
    assert.equal(a, b);
    const manifest = JSON.parse(a) as { entries: { url: string }[] };
    assert.deepEqual(validateArdManifest(manifest).errors, []);
    for (const entry of manifest.entries) assert.ok(entry.url.startsWith(`${origin}/`), entry.url);
  });

  test('every kind of page announces it: Link rel="ard" and <link rel="ard">', async () => {
    for (const path of ['/', '/agentes/padroes', '/blog', `/diagnostico-de-visibilidade-cognitiva`]) {
      const res = await get(path);
      assert.equal(res.status, 200, path);
      const link = parseLinkHeader(res.headers.get('link')).find((l) => l.rel.includes('ard'));
      assert.equal(link?.href, ARD_PATH, path);
      assert.equal(link?.type, ARD_MEDIA_TYPE, path);
      assert.match(await res.text(), /<link rel="ard" href="\/\.well-known\/ard\.json" type="application\/ai-catalog\+json"/, path);
    }
  });
});

describe('usage preferences in both vocabularies', () => {
  test('Content-Usage and Content-Signal on HTML pages, .md twins and negotiated markdown, saying the same', async () => {
    for (const [path, headers] of [
      ['/', {}],
      ['/sobre', {}],
      ['/sobre.md', {}],
      ['/sobre', { accept: 'text/markdown' }],
      ['/agentes/padroes.md', {}],
    ] as const) {
      const res = await get(path, headers);
      assert.equal(res.status, 200, path);
      assert.equal(res.headers.get('content-usage'), CONTENT_USAGE, `${path} ${JSON.stringify(headers)}`);
      assert.equal(res.headers.get('content-signal'), CONTENT_SIGNAL, `${path} ${JSON.stringify(headers)}`);
    }
    assert.equal(CONTENT_USAGE, 'train-ai=y, search=y');
  });
});

describe('robots.txt', () => {
  test('Lighthouse’s own SEO audit finds it valid (Agentmap and Content-Usage as comments: docs/DECISIONS.md)', async () => {
    const content = await (await get('/robots.txt')).text();
    const result = RobotsTxtAudit.audit({ RobotsTxt: { status: 200, content } } as never) as { score: number; details?: { items: unknown[] } };
    assert.equal(result.score, 1, JSON.stringify(result.details?.items));
    assert.match(content, new RegExp(`^# Agentmap: ${origin}/\\.well-known/ard\\.json$`, 'm'));
    assert.match(content, new RegExp(`^# Content-Usage: ${CONTENT_USAGE}$`, 'm'));
    // The oracle is live: the same lines as records fail it.
    const records = content.replace('# Agentmap:', 'Agentmap:').replace('# Content-Usage:', 'Content-Usage:');
    assert.equal((RobotsTxtAudit.audit({ RobotsTxt: { status: 200, content: records } } as never) as { score: number }).score, 0);
  });
});

describe('the standards page', () => {
  test('/agentes/padroes and its twin', async () => {
    const html = await get('/agentes/padroes');
    assert.equal(html.status, 200);
    assert.match(await html.text(), /<h1[^>]*>Padrões para agentes que seguimos em 2026<\/h1>/);
    const twin = await get('/agentes/padroes.md');
    assert.equal(twin.status, 200);
    assert.match(twin.headers.get('content-type') ?? '', /^text\/markdown/);
    assert.match(await twin.text(), /Revisão servida e verificada:\*\* v0\.91 \(2026-08-26\)/);
  });
});

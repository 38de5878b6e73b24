/** The generated data is origin-free: stored with a placeholder, served with the configured origin, whatever the build used. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { siteData, siteDataFor } from '../../functions/content/site-data.ts';
import { sandboxApiData } from '../../functions/api/sandbox/fixtures.ts';
import { siteApiData } from '../../functions/api/data.ts';
import { siteSearch } from '../../functions/search/index.ts';
import { ORIGIN_PLACEHOLDER, originFree, withOrigin } from '../../src/model/site-data.ts';

test('originFree replaces whole origins only; withOrigin puts any origin back', () => {
  const json = JSON.stringify({ a: 'http://localhost:8888/x', b: 'http://localhost:8888', c: 'http://localhost:88889/y', d: 'http://localhost:8888.evil/z', e: '[l](http://localhost:8888/p?q#h)' });
  const free = originFree(json, 'http://localhost:8888');
  assert.deepEqual(JSON.parse(free), {
    a: `${ORIGIN_PLACEHOLDER}/x`,
    b: ORIGIN_PLACEHOLDER,
    c: 'http://localhost:88889/y',
    d: 'http://localhost:8888.evil/z',
    e: `[l](${ORIGIN_PLACEHOLDER}/p?q#h)`,
  });
  assert.deepEqual(withOrigin(JSON.parse(free), 'https://exemplo.com.br').a, 'https://exemplo.com.br/x');
  assert.deepEqual(withOrigin([1, null, { n: 2, s: 's' }], 'https://x.test'), [1, null, { n: 2, s: 's' }]);
});

test('the stored site data names no real origin, and every origin gets its own URLs, markdown included', () => {
  const stored = JSON.stringify(siteData);
  assert.ok(stored.includes(ORIGIN_PLACEHOLDER));
  assert.doesNotMatch(stored, /https?:\/\/localhost:\d+/, 'no build origin in the stored data');
  for (const origin of ['https://sinalcognitivo.com.br', 'http://127.0.0.1:9999']) {
    const data = siteDataFor(origin);
    const text = JSON.stringify(data);
    assert.ok(!text.includes(ORIGIN_PLACEHOLDER), origin);
    assert.ok(data.paginas.every((p) => p.url.startsWith(`${origin}/`)));
    assert.ok(data.paginas.some((p) => p.markdown.includes(`${origin}/`)), 'markdown bodies too');
    assert.ok(data.catalogo.solucoes.every((s) => s.url.startsWith(`${origin}/`)));
    assert.ok(siteSearch(origin).search('seo técnico', { limite: 3 }).every((r) => r.url.startsWith(`${origin}/`)));
    const api = siteApiData(origin);
    assert.ok(api.page('solucoes/seo-tecnico')!.markdown.includes(`${origin}/`));
    assert.ok(api.solutions().solucoes.every((s) => s.url.startsWith(`${origin}/`)));
    const sandbox = sandboxApiData(origin);
    assert.ok(sandbox.pages.every((p) => p.url.startsWith(`${origin}/`)));
    assert.ok(sandbox.search.search('soluções', { limite: 3 }).every((r) => r.url.startsWith(`${origin}/`)));
  }
});

/** Related articles: the indexed, memoised ranking gives exactly what the plain full sort gives. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { relatedArticles } from '../../src/lib/related.ts';
import type { SiteModel, SitePage } from '../../src/lib/site.ts';
import { mulberry32 } from '../../scripts/lib/prng.ts';

type Article = Extract<SitePage, { kind: 'artigo' }>;

/** The definition: every other article, by shared tags (desc) then publicadoEm (desc), stable over model.artigos. */
function reference(artigo: Article, model: SiteModel, count: number): Article[] {
  const shared = (a: Article) => a.entry.data.tags.filter((t) => artigo.entry.data.tags.includes(t)).length;
  return model.artigos
    .filter((a) => a !== artigo)
    .map((a) => ({ a, s: shared(a), t: a.entry.data.publicadoEm.getTime() }))
    .sort((x, y) => y.s - x.s || y.t - x.t)
    .slice(0, count)
    .map((x) => x.a);
}

function corpus(seed: number, size: number, tagPool: number): SiteModel {
  const random = mulberry32(seed);
  const pick = (n: number) => Math.floor(random() * n);
  const artigos = Array.from({ length: size }, (_, i) => {
    const tags = Array.from({ length: pick(4) }, () => `tag-${pick(tagPool)}`); // 0–3 tags, repeats possible
    // Few distinct days, so that ties on the date are common.
    const publicadoEm = new Date(Date.UTC(2026, 0, 1 + pick(20)));
    return { kind: 'artigo', rota: `blog/a-${i}`, entry: { data: { tags, publicadoEm } } } as unknown as Article;
  }).sort((a, b) => b.entry.data.publicadoEm.getTime() - a.entry.data.publicadoEm.getTime());
  return { artigos } as unknown as SiteModel;
}

test('same result as the full sort, for every article, on random corpora with shared tag sets and date ties', () => {
  for (const [seed, size, tagPool] of [
    [1, 1, 3],
    [2, 4, 2],
    [3, 60, 3],
    [4, 300, 8],
    [5, 300, 40],
  ] as const) {
    const model = corpus(seed, size, tagPool);
    for (const count of [1, 3, 5]) {
      for (const artigo of model.artigos) {
        assert.deepEqual(
          relatedArticles(artigo, model, count).map((a) => a.rota),
          reference(artigo, model, count).map((a) => a.rota),
          `seed ${seed}, ${artigo.rota}, count ${count}`,
        );
      }
    }
  }
});

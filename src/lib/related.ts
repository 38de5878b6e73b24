/**
 * Related articles: the articles that share the most tags with an article, most recent first among equals,
 * topped up with the most recent articles when fewer share a tag.
 *
 * Same result as sorting every other article by (shared tags desc, publicadoEm desc) with a stable sort over
 * `model.artigos` (already newest first) and taking the first `count`, but without sorting the whole blog
 * for every article page: a tag → articles index is built once per model, and each page only counts the
 * articles that share a tag with it. (The full sort made a 5,000-article build quadratic.) Articles with the
 * same tags have the same ranking but for themselves: it is computed once per tag set, one place longer, and
 * each article drops itself from it.
 */
import type { SiteModel, SitePage } from './site.ts';

type Article = Extract<SitePage, { kind: 'artigo' }>;

interface TagIndex {
  position: Map<Article, number>;
  /** Tag → positions in model.artigos, one per occurrence of the tag in an article's list. */
  byTag: Map<string, number[]>;
  time: Float64Array;
  shared: Uint16Array;
  /** Tag set and count → the best `count + 1` positions among all articles (the article itself included). */
  byTagSet: Map<string, number[]>;
}

const indexes = new WeakMap<SiteModel, TagIndex>();

function tagIndex(model: SiteModel): TagIndex {
  let index = indexes.get(model);
  if (!index) {
    const byTag = new Map<string, number[]>();
    model.artigos.forEach((a, i) => {
      for (const tag of a.entry.data.tags) {
        const list = byTag.get(tag);
        if (list) list.push(i);
        else byTag.set(tag, [i]);
      }
    });
    index = {
      position: new Map(model.artigos.map((a, i) => [a, i])),
      byTag,
      time: Float64Array.from(model.artigos, (a) => a.entry.data.publicadoEm.getTime()),
      shared: new Uint16Array(model.artigos.length),
      byTagSet: new Map(),
    };
    indexes.set(model, index);
  }
  return index;
}

/** Keep the `count` best positions in `top` (best first) as candidates arrive, without sorting them all. */
function offer(top: number[], candidate: number, count: number, better: (x: number, y: number) => boolean): void {
  if (count <= 0) return;
  if (top.length === count) {
    if (!better(candidate, top[count - 1]!)) return;
    top.pop();
  }
  let at = top.length;
  while (at > 0 && better(candidate, top[at - 1]!)) at--;
  top.splice(at, 0, candidate);
}

export function relatedArticles(artigo: Article, model: SiteModel, count = 3): Article[] {
  const index = tagIndex(model);
  const tags = [...new Set(artigo.entry.data.tags)].sort();
  const key = `${count}\u0000${tags.join('\u0000')}`;
  let ranking = index.byTagSet.get(key);
  if (!ranking) index.byTagSet.set(key, (ranking = rank(index, tags, model.artigos.length, count + 1)));
  // Removing the article from the ranking leaves the others in the same order.
  const self = index.position.get(artigo);
  return ranking
    .filter((i) => i !== self)
    .slice(0, count)
    .map((i) => model.artigos[i]!);
}

/** The best `count` positions for an article with these tags, every article a candidate. */
function rank({ byTag, time, shared }: TagIndex, tags: readonly string[], total: number, count: number): number[] {
  // Shared-tag count of every article, as `other.tags.filter((t) => tags.includes(t)).length`.
  const touched: number[] = [];
  for (const tag of tags) {
    for (const i of byTag.get(tag) ?? []) {
      if (shared[i] === 0) touched.push(i);
      shared[i]!++;
    }
  }
  // Best first: more shared tags, then the most recent, then the order of model.artigos (a stable sort's tie-break).
  const newer = (x: number, y: number) => time[x]! > time[y]! || (time[x] === time[y] && x < y);
  const better = (x: number, y: number) => shared[x]! > shared[y]! || (shared[x] === shared[y] && newer(x, y));
  const top: number[] = [];
  for (const i of touched) offer(top, i, count, better);
  if (top.length < count) {
    // Fewer than `count` share a tag: the most recent of the others (no tag in common) follow.
    const rest: number[] = [];
    for (let i = 0; i < total; i++) if (shared[i] === 0) offer(rest, i, count - top.length, newer);
    top.push(...rest);
  }
  for (const i of touched) shared[i] = 0;
  return top;
}

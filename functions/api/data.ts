/**
 * Where the API's answers come from: one `ApiData` per source. The v1 routes read the published site
 * (`siteApiData`: pages, search, catalogue and prices bundled by the build); the sandbox reads fixed data
 * (./sandbox/fixtures.ts) through the very same route handlers. Bodies that do not depend on the request
 * are computed once per source (and origin) and kept as JSON text.
 */
import { LRUCache } from 'lru-cache';
import { siteDataFor } from '../content/site-data.ts';
import type { IndexEntry } from '../content/site-data.ts';
import { siteSearch } from '../search/index.ts';
import type { SearchIndex } from '../search/index.ts';
import { pricesBody } from '../../src/model/prices.ts';
import type { Catalogo } from '../../src/model/site-data.ts';
import { twinUrl } from '../../src/model/routes.ts';
import type { PageBody, PageSummary, PricesBody, SolutionsBody } from './schemas.ts';
import { perOrigin } from '../memo.ts';

export type PageEntry = IndexEntry & { markdown: string };

export interface ApiData {
  /** True for the sandbox: every body carries `sandbox: true`. */
  readonly sandbox: boolean;
  /** The pages of the index, in index order. */
  readonly pages: readonly PageSummary[];
  /** The complete page of a route of the index. */
  page(rota: string): PageBody | undefined;
  readonly search: SearchIndex;
  solutions(): SolutionsBody;
  prices(): PricesBody;
  /** Per-source cache of serialized, UTF-8 encoded bodies (keyed by the caller), the 5,000 most recently used. */
  readonly cache: LRUCache<string, Uint8Array<ArrayBuffer>>;
}



/** The solutions body from a catalogue (its URLs already for the serving origin). */
export function solutionsBody(catalogo: Catalogo): SolutionsBody {
  return { atualizadoEm: catalogo.atualizadoEm, solucoes: catalogo.solucoes, objetivos: catalogo.objetivos };
}

/** An `ApiData` for `origin` over pages, a search and a catalogue whose URLs are already for `origin`. */
export function createApiData(init: {
  origin: string;
  pages: readonly PageEntry[];
  search: SearchIndex;
  catalogo: Catalogo;
  sandbox: boolean;
}): ApiData {
  const { origin, pages, catalogo, search } = init;
  const summaries: PageSummary[] = pages.map((p) => ({
    rota: p.rota,
    url: p.url,
    titulo: p.titulo,
    descricao: p.descricao,
    secao: p.secao,
    lastmod: p.lastmod,
  }));
  const byRoute = new Map(pages.map((p, i) => [p.rota, { entry: p, summary: summaries[i]! }]));
  let solutions: SolutionsBody | undefined;
  let prices: PricesBody | undefined;
  return {
    sandbox: init.sandbox,
    pages: summaries,
    page(rota) {
      const found = byRoute.get(rota);
      if (!found) return undefined;
      return { ...found.summary, markdown: found.entry.markdown, markdownUrl: twinUrl(origin, rota) };
    },
    search,
    solutions: () => (solutions ??= solutionsBody(catalogo)),
    prices: () => (prices ??= pricesBody(origin)),
    cache: new LRUCache({ max: 5_000 }),
  };
}

/** The published site's data, for the configured origin. */
export const siteApiData = perOrigin(
  (origin): ApiData =>
    createApiData({
      origin,
      pages: siteDataFor(origin).paginas,
      search: siteSearch(origin),
      catalogo: siteDataFor(origin).catalogo,
      sandbox: false,
    }),
);

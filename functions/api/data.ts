/**
 * Where the API's answers come from: one `ApiData` per source. The v1 routes read the published site
 * (`siteApiData`: pages, search, catalogue and prices bundled by the build); the sandbox reads fixed data
 * (./sandbox/fixtures.ts) through the very same route handlers. Bodies that do not depend on the request
 * are computed once per source (and origin) and kept as JSON text.
 */
import { siteData } from '../content/site-data.ts';
import type { IndexEntry } from '../content/site-data.ts';
import { siteSearch } from '../search/index.ts';
import type { SearchIndex } from '../search/index.ts';
import { loadPrices, productView } from '../../src/model/prices.ts';
import type { Catalogo } from '../../src/model/site-data.ts';
import type { PageBody, PageSummary, PricesBody, SolutionsBody } from './schemas.ts';

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
  /** Per-source cache of serialized, UTF-8 encoded bodies (keyed by the caller). */
  readonly cache: Map<string, Uint8Array<ArrayBuffer>>;
}

/** URL of the markdown twin of a route (`/index.md` for the home page). */
export const markdownUrl = (origin: string, rota: string): string => `${origin}/${rota}.md`;

/** Rewrites absolute URLs built for `from` (the build's origin) onto `to` (the runtime's origin). */
export const rebase = (url: string, from: string, to: string): string => (from !== to && url.startsWith(from) ? to + url.slice(from.length) : url);

/** The prices body from content/precos.json (the same data as /pricing.md). */
export function pricesBody(origin: string): PricesBody {
  const precos = loadPrices();
  return {
    moeda: precos.moeda,
    atualizadoEm: precos.atualizadoEm.toISOString().slice(0, 10),
    fonte: `${origin}/pricing.md`,
    produtos: precos.produtos.map((p) => productView(p, origin)),
    sobProposta: { descricao: precos.sobProposta.descricao, url: `${origin}/${precos.sobProposta.rota}` },
  };
}

/** The solutions body from a catalogue (URLs rebased onto `origin`). */
export function solutionsBody(catalogo: Catalogo, origin: string): SolutionsBody {
  const from = catalogo.origem;
  return {
    atualizadoEm: catalogo.atualizadoEm,
    solucoes: catalogo.solucoes.map((s) => ({ ...s, url: rebase(s.url, from, origin) })),
    objetivos: catalogo.objetivos.map((o) => ({ ...o, url: rebase(o.url, from, origin) })),
  };
}

/** An `ApiData` over a list of pages, a search index over them, a catalogue and the prices. */
export function createApiData(init: {
  origin: string;
  /** Origin the page and catalogue URLs were built with. */
  builtFor: string;
  pages: readonly PageEntry[];
  search: SearchIndex;
  catalogo: Catalogo;
  sandbox: boolean;
}): ApiData {
  const { origin, builtFor } = init;
  const summaries: PageSummary[] = init.pages.map((p) => ({
    rota: p.rota,
    url: rebase(p.url, builtFor, origin),
    titulo: p.titulo,
    descricao: p.descricao,
    secao: p.secao,
    lastmod: p.lastmod,
  }));
  const byRoute = new Map(init.pages.map((p, i) => [p.rota, { entry: p, summary: summaries[i]! }]));
  const search: SearchIndex =
    builtFor === origin
      ? init.search
      : {
          size: init.search.size,
          ranked: (q, options) => init.search.ranked(q, options),
          search: (q, options) => init.search.search(q, options).map((r) => ({ ...r, url: rebase(r.url, builtFor, origin) })),
        };
  let solutions: SolutionsBody | undefined;
  let prices: PricesBody | undefined;
  return {
    sandbox: init.sandbox,
    pages: summaries,
    page(rota) {
      const found = byRoute.get(rota);
      if (!found) return undefined;
      return { ...found.summary, markdown: found.entry.markdown, markdownUrl: markdownUrl(origin, rota) };
    },
    search,
    solutions: () => (solutions ??= solutionsBody(init.catalogo, origin)),
    prices: () => (prices ??= pricesBody(origin)),
    cache: new Map(),
  };
}

const siteSources = new Map<string, ApiData>();

/** The published site's data, for the runtime origin. */
export function siteApiData(origin: string): ApiData {
  let data = siteSources.get(origin);
  if (!data) {
    data = createApiData({
      origin,
      builtFor: siteData.origem,
      pages: siteData.paginas,
      search: siteSearch(),
      catalogo: siteData.catalogo,
      sandbox: false,
    });
    siteSources.set(origin, data);
  }
  return data;
}

/**
 * The one lexical search of the service (types in ./types.ts). The v1 API (`/api/v1/busca`), the MCP tools
 * and `/ask` call `siteSearch()`; the sandbox builds its own fixed index with `createSearchIndex`.
 *
 * The site index is serialized at build time (`.generated/search-index.json`, written by
 * src/build/integration.ts next to site-data.json) and loaded without re-analysing the pages; if it does not
 * fit the bundled pages (stale build), it is rebuilt from them.
 */
import prebuilt from '../../.generated/search-index.json' with { type: 'json' };
import { siteData } from '../content/site-data.ts';
import { type IndexOptions, type SearchIndex, type SerializedSearchIndex, createSearchIndex, loadSearchIndex } from './engine.ts';
import { intentsOf } from './intents.ts';
import { SEARCH_INDEX_FILE } from './prebuilt.ts';
import { withOrigin } from '../../src/model/site-data.ts';
import { perOrigin } from '../memo.ts';

export { createSearchIndex, loadSearchIndex, serializeSearchIndex } from './engine.ts';
export type { SearchIndex, SerializedSearchIndex } from './engine.ts';
export type { SearchOptions, SearchResult } from './types.ts';
export { SEARCH_INDEX_FILE } from './prebuilt.ts';

/** The site's index puts the pages that answer a buyer's short question first (./intents.ts). */
export const SITE_INDEX_OPTIONS: IndexOptions = { pins: (terms, query) => intentsOf(terms, query).flatMap((intent) => intent.rotas) };

let site: SearchIndex | undefined;
const forOrigin = perOrigin((origin) => searchFor(siteSearch(), origin));

/**
 * The search over the published pages (`siteData.paginas`), loaded once per process; with `origin`, its results
 * carry absolute URLs for that origin (the stored pages are origin-free).
 */
export function siteSearch(origin?: string): SearchIndex {
  if (origin !== undefined) return forOrigin(origin);
  if (!site) {
    site = loadSearchIndex(prebuilt as SerializedSearchIndex, siteData.paginas, SITE_INDEX_OPTIONS);
    if (!site) {
      console.warn(`[search] ${SEARCH_INDEX_FILE} não corresponde às páginas de site-data.json; reconstruindo o índice.`);
      site = createSearchIndex(siteData.paginas, SITE_INDEX_OPTIONS);
    }
  }
  return site;
}

/** `index` whose results carry absolute URLs for `origin` (its entries written with `ORIGIN_PLACEHOLDER`). */
export function searchFor(index: SearchIndex, origin: string): SearchIndex {
  return {
    size: index.size,
    ranked: (q, options) => index.ranked(q, options),
    search: (q, options) => withOrigin(index.search(q, options), origin),
  };
}

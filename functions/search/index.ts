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
import { type SearchIndex, type SerializedSearchIndex, createSearchIndex, loadSearchIndex } from './engine.ts';
import { SEARCH_INDEX_FILE } from './prebuilt.ts';

export { createSearchIndex, loadSearchIndex, serializeSearchIndex } from './engine.ts';
export type { SearchIndex, SerializedSearchIndex } from './engine.ts';
export type { SearchOptions, SearchResult } from './types.ts';
export { SEARCH_INDEX_FILE } from './prebuilt.ts';

let site: SearchIndex | undefined;

/** The search over the published pages (`siteData.paginas`), loaded once per process. */
export function siteSearch(): SearchIndex {
  if (!site) {
    site = loadSearchIndex(prebuilt as SerializedSearchIndex, siteData.paginas);
    if (!site) {
      console.warn(`[search] ${SEARCH_INDEX_FILE} não corresponde às páginas de site-data.json; reconstruindo o índice.`);
      site = createSearchIndex(siteData.paginas);
    }
  }
  return site;
}

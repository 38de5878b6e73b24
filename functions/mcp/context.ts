/**
 * The run-time `ToolContext` of the MCP tools: the published site data, the shared search (`siteSearch()`),
 * the same engine over the documentation files, and the recorded readings. Built per request (reads count
 * against the caller's share of the instrument gate); the documentation index is built on first use. (Static imports only: a dynamic import makes esbuild, which
 * bundles the Netlify function, wrap shared modules in lazy initializers and the bundle fails at start.)
 */
import { siteDataFor } from '../content/site-data.ts';
import { readRecordedReading } from '../readiness/read-reading.ts';
import { runtime } from '../runtime.ts';
import type { SearchIndex } from '../search/engine.ts';
import { createSearchIndex, siteSearch } from '../search/index.ts';
import { contactEmail } from '../../src/config/site.ts';
import { docFiles, docSearchEntries } from './docs-tools.ts';
import type { ToolContext } from './registry.ts';

let docsIndex: { origin: string; index: SearchIndex } | undefined;

/** The documentation index of `origin`, built on first use and kept while the origin stays the same. */
function docsSearch(origin: string): SearchIndex {
  if (docsIndex?.origin !== origin) docsIndex = { origin, index: createSearchIndex(docSearchEntries(docFiles(siteDataFor(origin), origin))) };
  return docsIndex.index;
}

/** The context of one request: reads of readings count against `clientAddress`'s share of the instrument gate. */
export function toolContext(clientAddress: string): ToolContext {
  const origin = runtime().config.origin;
  return {
    origin,
    data: siteDataFor(origin),
    get search() {
      return siteSearch(origin);
    },
    get docsSearch() {
      return docsSearch(origin);
    },
    readReading: (domain) => readRecordedReading(domain, clientAddress),
    contactEmail: contactEmail(),
  };
}

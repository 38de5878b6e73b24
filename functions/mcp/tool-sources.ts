/**
 * The run-time `ToolSources` of the MCP tools (what they read, not a second request context): the published site data, the shared search (`siteSearch()`),
 * the same engine over the documentation files, and the recorded readings. Built per request (reads count
 * against the caller's share of the instrument gate); the documentation index is built on first use. (Static imports only: a dynamic import makes esbuild, which
 * bundles the Netlify function, wrap shared modules in lazy initializers and the bundle fails at start.)
 */
import { siteDataFor } from '../content/site-data.ts';
import type { RequestContext } from '../context.ts';
import { readRecordedReading } from '../readiness/read-reading.ts';
import type { SearchIndex } from '../search/engine.ts';
import { createSearchIndex, siteSearch } from '../search/index.ts';
import { contactEmail } from '../../src/config/site.ts';
import { docFiles, docSearchEntries } from './docs-tools.ts';
import type { ToolSources } from './registry.ts';

let docsIndex: { origin: string; index: SearchIndex } | undefined;

/** The documentation index of `origin`, built on first use and kept while the origin stays the same. */
function docsSearch(origin: string): SearchIndex {
  if (docsIndex?.origin !== origin) docsIndex = { origin, index: createSearchIndex(docSearchEntries(docFiles(siteDataFor(origin), origin))) };
  return docsIndex.index;
}

/** The sources of one request: reads of readings count against the request client's share of the instrument gate. */
export function toolSources(context: RequestContext): ToolSources {
  const origin = context.config.origin;
  return {
    origin,
    data: siteDataFor(origin),
    get search() {
      return siteSearch(origin);
    },
    get docsSearch() {
      return docsSearch(origin);
    },
    readReading: (domain) => readRecordedReading(context, domain),
    contactEmail: contactEmail(),
  };
}

/**
 * The run-time `ToolContext` of the MCP tools: the published site data, the shared search (`siteSearch()`),
 * the same engine over the documentation files, and the recorded readings. Built once per process; the
 * documentation index is built on first use. (Static imports only: a dynamic import makes esbuild, which
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

let cached: { origin: string; context: ToolContext } | undefined;

export function toolContext(): ToolContext {
  const origin = runtime().config.origin;
  if (cached?.origin === origin) return cached.context;
  let docsIndex: SearchIndex | undefined;
  const data = siteDataFor(origin);
  const context: ToolContext = {
    origin,
    data,
    get search() {
      return siteSearch(origin);
    },
    get docsSearch() {
      docsIndex ??= createSearchIndex(docSearchEntries(docFiles(data, origin)));
      return docsIndex;
    },
    readReading: readRecordedReading,
    contactEmail: contactEmail(),
  };
  cached = { origin, context };
  return context;
}

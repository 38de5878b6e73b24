/**
 * The run-time `ToolContext` of the MCP tools: the published site data, the shared search (`siteSearch()`),
 * the same engine over the documentation files, and the recorded readings. Built once per process; the parts
 * only one tool needs (the documentation index, the readings store) are loaded on first use, which keeps the
 * function's cold start short.
 */
import { siteData } from '../content/site-data.ts';
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
  const context: ToolContext = {
    origin,
    data: siteData,
    get search() {
      return siteSearch();
    },
    get docsSearch() {
      docsIndex ??= createSearchIndex(docSearchEntries(docFiles(siteData, origin)));
      return docsIndex;
    },
    readReading: async (domain) => (await import('../readiness/read-reading.ts')).readRecordedReading(domain),
    contactEmail: contactEmail(),
  };
  cached = { origin, context };
  return context;
}

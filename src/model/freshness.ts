/**
 * How long published data may be served from a cache: the `max-age` of the data files (`_headers`,
 * src/build/static-rules.ts) and the `ttlMs` of the MCP servers' lists and reads (functions/mcp/methods.ts).
 * The content changes only with a deploy; five minutes bounds how stale a reader can be after one.
 */
export const PUBLISHED_DATA_MAX_AGE_SECONDS = 300;

/**
 * Media types the site declares in more than one place (static `_headers`, the edge negotiation, the
 * Astro endpoints), written once here so every path serves the same value.
 */

/**
 * The twins and markdown documents are GitHub Flavored Markdown (tables, bare URLs): RFC 7763's `variant`
 * parameter says so, with the GFM identifier of the IANA markdown-variants registry.
 */
export const MARKDOWN_MEDIA_TYPE = 'text/markdown; charset=utf-8; variant=GFM';

/**
 * Request headers that choose the variant of a negotiated page route (HTML or its markdown twin): `Accept`,
 * and `User-Agent` because known AI crawlers get the twin without asking (functions/edge/negotiate.ts).
 */
export const NEGOTIATED_VARY = 'Accept, User-Agent';

/** Content types by extension for the files the build emits (static hosts guess some of them poorly): the build's `_headers` and the local server's static files. */
export const TYPES_BY_EXTENSION: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.md': MARKDOWN_MEDIA_TYPE,
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.jsonl': 'application/jsonl; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};

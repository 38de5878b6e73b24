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

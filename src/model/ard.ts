/**
 * Agentic Resource Discovery (ARD v0.91, 2026-08-26): where a catalog of a site's agentic resources lives and how
 * it is announced. Shared by the site (src/lib/ard.ts builds ours) and the readiness instrument (the `ard` check
 * looks for other sites' catalogs at the same places).
 */

/** The canonical manifest (v0.91). */
export const ARD_PATH = '/.well-known/ard.json';
/** The v0.9 name, kept as an identical alias: Lighthouse 13.5's ARD gatherer and older clients read it. */
export const ARD_LEGACY_PATH = '/.well-known/ai-catalog.json';
/** The manifest is an AI Catalog document (`specVersion` 1.0), served with the AI Catalog media type. */
export const ARD_MEDIA_TYPE = 'application/ai-catalog+json';
/** Link relation (HTTP `Link` and HTML `<link>`), and the v0.9 one still recognised. */
export const ARD_REL = 'ard';
export const ARD_LEGACY_REL = 'ai-catalog';

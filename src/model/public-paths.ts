/**
 * Public addresses that are not content pages: machine documents, discovery files and function endpoints.
 * Content may link to them; the build's link check accepts them (and anything under the listed prefixes).
 */
import { FUNCTION_ENDPOINTS } from './paths.ts';

export const DOCUMENT_PATHS = [
  '/llms.txt',
  '/llms-full.txt',
  '/api/llms.txt',
  '/solucoes/llms.txt',
  '/blog/llms.txt',
  '/diagnostico-de-visibilidade/llms.txt',
  '/auth.md',
  '/pricing.md',
  '/api/versioning.md',
  '/api/openapi.json',
  '/sitemap.xml',
  '/robots.txt',
  '/schemamap.xml',
  '/schema_map.xml',
  '/feeds/solucoes.jsonl',
  '/feeds/artigos.jsonl',
  '/blog/rss.xml',
  '/agentes/catalogo.json',
  '/agentes/indice.json',
  '/webmcp.js',
  // The functions' fixed endpoints, declared with the functions' mount points (./paths.ts).
  ...FUNCTION_ENDPOINTS,
  '/developers',
  '/docs',
] as const;

/** The blog's RSS feed (src/pages/blog/rss.xml.ts), announced on every page. */
export const FEED_PATH = '/blog/rss.xml';

export const LINKABLE_PREFIXES = ['/.well-known/', '/api/v1/', '/api/ia/'] as const;

/** Sections that have their own llms.txt (besides the root one). */
export const LLMS_SECTIONS = ['api', 'solucoes', 'blog', 'diagnostico-de-visibilidade'] as const;

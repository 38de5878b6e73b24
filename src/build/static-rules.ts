/**
 * Netlify `_headers` and `_redirects` for the static output, generated at build from the same modules the
 * functions use (security headers, page aliases). The local server parses the very same files
 * (server/netlify-rules.ts), so Netlify and `npm start` serve static files alike.
 */
import { PAGE_ALIASES } from '../model/aliases.ts';
import { PUBLISHED_DATA_MAX_AGE_SECONDS } from '../model/freshness.ts';
import { ARD_LEGACY_PATH, ARD_MEDIA_TYPE, ARD_PATH, ARD_REL } from '../model/ard.ts';
import { MARKDOWN_MEDIA_TYPE, NEGOTIATED_VARY, TYPES_BY_EXTENSION } from '../model/media-types.ts';
import { routeOf, twinOf } from '../model/routes.ts';
import { PAGE_SECURITY_HEADERS } from '../model/security-headers.ts';
import { USAGE_HEADERS } from '../model/usage-preferences.ts';

/** Extension-less files (well-known URIs) and their registered media types. */
export const TYPES_BY_PATH: Record<string, string> = {
  '/.well-known/api-catalog': 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
  '/.well-known/http-message-signatures-directory': 'application/http-message-signatures-directory+json',
  '/.well-known/mcp': 'application/json; charset=utf-8',
  '/.well-known/oauth-protected-resource': 'application/json; charset=utf-8',
  '/.well-known/oauth-protected-resource/api/v1': 'application/json; charset=utf-8',
  '/.well-known/oauth-authorization-server': 'application/json; charset=utf-8',
  // MCP server cards at their SEP-2127 location (`<mcp-url>/server-card`).
  '/mcp/server-card': 'application/mcp-server-card+json',
  '/mcp/docs/server-card': 'application/mcp-server-card+json',
  // The ARD manifest (an AI Catalog document) at its v0.91 name and its v0.9 alias.
  [ARD_PATH]: ARD_MEDIA_TYPE,
  [ARD_LEGACY_PATH]: ARD_MEDIA_TYPE,
};

/**
 * Static rewrites (status 200) between emitted files. `/.well-known/oauth-protected-resource/api/v1` (RFC 9728
 * path-inserted form for the resource `/api/v1/`) cannot be a file next to the file
 * `/.well-known/oauth-protected-resource`, so it is a rewrite to the same document.
 */
export const STATIC_REWRITES: Record<string, string> = {
  '/.well-known/oauth-protected-resource/api/v1': '/.well-known/oauth-protected-resource',
  // The resource identifier ends with a slash, so RFC 9728 clients also ask for the path with one.
  '/.well-known/oauth-protected-resource/api/v1/': '/.well-known/oauth-protected-resource',
  // `/.well-known/mcp` cannot be a file next to the folder `/.well-known/mcp/` (server cards): same document as mcp.json.
  '/.well-known/mcp': '/.well-known/mcp.json',
};

const SITE_LINKS =
  '</.well-known/api-catalog>; rel="api-catalog", </llms.txt>; rel="describedby"; type="text/plain", </api/openapi.json>; rel="service-desc"; type="application/vnd.oai.openapi+json", </agentes>; rel="service-doc"; type="text/html", ' +
  `<${ARD_PATH}>; rel="${ARD_REL}"; type="${ARD_MEDIA_TYPE}"`;

const isDataFile = (path: string): boolean => !path.endsWith('.html') && !path.endsWith('/') && !/\.(css|js|svg|png|ico|woff2|webmanifest)$/.test(path);

/**
 * The addresses that answer an emitted HTML page (`/blog/x.html` → `/blog/x` and `/blog/x/`, `/index.html` →
 * `/`, plus the page aliases): the routes the edge function negotiates, whose variant depends on the request.
 */
export function pageRoutes(paths: readonly string[]): string[] {
  const routes = new Set<string>();
  const add = (route: string) => {
    routes.add(route);
    if (route !== '/') routes.add(`${route}/`);
  };
  const pages = new Set<string>();
  for (const path of paths) {
    if (!path.endsWith('.html') || path === '/404.html') continue;
    const route = path === '/index.html' ? '/' : path.replace(/(\/index)?\.html$/, '');
    pages.add(route);
    add(route);
  }
  for (const [alias, target] of Object.entries(PAGE_ALIASES)) if (pages.has(target)) add(alias);
  return [...routes].sort();
}

/** `_headers` for the given emitted file paths (root-relative, e.g. `/blog/x.html`). */
export function renderHeadersFile(paths: readonly string[]): string {
  const blocks: string[] = [];
  const block = (path: string, headers: Record<string, string>) =>
    blocks.push(`${path}\n${Object.entries(headers).map(([k, v]) => `  ${k}: ${v}`).join('\n')}`);

  // The usage policy (Content-Signal and aipref's Content-Usage) states what every page and file may be used for.
  block('/*', { ...PAGE_SECURITY_HEADERS, ...USAGE_HEADERS, Link: SITE_LINKS });
  block('/_astro/*', { 'Cache-Control': 'public, max-age=31536000, immutable' });
  // Rewrite sources get their own block: the rewritten response must carry the same media type and CORS.
  for (const path of [...paths, ...Object.keys(STATIC_REWRITES)].sort()) {
    const ext = path.slice(path.lastIndexOf('.'));
    const type = TYPES_BY_PATH[path] ?? (path.lastIndexOf('.') > path.lastIndexOf('/') ? TYPES_BY_EXTENSION[ext] : undefined);
    if (!isDataFile(path) || !type) continue;
    // Netlify applies every matching rule: the `/*` block's headers (security set, and the `Link` that also
    // answers RFC 9727's `rel="api-catalog"` on `/.well-known/api-catalog`) apply here too. A header named in two
    // matching rules is replaced by Netlify's emulator but may be comma-joined by its CDN, so no name is repeated
    // (tests/unit/headers-file.test.ts).
    block(path, {
      'Content-Type': type,
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': `public, max-age=${PUBLISHED_DATA_MAX_AGE_SECONDS}, must-revalidate`,
    });
  }
  // Page routes: HTML to browsers, the markdown twin to `Accept: text/markdown` and to AI crawlers by user
  // agent, so a cache must key them on both (the edge function says the same; docs/negotiation.md).
  for (const route of pageRoutes(paths)) block(route, { Vary: NEGOTIATED_VARY });
  return `${blocks.join('\n\n')}\n`;
}

/** `_redirects`: page aliases are rewrites (status 200), with their twins. */
export function renderRedirectsFile(): string {
  const lines: string[] = Object.entries(STATIC_REWRITES).map(([from, to]) => `${from} ${to} 200`);
  for (const [from, to] of Object.entries(PAGE_ALIASES)) {
    lines.push(`${from} ${to} 200`, `${from}/ ${to} 200`, `${twinOf(routeOf(from))} ${twinOf(routeOf(to))} 200`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Static file serving with Netlify's semantics for an Astro `build.format: 'file'` output:
 * `/x` → `x.html` (or `x/index.html`), exact files as they are, `_redirects` rewrites, `_headers` headers,
 * `404.html` with status 404. Files are read once and kept in memory (the site is small and immutable).
 */
import { LRUCache } from 'lru-cache';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { TYPES_BY_EXTENSION } from '../src/model/media-types.ts';
import { headersFor, parseHeadersFile, parseRedirectsFile, type HeaderRule, type RedirectRule } from './netlify-rules.ts';

export interface StaticSite {
  /** Response for a root-relative path, as Netlify's CDN would give it (404 page when missing). */
  serve(pathname: string, method?: string): Promise<Response>;
  /** Whether a file exists for the path (after rewrites). */
  resolve(pathname: string): Promise<string | undefined>;
}

export async function createStaticSite(distDir: string): Promise<StaticSite> {
  const root = normalize(distDir).replace(/[\/]+$/, '');
  const headerRules: HeaderRule[] = parseHeadersFile(await readFile(join(root, '_headers'), 'utf8').catch(() => ''));
  const redirects: RedirectRule[] = parseRedirectsFile(await readFile(join(root, '_redirects'), 'utf8').catch(() => ''));
  // Files found are kept (bounded by the size of dist/); misses are remembered in a bounded LRU only, so
  // requests for ever-new paths (crawlers, fuzzers, attackers) cannot grow memory without limit.
  const cache = new Map<string, Promise<Buffer | undefined>>();
  const missing = new LRUCache<string, true>({ max: 10_000 });

  const load = (file: string): Promise<Buffer | undefined> => {
    if (missing.has(file)) return Promise.resolve(undefined);
    let hit = cache.get(file);
    if (!hit) {
      hit = stat(file)
        .then((s) => (s.isFile() ? readFile(file) : undefined))
        .catch(() => undefined);
      cache.set(file, hit);
      void hit.then((body) => {
        if (body !== undefined) return;
        cache.delete(file);
        missing.set(file, true);
      });
    }
    return hit;
  };

  const candidates = (path: string): string[] => {
    if (path.endsWith('/')) return [`${path}index.html`, `${path.slice(0, -1)}.html`];
    if (extname(path)) return [path];
    return [path, `${path}.html`, `${path}/index.html`];
  };

  const rewrite = (path: string): string => {
    for (const r of redirects) if (r.status === 200 && r.from === path) return r.to;
    return path;
  };

  const locate = async (pathname: string): Promise<{ path: string; body: Buffer } | undefined> => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
    if (decoded.includes('\0') || decoded.split('/').some((seg) => seg === '..' || seg.startsWith('_') && seg !== '_astro')) return undefined;
    for (const candidate of candidates(rewrite(decoded))) {
      const file = normalize(join(root, candidate));
      if (!file.startsWith(root + sep)) return undefined;
      const body = await load(file);
      if (body) return { path: candidate, body };
    }
    return undefined;
  };

  const respond = (filePath: string, requestPath: string, body: Buffer, status: number, method: string): Response => {
    const headers = headersFor(headerRules, requestPath);
    // Netlify's default for files without a Cache-Control rule: cached, but revalidated on every use.
    if (!headers.has('cache-control')) headers.set('cache-control', 'public, max-age=0, must-revalidate');
    if (!headers.has('content-type')) headers.set('content-type', TYPES_BY_EXTENSION[extname(filePath)] ?? 'application/octet-stream');
    headers.set('content-length', String(body.byteLength));
    return new Response(method === 'HEAD' ? null : new Uint8Array(body), { status, headers });
  };

  return {
    async resolve(pathname) {
      return (await locate(pathname))?.path;
    },
    async serve(pathname, method = 'GET') {
      const found = await locate(pathname);
      if (found) return respond(found.path, found.path.endsWith('.html') ? pathname : found.path, found.body, 200, method);
      const notFound = await load(join(root, '404.html'));
      if (notFound) return respond('/404.html', '/404.html', notFound, 404, method);
      return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    },
  };
}

/**
 * The readiness corpus (issue 14): static sites of real kinds (an Astro blog, Starlight docs, a JS-only shell…)
 * committed as the files they serve under tests/fixtures/readiness-corpus/<site>/, with a `corpus.json`
 * manifest (name, expected grade band, headers, negotiation, SPA fallback). This tiny static server serves one
 * on loopback the way a static host would: `/x/` → `x/index.html`, missing paths → `404.html` (or `index.html`
 * with 200 for a SPA), `{{ORIGIN}}` in text files replaced by the loopback origin (sitemaps and robots.txt
 * need absolute URLs), and, when the manifest asks, `Accept: text/markdown` answered with the page's `.md` twin.
 * A variant can be an overlay of another site's build (`base`, `sem`), answer some paths with a fixed status
 * (`respostas`, e.g. a POST-only function answering 405) and redirect `/x` to `/x/` as GitHub Pages and Netlify
 * do for a directory (`barraFinal`).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FixtureHandler } from './readiness.ts';

export const CORPUS_DIR = fileURLToPath(new URL('../fixtures/readiness-corpus/', import.meta.url));
/** Real generator builds kept for the false failures of issue 19 (their own README says how each was built). */
export const GENERATORS_DIR = fileURLToPath(new URL('../fixtures/readiness-generators/', import.meta.url));

export interface CorpusManifest {
  nome: string;
  /** Expected nota band [min, max] of our instrument on this site. */
  faixa: [number, number];
  /** Headers of every response. */
  cabecalhos?: Record<string, string>;
  /** Headers of HTML responses. */
  cabecalhosHtml?: Record<string, string>;
  /** Answer `Accept: text/markdown` with the page's twin (`/a/` → `/a.md`, `/` → `/index.md`), Vary and Link. */
  negociacao?: boolean;
  /** Missing paths answer index.html with 200 (a single-page app's fallback). */
  fallbackSpa?: boolean;
  /** Another corpus site whose files this one serves where it has none of its own (a variant of one build). */
  base?: string;
  /** Paths of the base's files this variant does not serve (e.g. `/robots.txt`). */
  sem?: string[];
  /** `/x` where only `x/index.html` exists answers 301 to `/x/`, as GitHub Pages and Netlify do. */
  barraFinal?: boolean;
  /** Fixed answers by path (a function answering 405 to GET, a server error…). */
  respostas?: Record<string, { status: number; cabecalhos?: Record<string, string>; corpo?: string }>;
}

export const corpusSites = (dir = CORPUS_DIR): string[] => readdirSync(dir).filter((d) => existsSync(join(dir, d, 'corpus.json'))).sort();

export const corpusManifest = (site: string, dir = CORPUS_DIR): CorpusManifest => JSON.parse(readFileSync(join(dir, site, 'corpus.json'), 'utf8')) as CorpusManifest;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};

const twinOf = (path: string): string => (path === '/' ? '/index.md' : `${path.replace(/\/$/, '')}.md`);

export function corpusSite(site: string, dir = CORPUS_DIR): FixtureHandler {
  const manifest = corpusManifest(site, dir);
  const roots = [join(dir, site), ...(manifest.base ? [join(dir, manifest.base)] : [])];
  const absent = new Set(manifest.sem ?? []);
  /** The file a path names in this site or its base, as `/`-rooted relative path candidates. */
  const find = (candidates: string[]): string | undefined => {
    for (const candidate of candidates) {
      if (absent.has(candidate)) continue;
      for (const root of roots) {
        const file = join(root, candidate);
        if (file.startsWith(root) && existsSync(file) && statSync(file).isFile()) return file;
      }
    }
    return undefined;
  };
  const cleanPath = (path: string): string | undefined => {
    const clean = normalize(decodeURIComponent(path)).replace(/^(\.\.[/\\])+/, '');
    return clean.includes('..') || clean.endsWith('corpus.json') ? undefined : clean;
  };
  const fileAt = (path: string): string | undefined => {
    const clean = cleanPath(path);
    if (clean === undefined) return undefined;
    if (clean.endsWith('/')) return find([`${clean}index.html`]);
    return find(manifest.barraFinal ? [clean, `${clean}.html`] : [clean, `${clean}/index.html`, `${clean}.html`]);
  };
  return (req, res, { origin }) => {
    const url = new URL(req.url ?? '/', origin);
    const path = url.pathname;
    const fixed = manifest.respostas?.[path];
    if (fixed) {
      res.writeHead(fixed.status, { 'content-type': 'text/plain; charset=utf-8', ...manifest.cabecalhos, ...fixed.cabecalhos });
      res.end(req.method === 'HEAD' ? undefined : (fixed.corpo ?? ''));
      return;
    }
    let file = fileAt(path);
    const clean = cleanPath(path);
    if (!file && manifest.barraFinal && clean !== undefined && !clean.endsWith('/') && find([`${clean}/index.html`])) {
      res.writeHead(301, { location: `${path}/${url.search}`, 'content-type': 'text/html; charset=utf-8', ...manifest.cabecalhos });
      res.end(req.method === 'HEAD' ? undefined : `<html><body><a href="${path}/">Moved Permanently</a></body></html>`);
      return;
    }
    let status = 200;
    const headers: Record<string, string> = { ...manifest.cabecalhos };
    const accept = String(req.headers.accept ?? '');
    if (file?.endsWith('.html') && manifest.negociacao) {
      headers.vary = 'Accept';
      const twin = fileAt(twinOf(path));
      if (twin) {
        headers.link = [`<${twinOf(path)}>; rel="alternate"; type="text/markdown"`, manifest.cabecalhosHtml?.link].filter(Boolean).join(', ');
        if (/text\/markdown/i.test(accept) && !/text\/markdown\s*;\s*q=0(?:\.0*)?(?:[,\s]|$)/i.test(accept)) file = twin;
      }
    }
    if (!file) {
      file = find([manifest.fallbackSpa ? '/index.html' : '/404.html']);
      status = manifest.fallbackSpa ? 200 : 404;
      if (!file) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('não encontrado');
        return;
      }
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    if (type.startsWith('text/html')) Object.assign(headers, manifest.cabecalhosHtml, headers.link ? { link: headers.link } : {});
    const body = type.startsWith('text/') || type === 'application/xml' ? readFileSync(file, 'utf8').replaceAll('{{ORIGIN}}', origin) : readFileSync(file);
    // Validators, as every static host sends them (Netlify, Cloudflare Pages, nginx…).
    const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
    res.writeHead(status, { 'content-type': type, etag, 'last-modified': statSync(file).mtime.toUTCString(), ...headers });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

const PAGE_TEXT =
  'Cada página deste site de teste tem texto suficiente no HTML do servidor, uma versão em markdown anunciada e negociável, ' +
  'título, descrição, URL canônica e um ponteiro para o llms.txt no topo, como o site modelo do corpus. Serve para medir um site ' +
  'grande o bastante para encher a amostra de 50 páginas e provar que a medição cabe no tempo, mesmo com respostas lentas. ';

/**
 * A model content site of `pages` pages (`/pagina-1/` …), generated: sitemap index, llms.txt listing every
 * twin (plus `/mcp` under `## Optional`, answering 405 to GET as an MCP endpoint does), negotiation, pointers. Each response waits
 * `delayMs` (a distant server); `broken` lists page numbers whose twin link in llms.txt is broken (404).
 */
export function manyPagesSite(options: { pages: number; delayMs?: number; broken?: number[] }): FixtureHandler {
  const broken = new Set(options.broken ?? []);
  const paths = ['/', ...Array.from({ length: options.pages - 1 }, (_, i) => `/pagina-${i + 1}/`)];
  const twin = (p: string) => (p === '/' ? '/index.md' : `${p.slice(0, -1)}.md`);
  const html = (origin: string, p: string) =>
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Página ${p}</title><meta name="description" content="Uma página do site de teste grande."><link rel="canonical" href="${origin}${p}"><link rel="alternate" type="text/markdown" href="${twin(p)}"><script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Site grande","url":"${origin}/"}</script></head><body><p>Para agentes: <a href="/llms.txt">/llms.txt</a></p><main><h1>Página ${p}</h1><p>${PAGE_TEXT}</p><p>${PAGE_TEXT}</p></main></body></html>`;
  const md = (p: string) => `# Página ${p}\n\n> Índice para agentes: /llms.txt\n\n${PAGE_TEXT}\n\nVeja a [página inicial](/).\n`;
  return async (req, res, { origin }) => {
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    const path = new URL(req.url ?? '/', origin).pathname;
    const accept = String(req.headers.accept ?? '');
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'public, max-age=300', ...headers });
      res.end(body);
    };
    if (paths.includes(path)) {
      const headers = { vary: 'Accept', link: `<${twin(path)}>; rel="alternate"; type="text/markdown", </llms.txt>; rel="describedby"` };
      if (accept.includes('text/markdown')) return send(200, 'text/markdown; charset=utf-8', md(path), headers);
      return send(200, 'text/html; charset=utf-8', html(origin, path), {
        ...headers,
        'content-security-policy': "default-src 'self'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
      });
    }
    const page = paths.find((p) => twin(p) === path);
    if (page && !broken.has(paths.indexOf(page))) return send(200, 'text/markdown; charset=utf-8', md(page));
    switch (path) {
      case '/robots.txt':
        return send(200, 'text/plain', `User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: /\n\nSitemap: ${origin}/sitemap-index.xml\n`);
      case '/sitemap-index.xml':
        return send(200, 'application/xml', `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/sitemap-0.xml</loc></sitemap></sitemapindex>`);
      case '/sitemap-0.xml':
        return send(200, 'application/xml', `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<url><loc>${origin}${p}</loc></url>`).join('')}</urlset>`);
      case '/llms.txt':
        return send(200, 'text/markdown; charset=utf-8', `# Site grande\n\n> Um site de teste com ${paths.length} páginas.\n\n## Páginas\n\n${paths.map((p) => `- [Página ${p}](${origin}${twin(p)})`).join('\n')}\n\n## Optional\n\n- [Servidor MCP](${origin}/mcp): só POST (405 a um GET)\n`);
      case '/mcp':
        return send(405, 'application/json', '{}', { allow: 'POST' });
      default:
        return send(404, 'text/html; charset=utf-8', '<!doctype html><title>Não encontrada</title><h1>Não encontrada</h1>');
    }
  };
}

/**
 * The measurement context shared by the checks of one measurement: the home page already fetched and
 * analyzed, a memoized fetch (each URL + Accept fetched once, whatever number of checks read it), and lazy
 * shared analyses (robots.txt, llms.txt, sitemap, sampled pages, API catalog, OpenAPI, MCP card…).
 * It also counts the responses that look like bot protection, so interference is reported, not scored.
 * Every analysis of site content is bounded and runs under the measurement's deadline (`deadline.ts`).
 */
import { XMLParser } from 'fast-xml-parser';
import { analyzeHtml, type PageAnalysis } from './analysis/html.ts';
import { detectInterference } from './analysis/challenge.ts';
import { parseLinkHeader } from './analysis/link-header.ts';
import { type LlmsFile, looksLikeHtml, parseLlmsTxt } from './analysis/llms.ts';
import { parseRobots, type RobotsFile } from './analysis/robots.ts';
import { AnalysisCutShort, type Deadline } from './deadline.ts';
import { type FetchedResponse, FetchError, type FetchOptions, type SafeFetch } from './fetch/safe-fetch.ts';

export type Probe = FetchedResponse | FetchError;

export const isResponse = (probe: Probe): probe is FetchedResponse => !(probe instanceof FetchError);
export const ok200 = (probe: Probe): probe is FetchedResponse => isResponse(probe) && probe.status === 200;

export interface ProbeOptions {
  accept?: string;
  method?: 'GET' | 'HEAD' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  maxBytes?: number;
  followRedirects?: boolean;
}

export interface RobotsInfo {
  url: string;
  probe: Probe;
  /** Parsed when the response is a 200 text file. */
  file?: RobotsFile;
  /** 200 but HTML (a fallback page served at /robots.txt). */
  servedHtml: boolean;
}

export interface LlmsInfo {
  url: string;
  probe: Probe;
  file?: LlmsFile;
  text: string;
}

export interface SitemapInfo {
  url?: string;
  urls: string[];
  kind?: 'urlset' | 'sitemapindex';
  /** Page URLs (the urlset itself, or the first child sitemap of an index). */
  pages?: string[];
  problem?: string;
}

export interface SampledPage {
  url: string;
  probe: Probe;
  analysis?: PageAnalysis;
}

export interface JsonDocument {
  url: string;
  probe: Probe;
  json?: unknown;
}

export interface MeasurementContext {
  domain: string;
  /** Origin of the site after the home page's redirects (e.g. https://www.example.com). */
  origin: string;
  home: FetchedResponse;
  page: PageAnalysis;
  /** Measuring a loopback fixture (tests only): HTTPS does not apply. */
  loopback: boolean;
  /** https was unreachable and the site was measured over http. */
  httpFallback: boolean;
  /** The measurement's budget: long analyses `await deadline.pause()` between slices. */
  deadline: Deadline;
  /** Absolute URL for a path of the site (or an absolute URL unchanged). */
  url(pathOrUrl: string): string;
  get(pathOrUrl: string, options?: ProbeOptions): Promise<Probe>;
  robots(): Promise<RobotsInfo>;
  llms(): Promise<LlmsInfo>;
  sitemap(): Promise<SitemapInfo>;
  samplePages(): Promise<SampledPage[]>;
  apiCatalog(): Promise<JsonDocument>;
  openApi(): Promise<JsonDocument | undefined>;
  protectedResource(): Promise<JsonDocument>;
  mcpCard(): Promise<JsonDocument | undefined>;
  /** Responses seen and how many looked like bot protection or rate limiting. */
  interference(): { total: number; blocked: number; vendors: string[] };
}

export interface ContextInit {
  domain: string;
  home: FetchedResponse;
  fetch: SafeFetch;
  loopback: boolean;
  httpFallback: boolean;
  deadline: Deadline;
}

const HTML_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8';
const JSON_ACCEPT = 'application/json, */*;q=0.5';

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export async function createContext(init: ContextInit): Promise<MeasurementContext> {
  const origin = new URL(init.home.finalUrl).origin;
  const { deadline } = init;
  const page = await analyzeHtml(init.home.body, deadline);
  const cache = new Map<string, Promise<Probe>>();
  let total = 1;
  let blocked = 0;
  const vendors = new Set<string>();

  const url = (pathOrUrl: string): string => new URL(pathOrUrl, `${origin}/`).href;

  const get = (pathOrUrl: string, options: ProbeOptions = {}): Promise<Probe> => {
    const target = url(pathOrUrl);
    const method = options.method ?? 'GET';
    const accept = options.accept ?? '*/*';
    const key = `${method} ${target} ${accept} ${options.body ?? ''} ${JSON.stringify(options.headers ?? {})}`;
    let hit = cache.get(key);
    if (!hit) {
      const fetchOptions: FetchOptions = {
        method,
        headers: { accept, ...options.headers },
        body: options.body,
        maxBytes: options.maxBytes,
        followRedirects: options.followRedirects,
      };
      hit = init.fetch(target, fetchOptions).then(
        (response) => {
          total++;
          const seen = detectInterference(response);
          if (seen || response.status === 429) {
            blocked++;
            vendors.add(seen?.vendor ?? 'limite de requisições (429)');
          }
          return response;
        },
        (error: unknown) => {
          total++;
          return error instanceof FetchError ? error : new FetchError('protocol', target, error instanceof Error ? error.message : 'falha');
        },
      );
      cache.set(key, hit);
    }
    return hit;
  };

  const memo = <T>(fn: () => Promise<T>): (() => Promise<T>) => {
    let value: Promise<T> | undefined;
    return () => (value ??= fn());
  };

  const robots = memo(async (): Promise<RobotsInfo> => {
    const target = url('/robots.txt');
    const probe = await get(target, { accept: 'text/plain, */*;q=0.5' });
    if (!ok200(probe)) return { url: target, probe, servedHtml: false };
    if (looksLikeHtml(probe.body) || probe.contentType === 'text/html') return { url: target, probe, servedHtml: true };
    deadline.check();
    return { url: target, probe, file: parseRobots(probe.body), servedHtml: false };
  });

  const llms = memo(async (): Promise<LlmsInfo> => {
    const accept = 'text/markdown, text/plain;q=0.9, */*;q=0.5';
    for (const path of ['/llms.txt', '/.well-known/llms.txt']) {
      const target = url(path);
      const probe = await get(target, { accept });
      if (ok200(probe) && probe.body.trim() !== '' && !looksLikeHtml(probe.body) && probe.contentType !== 'text/html') {
        deadline.check();
        return { url: target, probe, file: parseLlmsTxt(probe.body), text: probe.body };
      }
    }
    return { url: url('/llms.txt'), probe: await get(url('/llms.txt'), { accept }), text: '' };
  });

  const xml = new XMLParser({ ignoreAttributes: true, processEntities: false });
  const locs = (node: unknown, key: 'url' | 'sitemap'): string[] => {
    const list = Array.isArray(node) ? node : node ? [node] : [];
    return list
      .map((entry) => (isObject(entry) ? entry.loc : undefined))
      .filter((loc): loc is string => typeof loc === 'string' && loc.trim() !== '')
      .map((loc) => loc.trim())
      .slice(0, key === 'url' ? 50_000 : 1_000);
  };
  const readSitemap = async (target: string): Promise<SitemapInfo> => {
    const probe = await get(target, { accept: 'application/xml, text/xml;q=0.9, */*;q=0.5' });
    if (!isResponse(probe)) return { url: target, urls: [], problem: probe.message };
    if (probe.status !== 200) return { url: target, urls: [], problem: `respondeu ${probe.status}` };
    if (looksLikeHtml(probe.body)) return { url: target, urls: [], problem: 'devolve HTML em vez de XML' };
    let doc: unknown;
    try {
      doc = xml.parse(probe.body);
    } catch {
      return { url: target, urls: [], problem: 'XML inválido' };
    }
    // fast-xml-parser is linear but synchronous (about 1 s for a 2 MB sitemap): stop here past the deadline.
    deadline.check();
    if (!isObject(doc)) return { url: target, urls: [], problem: 'XML inválido' };
    if (isObject(doc.urlset)) return { url: target, urls: locs(doc.urlset.url, 'url'), kind: 'urlset' };
    if (isObject(doc.sitemapindex)) return { url: target, urls: locs(doc.sitemapindex.sitemap, 'sitemap'), kind: 'sitemapindex' };
    return { url: target, urls: [], problem: 'não é um urlset nem um sitemapindex' };
  };
  const sitemap = memo(async (): Promise<SitemapInfo> => {
    const declared = (await robots()).file?.sitemaps ?? [];
    const candidates = [...declared.slice(0, 3), url('/sitemap.xml')];
    let first: SitemapInfo | undefined;
    for (const candidate of [...new Set(candidates)]) {
      let info: SitemapInfo;
      try {
        info = await readSitemap(url(candidate));
      } catch (error) {
        if (error instanceof AnalysisCutShort) throw error;
        continue;
      }
      first ??= info;
      if (info.urls.length === 0) continue;
      if (info.kind === 'sitemapindex') {
        const child = info.urls[0] as string;
        const childInfo = await readSitemap(child);
        return { ...info, pages: childInfo.urls, problem: childInfo.urls.length ? undefined : `o primeiro sitemap do índice ${childInfo.problem ?? 'está vazio'}` };
      }
      return info;
    }
    return first ?? { urls: [], problem: 'nenhum sitemap encontrado' };
  });

  const samplePages = memo(async (): Promise<SampledPage[]> => {
    const info = await sitemap();
    const pages = info.pages ?? (info.kind === 'urlset' ? info.urls : []);
    const home = new URL(init.home.finalUrl);
    const sameSite = pages.filter((p) => {
      try {
        const u = new URL(p);
        return u.host === home.host && u.pathname !== home.pathname && u.pathname !== '/';
      } catch {
        return false;
      }
    });
    const picks = [...new Set([sameSite[0], sameSite[Math.floor(sameSite.length / 2)]].filter((p): p is string => !!p))];
    return Promise.all(
      picks.map(async (pageUrl) => {
        const probe = await get(pageUrl, { accept: HTML_ACCEPT });
        const analysis = ok200(probe) && probe.contentType.includes('html') ? await analyzeHtml(probe.body, deadline) : undefined;
        return { url: pageUrl, probe, analysis };
      }),
    );
  });

  const jsonAt = async (target: string, accept = JSON_ACCEPT): Promise<JsonDocument> => {
    const probe = await get(target, { accept });
    const json = ok200(probe) ? parseJson(probe.body) : undefined;
    return { url: url(target), probe, json };
  };

  const apiCatalog = memo(() => jsonAt('/.well-known/api-catalog', 'application/linkset+json, application/json;q=0.9'));
  const protectedResource = memo(() => jsonAt('/.well-known/oauth-protected-resource'));

  const openApi = memo(async (): Promise<JsonDocument | undefined> => {
    const candidates: string[] = [];
    const catalog = await apiCatalog();
    if (isObject(catalog.json) && Array.isArray(catalog.json.linkset)) {
      for (const entry of catalog.json.linkset) {
        if (!isObject(entry)) continue;
        const descs = entry['service-desc'];
        if (Array.isArray(descs)) for (const d of descs) if (isObject(d) && typeof d.href === 'string') candidates.push(d.href);
      }
    }
    for (const link of parseLinkHeader(init.home.headers.get('link'))) if (link.rel.includes('service-desc')) candidates.push(link.href);
    candidates.push('/openapi.json', '/api/openapi.json', '/.well-known/openapi.json', '/swagger.json');
    for (const candidate of [...new Set(candidates.map((c) => url(c)))].slice(0, 6)) {
      const doc = await jsonAt(candidate, 'application/vnd.oai.openapi+json, application/json;q=0.9, */*;q=0.5');
      if (isObject(doc.json) && (typeof doc.json.openapi === 'string' || typeof doc.json.swagger === 'string')) return doc;
    }
    return undefined;
  });

  const mcpCard = memo(async (): Promise<JsonDocument | undefined> => {
    for (const path of ['/.well-known/mcp/server-card.json', '/.well-known/mcp.json', '/.well-known/mcp', '/mcp/server-card']) {
      const doc = await jsonAt(path, 'application/mcp-server-card+json, application/json;q=0.9');
      if (isObject(doc.json)) return doc;
    }
    return undefined;
  });

  return {
    domain: init.domain,
    origin,
    home: init.home,
    page,
    loopback: init.loopback,
    httpFallback: init.httpFallback,
    deadline,
    url,
    get,
    robots,
    llms,
    sitemap,
    samplePages,
    apiCatalog,
    openApi,
    protectedResource,
    mcpCard,
    interference: () => ({ total, blocked, vendors: [...vendors] }),
  };
}

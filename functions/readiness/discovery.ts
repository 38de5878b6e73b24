/**
 * Discovery for one measurement: the site's machine-readable entry points, each read once through the probe and
 * shared by every check that reads it: robots.txt, llms.txt, the sitemap (followed below an index), the API catalog,
 * the OpenAPI description, the protected-resource metadata and the MCP server card. Every parse of site content is
 * bounded and stops past the measurement's deadline.
 */
import { XMLParser } from 'fast-xml-parser';
import { isObject } from '../../src/model/json-object.ts';
import { once } from '../memo.ts';
import type { PageAnalysis } from './analysis/html.ts';
import { parseLinkHeader } from './analysis/link-header.ts';
import { type LlmsFile, looksLikeHtml, parseLlmsTxt } from './analysis/llms.ts';
import { parseRobots, type RobotsFile } from './analysis/robots.ts';
import type { Deadline } from './deadline.ts';
import type { FetchedResponse } from './fetch/safe-fetch.ts';
import { isResponse, ok200, type Probe, type Prober } from './probe.ts';

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
  /** The response of `url` (the sitemap read first, or the one that held pages). */
  probe?: Probe;
  urls: string[];
  kind?: 'urlset' | 'sitemapindex';
  /** Page URLs (the urlset itself, or the urlsets an index leads to, followed up to `SITEMAP_CHILDREN`). */
  pages?: string[];
  problem?: string;
  /** How the sitemap was found: a robots.txt `Sitemap:` line, `<link rel="sitemap">`, or a usual path. */
  via?: 'robots' | 'link' | 'caminho';
}

export interface JsonDocument {
  url: string;
  probe: Probe;
  json?: unknown;
}

export interface Discovery {
  robots(): Promise<RobotsInfo>;
  llms(): Promise<LlmsInfo>;
  sitemap(): Promise<SitemapInfo>;
  apiCatalog(): Promise<JsonDocument>;
  openApi(): Promise<JsonDocument | undefined>;
  protectedResource(): Promise<JsonDocument>;
  mcpCard(): Promise<JsonDocument | undefined>;
}

const JSON_ACCEPT = 'application/json, */*;q=0.5';

/** Sitemaps read below an index (nested indexes included). */
export const SITEMAP_CHILDREN = 5;

/** JSON text as a value, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function createDiscovery(prober: Prober, site: { home: FetchedResponse; page: PageAnalysis; deadline: Deadline }): Discovery {
  const { get, url } = prober;
  const { home, page, deadline } = site;

  const robots = once(async (): Promise<RobotsInfo> => {
    const target = url('/robots.txt');
    const probe = await get(target, { accept: 'text/plain, */*;q=0.5' });
    if (!ok200(probe)) return { url: target, probe, servedHtml: false };
    if (looksLikeHtml(probe.body) || probe.contentType === 'text/html') return { url: target, probe, servedHtml: true };
    deadline.check();
    return { url: target, probe, file: parseRobots(probe.body), servedHtml: false };
  });

  const llms = once(async (): Promise<LlmsInfo> => {
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
    if (!isResponse(probe)) return { url: target, probe, urls: [], problem: probe.message };
    if (probe.status !== 200) return { url: target, probe, urls: [], problem: `respondeu ${probe.status}` };
    if (looksLikeHtml(probe.body)) return { url: target, probe, urls: [], problem: 'devolve HTML em vez de XML' };
    let doc: unknown;
    try {
      doc = xml.parse(probe.body);
    } catch {
      return { url: target, probe, urls: [], problem: 'XML inválido' };
    }
    // fast-xml-parser is linear but synchronous (about 1 s for a 2 MB sitemap): stop here past the deadline.
    deadline.check();
    if (!isObject(doc)) return { url: target, probe, urls: [], problem: 'XML inválido' };
    if (isObject(doc.urlset)) return { url: target, probe, urls: locs(doc.urlset.url, 'url'), kind: 'urlset' };
    if (isObject(doc.sitemapindex)) return { url: target, probe, urls: locs(doc.sitemapindex.sitemap, 'sitemap'), kind: 'sitemapindex' };
    return { url: target, probe, urls: [], problem: 'não é um urlset nem um sitemapindex' };
  };
  /** Page URLs below a sitemap index: up to `SITEMAP_CHILDREN` sitemaps read, nested indexes followed once. */
  const followIndex = async (children: string[]): Promise<{ pages: string[]; problem?: string }> => {
    const pages: string[] = [];
    let read = 0;
    let queue = children.slice(0, SITEMAP_CHILDREN);
    let problem: string | undefined;
    for (let depth = 0; depth < 2 && queue.length > 0; depth++) {
      const infos = await Promise.all(queue.map((child) => readSitemap(child)));
      read += queue.length;
      const nested: string[] = [];
      for (const info of infos) {
        if (info.kind === 'urlset') pages.push(...info.urls);
        else if (info.kind === 'sitemapindex') nested.push(...info.urls);
        else problem ??= `o sitemap ${info.url ?? ''} do índice ${info.problem ?? 'está vazio'}`;
      }
      queue = nested.slice(0, Math.max(0, SITEMAP_CHILDREN - read));
    }
    return { pages: pages.slice(0, 50_000), problem: pages.length ? undefined : (problem ?? 'os sitemaps do índice estão vazios') };
  };
  const sitemap = once(async (): Promise<SitemapInfo> => {
    // As crawlers find it: robots.txt `Sitemap:` lines, the page's <link rel="sitemap"> (Astro, Starlight),
    // then the usual paths.
    const declared = ((await robots()).file?.sitemaps ?? []).slice(0, 3).map((at) => ({ at, via: 'robots' as const }));
    const linked = page.sitemapLinks.slice(0, 3).map((at) => ({ at, via: 'link' as const }));
    const usual = ['/sitemap.xml', '/sitemap-index.xml', '/sitemap_index.xml'].map((at) => ({ at, via: 'caminho' as const }));
    const tried = new Set<string>();
    let first: SitemapInfo | undefined;
    for (const { at, via } of [...declared, ...linked, ...usual]) {
      let target: string;
      try {
        target = new URL(at, home.finalUrl).href;
      } catch {
        continue;
      }
      if (tried.has(target)) continue;
      tried.add(target);
      const info = { ...(await readSitemap(target)), via };
      first ??= info;
      if (info.urls.length === 0) continue;
      if (info.kind === 'sitemapindex') return { ...info, ...(await followIndex(info.urls)) };
      return info;
    }
    return first ?? { urls: [], problem: 'nenhum sitemap encontrado' };
  });

  const jsonAt = async (target: string, accept = JSON_ACCEPT): Promise<JsonDocument> => {
    const probe = await get(target, { accept });
    const json = ok200(probe) ? parseJson(probe.body) : undefined;
    return { url: url(target), probe, json };
  };

  const apiCatalog = once(() => jsonAt('/.well-known/api-catalog', 'application/linkset+json, application/json;q=0.9'));
  const protectedResource = once(() => jsonAt('/.well-known/oauth-protected-resource'));

  const openApi = once(async (): Promise<JsonDocument | undefined> => {
    const candidates: string[] = [];
    const catalog = await apiCatalog();
    if (isObject(catalog.json) && Array.isArray(catalog.json.linkset)) {
      for (const entry of catalog.json.linkset) {
        if (!isObject(entry)) continue;
        const descs = entry['service-desc'];
        if (Array.isArray(descs)) for (const d of descs) if (isObject(d) && typeof d.href === 'string') candidates.push(d.href);
      }
    }
    for (const link of parseLinkHeader(home.headers.get('link'))) if (link.rel.includes('service-desc')) candidates.push(link.href);
    candidates.push('/openapi.json', '/api/openapi.json', '/.well-known/openapi.json', '/swagger.json');
    for (const candidate of [...new Set(candidates.map((c) => url(c)))].slice(0, 6)) {
      const doc = await jsonAt(candidate, 'application/vnd.oai.openapi+json, application/json;q=0.9, */*;q=0.5');
      if (isObject(doc.json) && (typeof doc.json.openapi === 'string' || typeof doc.json.swagger === 'string')) return doc;
    }
    return undefined;
  });

  const mcpCard = once(async (): Promise<JsonDocument | undefined> => {
    for (const path of ['/.well-known/mcp/server-card.json', '/.well-known/mcp.json', '/.well-known/mcp', '/mcp/server-card']) {
      const doc = await jsonAt(path, 'application/mcp-server-card+json, application/json;q=0.9');
      if (isObject(doc.json)) return doc;
    }
    return undefined;
  });

  return { robots, llms, sitemap, apiCatalog, openApi, protectedResource, mcpCard };
}

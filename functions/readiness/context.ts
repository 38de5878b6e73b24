/**
 * The measurement context shared by the checks of one measurement: the home page already fetched and
 * analyzed, a memoized fetch (each URL + Accept fetched once, whatever number of checks read it), and lazy
 * shared analyses (robots.txt, llms.txt, sitemap, sampled pages, API catalog, OpenAPI, MCP card…).
 * It also counts the responses that look like bot protection, so interference is reported, not scored.
 * Every analysis of site content is bounded and runs under the measurement's deadline (`deadline.ts`).
 */
import { XMLParser } from 'fast-xml-parser';
import { isObject } from '../../src/model/json-object.ts';
import { analyzeHtml, type PageAnalysis } from './analysis/html.ts';
import { detectInterference } from './analysis/challenge.ts';
import { parseLinkHeader } from './analysis/link-header.ts';
import { isOptionalLink, type LlmsFile, type LlmsLink, looksLikeHtml, parseLlmsTxt } from './analysis/llms.ts';
import { parseRobots, type RobotsFile } from './analysis/robots.ts';
import { AnalysisCutShort, type Deadline } from './deadline.ts';
import type { Evidence } from './evidence.ts';
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
  timeoutMs?: number;
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

export interface SampledPage {
  url: string;
  probe: Probe;
  analysis?: PageAnalysis;
}

/** What the page-level checks read: the home page plus up to `SAMPLE_MAX - 1` pages, and how it went. */
export interface SampleReport {
  /** Pages read (home included). */
  pages: number;
  /** Pages chosen (home included) before any was dropped for lack of time. */
  planned: number;
  /** llms.txt links tried. */
  llmsLinks: number;
  /** Some sampled fetch was skipped or timed out at the sampling budget. */
  cut: boolean;
}

/** A markdown twin found for a page (announced in the page, or at the usual `.md` address). */
export interface Twin {
  page: string;
  url: string;
  probe: FetchedResponse;
  typed: boolean;
  announced: boolean;
}

export interface Twins {
  checked: number;
  found: Twin[];
  /** `probe`: the twin address tried (`candidate`), or the page itself when it gave no address to try. */
  missing: { page: string; probe: Probe; candidate: boolean }[];
}

/** One llms.txt link tried, judged as a page or as an endpoint (JSON, XML, MCP, `/ask`, `## Optional`). */
export interface LlmsLinkProbe {
  url: string;
  link: LlmsLink;
  endpoint: boolean;
  /** Undefined when the sampling budget ran out before it could be fetched. */
  probe?: Probe;
}

export interface JsonDocument {
  url: string;
  probe: Probe;
  json?: unknown;
}

/** What decided, for `ctx.evidence`: the header, line or value as read from the site, and where it was. */
export interface Decisive {
  decisivo?: string;
  em?: Evidence['em'];
}

export interface MeasurementContext {
  domain: string;
  /**
   * Origin of the site after the home page's redirects (e.g. https://www.example.com): the measured origin.
   * Every other request stays on it (and on its http:// form, for the HTTPS check): `get` refuses any other
   * origin without contacting it, and redirects elsewhere are not followed (issue 18, item 13).
   */
  origin: string;
  /** The User-Agent every request of the reading sends. */
  userAgent: string;
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
  /** Whether the reader may contact this URL: the measured origin, or its http:// form. */
  onMeasuredOrigin(url: string | URL): boolean;
  /** The evidence of a probe this context fetched: what was asked (method, URL, agent, Accept) and what came back. */
  evidence(probe: Probe, decisive?: Decisive): Evidence;
  get(pathOrUrl: string, options?: ProbeOptions): Promise<Probe>;
  robots(): Promise<RobotsInfo>;
  llms(): Promise<LlmsInfo>;
  sitemap(): Promise<SitemapInfo>;
  /** The sampled pages other than the home page (deterministic, at most `SAMPLE_MAX - 1`). */
  samplePages(): Promise<SampledPage[]>;
  /**
   * The markdown twins of the home page and the sampled pages, how many pages were looked at, and the pages
   * without one (with the last address tried, when one was).
   */
  twins(): Promise<Twins>;
  /** Every same-origin llms.txt link (up to `LLMS_LINKS_MAX`), fetched under the sampling budget. */
  llmsLinks(): Promise<LlmsLinkProbe[]>;
  /** A fetch of a sampled resource: undefined when the sampling budget is spent (the sample is then cut). */
  sampleGet(pathOrUrl: string, options?: ProbeOptions): Promise<Probe | undefined>;
  sampleReport(): SampleReport;
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
  /** The Accept the home page was asked with (its evidence). */
  homeAccept?: string;
  /** The User-Agent the fetcher sends (evidence and reproductions). */
  userAgent: string;
  fetch: SafeFetch;
  loopback: boolean;
  httpFallback: boolean;
  deadline: Deadline;
}

export const HTML_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8';
const JSON_ACCEPT = 'application/json, */*;q=0.5';
/** Accept of markdown twins and llms.txt links (one value, so a twin listed in llms.txt is fetched once). */
export const TWIN_ACCEPT = 'text/markdown, text/plain;q=0.9, */*;q=0.5';

/** Pages the page-level checks read, home included (issue 14: twins, text, weight… on a sample, not the home only). */
export const SAMPLE_MAX = 50;
/** Sitemaps read below an index (nested indexes included). */
export const SITEMAP_CHILDREN = 5;
/** llms.txt links tried (every one, up to this bound). */
export const LLMS_LINKS_MAX = 200;
/** Pages guessed for a `.md` twin before giving up guessing on a site that announces none. */
const TWIN_GUESSES = 5;
/** Connections to the host the sampled fetches may hold at once (of the fetcher's 4 per host). */
const SAMPLE_SLOTS = 3;
/** Share of the measurement's budget kept free of sampling (the checks still have to finish). */
const SAMPLE_RESERVE = 0.2;

/** Media types of the file extensions an llms.txt link points to when it is data, not a page. */
const ENDPOINT_EXTENSIONS = /\.(?:json|jsonl|ndjson|xml|ya?ml|csv|rss|atom)$/i;

/**
 * Whether an llms.txt link is an endpoint rather than a page: data files (JSON, JSONL, XML…), MCP servers,
 * `/ask`-like and `/api/` routes, well-known documents, links with a query, or anything under `## Optional`
 * (llmstxt.org: optional material, which need not be a page).
 */
export function isEndpointLink(link: LlmsLink, target: URL): boolean {
  if (isOptionalLink(link)) return true;
  const path = target.pathname;
  if (ENDPOINT_EXTENSIONS.test(path) || target.search !== '') return true;
  const segments = path.split('/').filter(Boolean);
  return segments.includes('mcp') || segments.at(-1) === 'ask' || segments[0] === 'api' || segments[0] === '.well-known';
}

/** `k` items spread evenly over `items` (all of them when there are no more than `k`): a deterministic sample. */
export function spread<T>(items: readonly T[], k: number): T[] {
  if (items.length <= k) return [...items];
  return Array.from({ length: k }, (_, i) => items[Math.floor((i * items.length) / k)] as T);
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export { isObject };

export async function createContext(init: ContextInit): Promise<MeasurementContext> {
  const origin = new URL(init.home.finalUrl).origin;
  const { deadline } = init;
  const page = await analyzeHtml(init.home.body, deadline);
  const cache = new Map<string, Promise<Probe>>();
  let total = 1;
  let blocked = 0;
  const vendors = new Set<string>();

  const url = (pathOrUrl: string): string => new URL(pathOrUrl, `${origin}/`).href;
  const measuredHost = new URL(origin).host;
  const onMeasuredOrigin = (candidate: string | URL): boolean => {
    try {
      const u = typeof candidate === 'string' ? new URL(candidate) : candidate;
      return u.origin === origin || (u.protocol === 'http:' && u.host === measuredHost);
    } catch {
      return false;
    }
  };

  /** How each probe was asked (probes are shared by every check that asks the same thing). */
  const asked = new WeakMap<object, { method: 'GET' | 'HEAD' | 'POST'; url: string; accept?: string; body?: string }>();
  asked.set(init.home, { method: 'GET', url: init.home.url, accept: init.homeAccept ?? HTML_ACCEPT });
  const evidence = (probe: Probe, decisive: Decisive = {}): Evidence => {
    const request = asked.get(probe) ?? { method: 'GET' as const, url: isResponse(probe) ? probe.url : probe.url };
    const pedido: Evidence['pedido'] = {
      metodo: request.method,
      url: request.url,
      agente: init.userAgent,
      ...(request.accept ? { accept: request.accept } : {}),
      ...(request.body !== undefined ? { corpo: request.body } : {}),
    };
    const decided = { ...(decisive.decisivo !== undefined ? { decisivo: decisive.decisivo } : {}), ...(decisive.em ? { em: decisive.em } : {}) };
    if (!isResponse(probe)) return { pedido, erro: probe.message, ...decided };
    const resposta: NonNullable<Evidence['resposta']> = {
      status: probe.status,
      ...(probe.contentType ? { tipo: probe.contentType } : {}),
      ...(probe.redirects.length ? { url: probe.finalUrl, redirecionamentos: probe.redirects.map((r) => `${r.status} ${r.to}`) } : {}),
    };
    return { pedido, resposta, ...decided };
  };

  const get = (pathOrUrl: string, options: ProbeOptions = {}): Promise<Probe> => {
    const target = url(pathOrUrl);
    const method = options.method ?? 'GET';
    const accept = options.accept ?? '*/*';
    const request = { method, url: target, accept, ...(options.body !== undefined ? { body: options.body } : {}) };
    if (!onMeasuredOrigin(target)) {
      const refused = new FetchError('refused_origin', target, `fora da origem medida (${origin}): o leitor só contata o site medido e não seguiu este endereço`);
      asked.set(refused, request);
      return Promise.resolve(refused);
    }
    // The read cap and redirect policy are part of the answer: a file read whole must not come back cut
    // because another check asked for it first with a smaller cap.
    const key = `${method} ${target} ${accept} ${options.maxBytes ?? ''} ${options.followRedirects ?? ''} ${options.body ?? ''} ${JSON.stringify(options.headers ?? {})}`;
    let hit = cache.get(key);
    if (!hit) {
      const fetchOptions: FetchOptions = {
        method,
        headers: { accept, ...options.headers },
        body: options.body,
        maxBytes: options.maxBytes,
        followRedirects: options.followRedirects,
        redirectAllowed: (next) => onMeasuredOrigin(next),
        readOctetStream: true,
        timeoutMs: options.timeoutMs,
      };
      hit = init.fetch(target, fetchOptions).then(
        (response) => {
          total++;
          asked.set(response, request);
          const seen = detectInterference(response);
          if (seen || response.status === 429) {
            blocked++;
            vendors.add(seen?.vendor ?? 'limite de requisições (429)');
          }
          return response;
        },
        (error: unknown) => {
          total++;
          const failure = error instanceof FetchError ? error : new FetchError('protocol', target, error instanceof Error ? error.message : 'falha');
          asked.set(failure, request);
          return failure;
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
  const sitemap = memo(async (): Promise<SitemapInfo> => {
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
        target = new URL(at, init.home.finalUrl).href;
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

  // Sampling: fetches of sampled resources stop starting (and are cut) a little before the deadline, so the
  // checks can still finish and the result says the sample was cut short instead of losing the reading.
  const sampleEnd = deadline.at - Math.round((deadline.at - Date.now()) * SAMPLE_RESERVE);
  let cut = false;
  let planned = 1;
  let read = 1;
  let linksTried = 0;
  // Sampled fetches take at most SAMPLE_SLOTS of the host's 4 connections (the other checks keep one), and
  // the time left is judged when a fetch really starts, not when it was queued.
  let slots = SAMPLE_SLOTS;
  const waiting: (() => void)[] = [];
  const acquire = (): Promise<void> => (slots > 0 ? (slots--, Promise.resolve()) : new Promise((resolve) => waiting.push(resolve)));
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else slots++;
  };
  const sampleGet = async (pathOrUrl: string, options: ProbeOptions = {}): Promise<Probe | undefined> => {
    await acquire();
    try {
      const left = sampleEnd - Date.now();
      if (left < 250) {
        cut = true;
        return undefined;
      }
      const probe = await get(pathOrUrl, { ...options, timeoutMs: Math.min(left, options.timeoutMs ?? 6_000) });
      if (probe instanceof FetchError && (probe.code === 'timeout' || probe.code === 'budget') && Date.now() >= sampleEnd - 250) {
        cut = true;
        return undefined;
      }
      return probe;
    } finally {
      release();
    }
  };

  const homeUrl = new URL(init.home.finalUrl);
  const samePage = (candidate: string): string | undefined => {
    try {
      const u = new URL(candidate, homeUrl);
      u.hash = '';
      if (u.host !== homeUrl.host || u.pathname === homeUrl.pathname || u.pathname === '/') return undefined;
      return u.href;
    } catch {
      return undefined;
    }
  };
  /** The HTML page of an llms.txt link to a twin (`/a.md` → `/a`, `/a/index.md` → `/a/`). */
  const pageOfTwin = (href: string): string => {
    const u = new URL(href);
    if (u.pathname.endsWith('/index.md')) u.pathname = u.pathname.slice(0, -'index.md'.length);
    else if (u.pathname.endsWith('.html.md')) u.pathname = u.pathname.slice(0, -3);
    else if (u.pathname.endsWith('.md')) u.pathname = u.pathname.slice(0, -3);
    return u.href;
  };

  const samplePages = memo(async (): Promise<SampledPage[]> => {
    const [info, llmsInfo] = await Promise.all([sitemap(), llms()]);
    const fromSitemap = info.pages ?? (info.kind === 'urlset' ? info.urls : []);
    const fromLlms = (llmsInfo.file?.links ?? []).flatMap((link) => {
      const href = samePage(link.url);
      return href && !isEndpointLink(link, new URL(href)) && !href.endsWith('.txt') ? [pageOfTwin(href)] : [];
    });
    // One entry per page: `/a/` from the sitemap and `/a` from an llms.txt twin link are the same page.
    const byPage = new Map<string, string>();
    for (const href of [...fromSitemap.map(samePage), ...fromLlms.map(samePage)]) {
      if (!href) continue;
      const u = new URL(href);
      const key = `${u.origin}${u.pathname.replace(/\/$/, '')}${u.search}`;
      if (!byPage.has(key)) byPage.set(key, href);
    }
    const candidates = [...byPage.values()];
    const picks = spread(candidates, SAMPLE_MAX - 1);
    planned = 1 + picks.length;
    const pages = await Promise.all(
      picks.map(async (pageUrl): Promise<SampledPage | undefined> => {
        const probe = await sampleGet(pageUrl, { accept: HTML_ACCEPT });
        if (!probe) return undefined;
        const analysis = ok200(probe) && probe.contentType.includes('html') ? await analyzeHtml(probe.body, deadline) : undefined;
        return { url: pageUrl, probe, analysis };
      }),
    );
    const kept = pages.filter((p): p is SampledPage => !!p);
    read = 1 + kept.length;
    return kept;
  });

  const twinFor = async (pageUrl: string, probe: FetchedResponse, analysis: PageAnalysis, guess: boolean): Promise<Twin | { miss: Probe }> => {
    const announced = [
      ...analysis.markdownAlternates,
      ...parseLinkHeader(probe.headers.get('link')).filter((l) => l.rel.includes('alternate') && /markdown/.test(l.type ?? '')).map((l) => l.href),
    ].flatMap((href) => {
      try {
        return [new URL(href, probe.finalUrl).href];
      } catch {
        return [];
      }
    });
    const path = new URL(probe.finalUrl).pathname;
    const guesses = !guess ? [] : path === '/' || path === '' ? ['/index.md', '/index.html.md'] : [`${path.replace(/\/$/, '')}.md`, `${path.replace(/\/?$/, '/')}index.md`];
    const candidates = [...new Set([...announced, ...guesses.map((g) => url(g))])].slice(0, 3);
    // Without a candidate, the page itself is the evidence (it announces no twin).
    let miss: Probe = probe;
    for (const candidate of candidates) {
      const twin = await sampleGet(candidate, { accept: TWIN_ACCEPT });
      if (twin && (miss === probe || announced.includes(candidate))) miss = twin;
      if (!twin || !isResponse(twin) || twin.status !== 200 || looksLikeHtml(twin.body) || twin.body.trim().length < 50) continue;
      return {
        page: pageUrl,
        url: candidate,
        probe: twin,
        typed: ['text/markdown', 'text/x-markdown', 'text/plain'].includes(twin.contentType),
        announced: announced.includes(candidate),
      };
    }
    return { miss };
  };
  const twins = memo(async (): Promise<Twins> => {
    const pages = [{ url: init.home.finalUrl, probe: init.home as FetchedResponse, analysis: page }, ...(await samplePages()).flatMap((p) => (p.analysis && isResponse(p.probe) ? [{ url: p.url, probe: p.probe, analysis: p.analysis }] : []))];
    // Guess `.md` addresses on the first pages only; past them, a site that announced no twin has none.
    const head = await Promise.all(pages.slice(0, TWIN_GUESSES).map((p) => twinFor(p.url, p.probe, p.analysis, true)));
    const guessing = head.some((t) => 'page' in t && !t.announced);
    const rest = await Promise.all(pages.slice(TWIN_GUESSES).map((p) => twinFor(p.url, p.probe, p.analysis, guessing)));
    const all = [...head, ...rest];
    return {
      checked: pages.length,
      found: all.filter((t): t is Twin => 'page' in t),
      missing: all.flatMap((t, i) => ('miss' in t ? [{ page: pages[i]!.url, probe: t.miss, candidate: t.miss !== pages[i]!.probe }] : [])),
    };
  });

  const llmsLinks = memo(async (): Promise<LlmsLinkProbe[]> => {
    const { file } = await llms();
    const seen = new Set<string>();
    const links: { link: LlmsLink; target: URL }[] = [];
    for (const link of file?.links ?? []) {
      let target: URL;
      try {
        target = new URL(link.url, `${origin}/`);
      } catch {
        continue;
      }
      target.hash = '';
      if (target.origin !== origin || seen.has(target.href)) continue;
      seen.add(target.href);
      links.push({ link, target });
    }
    const chosen = links.slice(0, LLMS_LINKS_MAX);
    linksTried = chosen.length;
    return Promise.all(
      chosen.map(async ({ link, target }) => ({ url: target.href, link, endpoint: isEndpointLink(link, target), probe: await sampleGet(target.href, { accept: TWIN_ACCEPT }) })),
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
    userAgent: init.userAgent,
    loopback: init.loopback,
    httpFallback: init.httpFallback,
    deadline,
    url,
    onMeasuredOrigin,
    evidence,
    get,
    robots,
    llms,
    sitemap,
    samplePages,
    twins,
    llmsLinks,
    sampleGet,
    sampleReport: () => ({ pages: read, planned, llmsLinks: linksTried, cut }),
    apiCatalog,
    openApi,
    protectedResource,
    mcpCard,
    interference: () => ({ total, blocked, vendors: [...vendors] }),
  };
}

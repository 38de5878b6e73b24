/**
 * Sampling for one measurement: the pages the page-level checks read besides the home page (from the sitemap and
 * llms.txt, spread evenly, at most `SAMPLE_MAX` with the home page), their markdown twins, and every same-origin
 * llms.txt link. Sampled fetches share a budget: they hold at most `SAMPLE_SLOTS` of the host's connections, and stop
 * starting (and are cut) a little before the deadline, so the checks can still finish and the result says the sample
 * was cut short instead of losing the reading.
 */
import { once } from '../memo.ts';
import { createSemaphore } from '../semaphore.ts';
import { analyzeHtml, type PageAnalysis } from './analysis/html.ts';
import { parseLinkHeader } from './analysis/link-header.ts';
import { isOptionalLink, type LlmsLink, looksLikeHtml } from './analysis/llms.ts';
import type { Deadline } from './deadline.ts';
import type { Discovery } from './discovery.ts';
import { type FetchedResponse, FetchError } from './fetch/safe-fetch.ts';
import { HTML_ACCEPT, isResponse, ok200, type Probe, type Prober, type ProbeOptions } from './probe.ts';

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

export interface Sampling {
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
}

/** Accept of markdown twins and llms.txt links (one value, so a twin listed in llms.txt is fetched once). */
export const TWIN_ACCEPT = 'text/markdown, text/plain;q=0.9, */*;q=0.5';

/** Pages the page-level checks read, home included (issue 14: twins, text, weight… on a sample, not the home only). */
export const SAMPLE_MAX = 50;
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

export function createSampling(prober: Prober, discovery: Pick<Discovery, 'sitemap' | 'llms'>, site: { home: FetchedResponse; page: PageAnalysis; deadline: Deadline }): Sampling {
  const { get, url, origin } = prober;
  const { home, page, deadline } = site;

  // Sampled fetches stop starting a little before the deadline, and the time left is judged when a fetch really
  // starts, not when it was queued.
  const sampleEnd = deadline.at - Math.round((deadline.at - Date.now()) * SAMPLE_RESERVE);
  let cut = false;
  let planned = 1;
  let read = 1;
  let linksTried = 0;
  const slots = createSemaphore(SAMPLE_SLOTS);
  const sampleGet = (pathOrUrl: string, options: ProbeOptions = {}): Promise<Probe | undefined> =>
    slots.run(async () => {
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
    });

  const homeUrl = new URL(home.finalUrl);
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

  const samplePages = once(async (): Promise<SampledPage[]> => {
    const [info, llmsInfo] = await Promise.all([discovery.sitemap(), discovery.llms()]);
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
  const twins = once(async (): Promise<Twins> => {
    const pages = [{ url: home.finalUrl, probe: home, analysis: page }, ...(await samplePages()).flatMap((p) => (p.analysis && isResponse(p.probe) ? [{ url: p.url, probe: p.probe, analysis: p.analysis }] : []))];
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

  const llmsLinks = once(async (): Promise<LlmsLinkProbe[]> => {
    const { file } = await discovery.llms();
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

  return { samplePages, twins, llmsLinks, sampleGet, sampleReport: () => ({ pages: read, planned, llmsLinks: linksTried, cut }) };
}

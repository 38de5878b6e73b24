/**
 * A shared cache (CDN) built on http-cache-semantics, for the negotiation tests: store a response as a CDN
 * would, ask whether it may answer another request, and simulate a day of mixed traffic to measure the hit
 * rate of a `Vary` choice (docs/negotiation.md quotes the figures).
 */
import CachePolicy from 'http-cache-semantics';
import { mulberry32 } from '../../scripts/lib/prng.ts';
import type { ClientProfile, Variant } from '../attacks/cache-variant-cases.ts';

export const HOST = 'exemplo.com.br';

export const cacheRequest = (path: string, client: Pick<ClientProfile, 'userAgent' | 'accept'>, method = 'GET'): CachePolicy.Request => ({
  url: path,
  method,
  headers: { host: HOST, 'user-agent': client.userAgent, accept: client.accept },
});

export const headerRecord = (headers: Headers): Record<string, string> => Object.fromEntries(headers.entries());

/**
 * Stores a response as a shared cache. `freshFor` (seconds) replaces its freshness the way Netlify's CDN
 * keeps a deploy's static files (fresh until the next deploy, whatever `Cache-Control` says): a cache that
 * would reuse it is the case to exclude. Without it, the response's own `Cache-Control` applies.
 */
export function storeShared(request: CachePolicy.Request, status: number, headers: Record<string, string>, freshFor?: number, now?: () => number): CachePolicy {
  const stored = freshFor === undefined ? headers : { ...headers, 'cache-control': `public, max-age=${freshFor}` };
  if (!now) return new CachePolicy(request, { status, headers: stored }, { shared: true });
  class SimulatedPolicy extends CachePolicy {
    now(): number {
      return now!();
    }
  }
  return new SimulatedPolicy(request, { status, headers: stored }, { shared: true });
}

/** Whether the stored response may answer the request without asking the origin. */
export const reusableFor = (policy: CachePolicy, request: CachePolicy.Request): boolean => {
  const { response, revalidation } = policy.evaluateRequest(request);
  return response !== undefined && revalidation === undefined;
};

export interface SimulationResult {
  requests: number;
  hits: number;
  /** Hits that served the other variant (markdown to a browser, HTML to an AI crawler). */
  wrongVariant: number;
  hitRate: number;
}

/**
 * A day of traffic through one shared cache: `requests` requests over `pages` pages (Zipf popularity) from
 * the weighted client mix. `respond` gives the origin's headers for a client (the variant it gets); each
 * stored response stays fresh `ttl` seconds.
 */
export function simulateSharedCache(options: {
  clients: readonly ClientProfile[];
  respond: (client: ClientProfile) => { variant: Variant; headers: Record<string, string> };
  requests: number;
  pages: number;
  /** Seconds a stored response stays fresh, or by variant (0: not stored). */
  ttl: number | Record<Variant, number>;
  seed?: number;
}): SimulationResult {
  const random = mulberry32(options.seed ?? 7763);
  const totalWeight = options.clients.reduce((sum, c) => sum + c.weight, 0);
  const pickClient = (): ClientProfile => {
    let r = random() * totalWeight;
    for (const c of options.clients) if ((r -= c.weight) < 0) return c;
    return options.clients[options.clients.length - 1]!;
  };
  const zipf = Array.from({ length: options.pages }, (_, i) => 1 / (i + 1));
  const zipfTotal = zipf.reduce((a, b) => a + b, 0);
  const pickPage = (): number => {
    let r = random() * zipfTotal;
    for (let i = 0; i < zipf.length; i++) if ((r -= zipf[i]!) < 0) return i;
    return zipf.length - 1;
  };
  const origin = new Map(options.clients.map((c) => [c, options.respond(c)]));
  let clock = 0;
  const now = () => clock;
  const stored = new Map<number, { policy: CachePolicy; variant: Variant }[]>();
  let hits = 0;
  let wrongVariant = 0;
  const step = (24 * 3600 * 1000) / options.requests;
  for (let i = 0; i < options.requests; i++) {
    clock += step;
    const client = pickClient();
    const page = pickPage();
    const request = cacheRequest(`/pagina-${page}`, client);
    const entries = stored.get(page) ?? [];
    const hit = entries.find((e) => reusableFor(e.policy, request));
    const expected = origin.get(client)!;
    if (hit) {
      hits++;
      if (hit.variant !== expected.variant) wrongVariant++;
      continue;
    }
    const ttl = typeof options.ttl === 'number' ? options.ttl : options.ttl[expected.variant];
    const kept = entries.filter((e) => !e.policy.stale());
    if (ttl > 0) kept.push({ policy: storeShared(request, 200, expected.headers, ttl, now), variant: expected.variant });
    stored.set(page, kept);
  }
  return { requests: options.requests, hits, wrongVariant, hitRate: hits / options.requests };
}

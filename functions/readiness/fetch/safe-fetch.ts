/**
 * Safe fetching for the reading agent: the instrument fetches arbitrary domains from our servers, so every request
 * (and every redirect hop) goes through the fetch policy (./policy.ts: schemes, ports, hosts, public addresses,
 * redirects, textual bodies) before any byte leaves, and the transport (./transport.ts) carries it over a socket
 * dialed to exactly the checked address (./network.ts). This module composes them, with what one fetcher (one
 * measurement) keeps for its life:
 *
 * - each host's name resolved once, inside the request's time limit and the total deadline;
 * - a per-request time limit and the measurement's total deadline (an AbortSignal);
 * - a cap on the decoded body size, and on the number of requests (hops included);
 * - at most 4 concurrent requests per host (politeness).
 *
 * `allowLoopback` (tests only) additionally permits `localhost:<port>` and `127.0.0.1:<port>` over http.
 */
import { keyedSemaphore } from '../../semaphore.ts';
import { untilAborted } from '../deadline.ts';
import { defaultNetwork, type NetworkHooks, NetworkError, type ResolvedAddress } from './network.ts';
import { addressAllowed, checkAddresses, checkUrl, FETCH_DEFAULTS, FetchError, isTextualType, type NextHop, redirectOf } from './policy.ts';
import { decodeText, exchangeOnce, type Hop, mediaType } from './transport.ts';

export { decodeText, FetchError, isTextualType, mediaType };
export type { FetchErrorCode } from './policy.ts';

export interface FetchedResponse {
  /** The URL requested first. */
  url: string;
  /** The URL of the final response (after redirects). */
  finalUrl: string;
  status: number;
  headers: Headers;
  /** Media type without parameters, lower case ('' when absent). */
  contentType: string;
  /** Decoded text of the body ('' when not read: non-textual type, HEAD, redirects). */
  body: string;
  /** Decoded bytes read. */
  bytes: number;
  /** The body was longer than the cap and was cut. */
  truncated: boolean;
  /** The body was not read because its type is not textual. */
  skippedBody: boolean;
  redirects: { from: string; status: number; to: string }[];
  /** A redirect not followed because `redirectAllowed` refused its target (the response is that 3xx). */
  redirectRefused?: string;
  /** Time to the first response byte of the final hop, in ms. */
  ttfbMs: number;
  durationMs: number;
}

export interface FetchOptions {
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Follow redirects (default true, at most `maxRedirects`). */
  followRedirects?: boolean;
  /**
   * Also read `application/octet-stream` bodies (capped as every body): plain static hosts send that type for
   * files without a known extension (`/.well-known/api-catalog`, `/.well-known/mcp`, `.md` on some servers),
   * and what such a file holds is judged by its content.
   */
  readOctetStream?: boolean;
  /** Whether a redirect may be followed to `next`; when not, the 3xx is the answer (`redirectRefused`). */
  redirectAllowed?: (next: URL) => boolean;
  /** Cap on the decoded body in bytes (default from the fetcher). */
  maxBytes?: number;
  /** Per-request time limit in ms (default from the fetcher). */
  timeoutMs?: number;
}

export interface SafeFetcherOptions {
  network?: NetworkHooks;
  allowLoopback?: boolean;
  /** Headers added to every request (User-Agent…). */
  baseHeaders?: Record<string, string>;
  /** Adds signature headers for a request about to be sent (Web Bot Auth). */
  sign?: (request: { method: string; url: URL; headers: Record<string, string> }) => Promise<Record<string, string>> | Record<string, string>;
  maxRedirects?: number;
  timeoutMs?: number;
  maxBytes?: number;
  /** Concurrent requests per host. */
  perHostConcurrency?: number;
  /** Total deadline of everything this fetcher does. */
  signal?: AbortSignal;
  /** Maximum number of requests (hops included) this fetcher sends. */
  maxRequests?: number;
}

export type SafeFetch = (url: string, options?: FetchOptions) => Promise<FetchedResponse>;

export function createSafeFetcher(options: SafeFetcherOptions = {}): SafeFetch {
  const network = options.network ?? defaultNetwork;
  const allowLoopback = options.allowLoopback ?? false;
  const maxRedirects = options.maxRedirects ?? FETCH_DEFAULTS.maxRedirects;
  const defaultTimeout = options.timeoutMs ?? FETCH_DEFAULTS.timeoutMs;
  const defaultMaxBytes = options.maxBytes ?? FETCH_DEFAULTS.maxBytes;
  const perHost = keyedSemaphore(options.perHostConcurrency ?? FETCH_DEFAULTS.perHostConcurrency);
  const maxRequests = options.maxRequests ?? FETCH_DEFAULTS.maxRequests;
  let sent = 0;

  /**
   * Name resolutions of this fetcher, one per host: the checks of one measurement fetch up to 80 URLs of a
   * few hosts, and each would otherwise wait for the resolver again. Failures are kept too (the host fails fast).
   */
  const resolutions = new Map<string, Promise<ResolvedAddress[]>>();
  const resolveOnce = (hostname: string): Promise<ResolvedAddress[]> => {
    let pending = resolutions.get(hostname);
    if (!pending) {
      pending = Promise.resolve().then(() => network.resolve(hostname));
      pending.catch(() => {}); // observed by every caller; never an unhandled rejection
      resolutions.set(hostname, pending);
    }
    return pending;
  };

  async function once(url: URL, method: string, headers: Record<string, string>, body: string | undefined, readOctet: boolean, maxBytes: number, timeoutMs: number): Promise<Hop> {
    if (options.signal?.aborted) throw new FetchError('budget', url.href, 'o tempo total da medição se esgotou');
    if (++sent > maxRequests) throw new FetchError('budget', url.href, `limite de ${maxRequests} requisições por medição atingido`);
    // The time limits start before name resolution: a slow resolver spends the same budget as a slow server.
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    const target = checkUrl(url, allowLoopback);
    let address = target.address;
    if (!address) {
      let addresses: ResolvedAddress[];
      try {
        addresses = await untilAborted(resolveOnce(target.hostname), signal);
      } catch (error) {
        if (signal.aborted) throw timeoutError(url, timeout, timeoutMs);
        throw new FetchError('dns', url.href, error instanceof Error ? error.message : 'falha de DNS', { cause: error });
      }
      address = checkAddresses(url, target, addresses);
    }
    const started = performance.now();

    let socket;
    try {
      socket = await network.connect({
        address: address.address,
        family: address.family,
        port: target.port,
        hostname: target.hostname,
        tls: target.tls,
        signal,
        allowed: (a) => addressAllowed(target, a),
      });
    } catch (error) {
      if (error instanceof FetchError) throw error;
      if (signal.aborted) throw timeoutError(url, timeout, timeoutMs);
      const code = error instanceof NetworkError ? error.code : 'connect';
      throw new FetchError(code, url.href, error instanceof Error ? error.message : 'falha de conexão', { cause: error });
    }

    const hostHeader = url.port !== '' ? `${target.hostname}:${url.port}` : target.hostname;
    const allHeaders: Record<string, string> = {
      host: hostHeader,
      connection: 'close',
      'accept-encoding': 'gzip, deflate, br',
      ...options.baseHeaders,
      ...headers,
    };
    if (body !== undefined) allHeaders['content-length'] = String(Buffer.byteLength(body));
    if (options.sign) Object.assign(allHeaders, await options.sign({ method, url, headers: allHeaders }));

    return exchangeOnce({
      socket,
      url,
      method,
      headers: allHeaders,
      body,
      readBody: (type) => isTextualType(type) || (readOctet && type === 'application/octet-stream'),
      maxBytes,
      signal,
      aborted: () => timeoutError(url, timeout, timeoutMs),
      started,
    });
  }

  return async function safeFetch(input: string, fetchOptions: FetchOptions = {}): Promise<FetchedResponse> {
    const started = performance.now();
    let url: URL;
    try {
      url = new URL(input);
    } catch {
      throw new FetchError('refused_host', String(input), 'endereço inválido');
    }
    const redirects: FetchedResponse['redirects'] = [];
    const seen = new Set<string>([url.href]);
    let method: NextHop['method'] = fetchOptions.method ?? 'GET';
    let body = fetchOptions.body;
    const maxBytes = fetchOptions.maxBytes ?? defaultMaxBytes;
    const timeoutMs = fetchOptions.timeoutMs ?? defaultTimeout;
    for (;;) {
      const current = url;
      const hop = await perHost(`${url.hostname}:${url.port}`, () => once(current, method, fetchOptions.headers ?? {}, body, fetchOptions.readOctetStream === true, maxBytes, timeoutMs));
      const next = redirectOf(hop, { input, url, method, body }, { follow: fetchOptions.followRedirects !== false, allowed: fetchOptions.redirectAllowed, redirects: redirects.length, seen, maxRedirects });
      if (!next) return answer(input, url, hop, redirects, started);
      if ('refused' in next) return { ...answer(input, url, hop, redirects, started), redirectRefused: next.refused };
      redirects.push({ from: url.href, status: hop.status, to: next.url.href });
      seen.add(next.url.href);
      ({ url, method, body } = next);
    }
  };
}

function answer(input: string, url: URL, hop: Hop, redirects: FetchedResponse['redirects'], started: number): FetchedResponse {
  return {
    url: input,
    finalUrl: url.href,
    status: hop.status,
    headers: hop.headers,
    contentType: mediaType(hop.headers.get('content-type')),
    body: decodeText(hop.body, hop.headers.get('content-type')),
    bytes: hop.body.length,
    truncated: hop.truncated,
    skippedBody: hop.skippedBody,
    redirects,
    ttfbMs: Math.round(hop.ttfbMs),
    durationMs: Math.round(performance.now() - started),
  };
}

function timeoutError(url: URL, timeout: AbortSignal, timeoutMs: number): FetchError {
  if (timeout.aborted) return new FetchError('timeout', url.href, `sem resposta completa em ${Math.round(timeoutMs / 100) / 10} s`);
  return new FetchError('budget', url.href, 'o tempo total da medição se esgotou');
}

/**
 * Safe fetching for the reading agent: the instrument fetches arbitrary domains from our servers, so every
 * request (and every redirect hop) is checked before any byte leaves:
 *
 * - http and https only, default ports only, no user information, no IP-literal hosts (which also covers the
 *   numerically obfuscated spellings the URL parser turns into dotted IPv4);
 * - the name is resolved here, once per host for the fetcher's life (one measurement), inside the request's
 *   time limit and the total deadline; every resolved address must be public (`classifyAddress`); the
 *   connection dials exactly the checked address (see network.ts), so DNS rebinding finds no window;
 * - at most 5 redirects, each re-checked, loops detected;
 * - a per-request time limit and the measurement's total deadline (an AbortSignal);
 * - a cap on the decoded body size (bodies beyond it are cut and marked `truncated`), bodies read only for
 *   textual content types, decompression with the same cap;
 * - at most 4 concurrent requests per host (politeness).
 *
 * `allowLoopback` (tests only) additionally permits `localhost:<port>` and `127.0.0.1:<port>` over http.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { Duplex, Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { classifyAddress, isLoopbackAddress, isPublicAddress } from './address.ts';
import { defaultNetwork, type NetworkHooks, NetworkError, type ResolvedAddress } from './network.ts';
import { untilAborted } from '../deadline.ts';

export type FetchErrorCode =
  | 'refused_scheme'
  | 'refused_port'
  | 'refused_host'
  | 'refused_address'
  | 'dns'
  | 'connect'
  | 'tls'
  | 'timeout'
  | 'too_many_redirects'
  | 'redirect_loop'
  | 'protocol'
  | 'budget'
  /** Outside the measured origin: the reading agent contacts only the site it measures (issue 18, item 13). */
  | 'refused_origin';

export class FetchError extends Error {
  readonly code: FetchErrorCode;
  readonly url: string;
  constructor(code: FetchErrorCode, url: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FetchError';
    this.code = code;
    this.url = url;
  }
}

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

// `application/http-message-signatures-directory`: the JSON key directory's media type before `+json` (Web Bot Auth's earlier drafts).
const TEXTUAL = /^(?:text\/[a-z0-9.+-]+|application\/(?:[a-z0-9.-]+\+)?(?:json|xml)|application\/(?:javascript|ecmascript|x-ndjson|jsonl|x-javascript|http-message-signatures-directory)|image\/svg\+xml)$/;

/** Whether a media type's body is read (text, JSON, XML, JavaScript, event streams). */
export const isTextualType = (type: string): boolean => type === '' || TEXTUAL.test(type);

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1']);

/** A tiny per-key semaphore. */
function createLimiter(limit: number) {
  const active = new Map<string, number>();
  const waiting = new Map<string, (() => void)[]>();
  return async function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    if ((active.get(key) ?? 0) >= limit) {
      await new Promise<void>((resolve) => {
        const queue = waiting.get(key) ?? [];
        queue.push(resolve);
        waiting.set(key, queue);
      });
    } else {
      active.set(key, (active.get(key) ?? 0) + 1);
    }
    try {
      return await task();
    } finally {
      const next = waiting.get(key)?.shift();
      if (next) next();
      else active.set(key, (active.get(key) ?? 1) - 1);
    }
  };
}

interface Hop {
  status: number;
  headers: Headers;
  body: Buffer;
  truncated: boolean;
  skippedBody: boolean;
  ttfbMs: number;
}

export function createSafeFetcher(options: SafeFetcherOptions = {}): SafeFetch {
  const network = options.network ?? defaultNetwork;
  const allowLoopback = options.allowLoopback ?? false;
  const maxRedirects = options.maxRedirects ?? 5;
  const defaultTimeout = options.timeoutMs ?? 5_000;
  const defaultMaxBytes = options.maxBytes ?? 2 * 1024 * 1024;
  const limiter = createLimiter(options.perHostConcurrency ?? 4);
  const maxRequests = options.maxRequests ?? 80;
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

  /** Checks a URL and returns where to connect, resolving within `signal`. Throws FetchError when refused. */
  async function plan(url: URL, signal: AbortSignal, onAbort: () => FetchError): Promise<{ address: ResolvedAddress; port: number; tls: boolean; hostname: string; loopback: boolean }> {
    const href = url.href;
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchError('refused_scheme', href, `esquema ${url.protocol} não permitido (só http e https)`);
    if (url.username || url.password) throw new FetchError('refused_host', href, 'endereços com usuário ou senha não são seguidos');
    const tls = url.protocol === 'https:';
    let hostname = url.hostname.toLowerCase();
    if (hostname.startsWith('[') && hostname.endsWith(']')) hostname = hostname.slice(1, -1);
    if (hostname.endsWith('.')) hostname = hostname.slice(0, -1);

    const loopbackName = allowLoopback && !tls && LOOPBACK_NAMES.has(hostname);
    if (url.port !== '' && !loopbackName) throw new FetchError('refused_port', href, `porta ${url.port} não permitida (só as portas padrão de HTTP e HTTPS)`);
    const port = url.port !== '' ? Number(url.port) : tls ? 443 : 80;

    if (isIP(hostname)) {
      if (loopbackName && isLoopbackAddress(hostname)) return { address: { address: hostname, family: 4 }, port, tls, hostname, loopback: true };
      throw new FetchError('refused_host', href, `endereços IP não são seguidos (${classifyAddress(hostname)})`);
    }
    if (hostname === 'localhost' && !loopbackName) throw new FetchError('refused_address', href, 'o nome localhost não é permitido');

    let addresses: ResolvedAddress[];
    try {
      addresses = await untilAborted(resolveOnce(hostname), signal);
    } catch (error) {
      if (signal.aborted) throw onAbort();
      throw new FetchError('dns', href, error instanceof Error ? error.message : 'falha de DNS', { cause: error });
    }
    if (addresses.length === 0) throw new FetchError('dns', href, `o nome ${hostname} não tem endereço`);
    for (const a of addresses) {
      const ok = isPublicAddress(a.address) || (loopbackName && isLoopbackAddress(a.address));
      if (!ok) throw new FetchError('refused_address', href, `o nome ${hostname} aponta para um endereço não público (${classifyAddress(a.address)})`);
    }
    return { address: addresses[0] as ResolvedAddress, port, tls, hostname, loopback: loopbackName };
  }

  async function once(url: URL, method: string, headers: Record<string, string>, body: string | undefined, readOctet: boolean, maxBytes: number, timeoutMs: number): Promise<Hop> {
    if (options.signal?.aborted) throw new FetchError('budget', url.href, 'o tempo total da medição se esgotou');
    if (++sent > maxRequests) throw new FetchError('budget', url.href, `limite de ${maxRequests} requisições por medição atingido`);
    // The time limits start before name resolution: a slow resolver spends the same budget as a slow server.
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    const target = await plan(url, signal, () => timeoutError(url, timeout, timeoutMs));
    const started = performance.now();

    let socket: Duplex;
    try {
      socket = await network.connect({
        address: target.address.address,
        family: target.address.family,
        port: target.port,
        hostname: target.hostname,
        tls: target.tls,
        signal,
        allowed: (a) => isPublicAddress(a) || (target.loopback && isLoopbackAddress(a)),
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

    return new Promise<Hop>((resolve, reject) => {
      let settled = false;
      let response: IncomingMessage | undefined;
      let stream: Readable | undefined;
      const finish = (error: Error | undefined, hop?: Hop) => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        if (error) {
          stream?.destroy();
          response?.destroy();
          req.destroy();
          socket.destroy();
          reject(error);
        } else {
          socket.destroy();
          resolve(hop as Hop);
        }
      };
      const onAbort = () => finish(timeoutError(url, timeout, timeoutMs));
      signal.addEventListener('abort', onAbort, { once: true });

      const req = httpRequest({
        method,
        path: `${url.pathname}${url.search}`,
        headers: allHeaders,
        createConnection: () => socket as never,
        setHost: false,
      });
      req.on('error', (error) => finish(new FetchError('protocol', url.href, `resposta HTTP inválida (${error.message})`, { cause: error })));
      req.on('response', (res) => {
        response = res;
        const ttfbMs = performance.now() - started;
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (value === undefined) continue;
          for (const v of Array.isArray(value) ? value : [value]) {
            try {
              responseHeaders.append(name, v);
            } catch {
              // invalid header value: ignored
            }
          }
        }
        const status = res.statusCode ?? 0;
        const type = mediaType(responseHeaders.get('content-type'));
        const wantBody = method !== 'HEAD' && status !== 204 && status !== 304 && !(status >= 300 && status < 400);
        const textual = isTextualType(type) || (readOctet && type === 'application/octet-stream');
        if (!wantBody || !textual) {
          res.resume();
          finish(undefined, { status, headers: responseHeaders, body: Buffer.alloc(0), truncated: false, skippedBody: wantBody && !textual, ttfbMs });
          return;
        }
        const encoding = (responseHeaders.get('content-encoding') ?? 'identity').trim().toLowerCase();
        let decoder: Readable = res;
        if (encoding === 'gzip' || encoding === 'x-gzip') decoder = res.pipe(createGunzip());
        else if (encoding === 'deflate') decoder = res.pipe(createInflate());
        else if (encoding === 'br') decoder = res.pipe(createBrotliDecompress());
        else if (encoding !== 'identity' && encoding !== '') {
          res.resume();
          finish(undefined, { status, headers: responseHeaders, body: Buffer.alloc(0), truncated: false, skippedBody: true, ttfbMs });
          return;
        }
        stream = decoder;
        const chunks: Buffer[] = [];
        let size = 0;
        decoder.on('data', (chunk: Buffer) => {
          if (settled) return;
          const room = maxBytes - size;
          if (chunk.length >= room) {
            chunks.push(chunk.subarray(0, Math.max(0, room)));
            size += Math.max(0, room);
            finish(undefined, { status, headers: responseHeaders, body: Buffer.concat(chunks), truncated: true, skippedBody: false, ttfbMs });
            decoder.destroy();
            res.destroy();
            return;
          }
          chunks.push(chunk);
          size += chunk.length;
        });
        decoder.on('end', () => finish(undefined, { status, headers: responseHeaders, body: Buffer.concat(chunks), truncated: false, skippedBody: false, ttfbMs }));
        decoder.on('error', (error) => finish(new FetchError('protocol', url.href, `corpo da resposta inválido (${error.message})`, { cause: error })));
        res.on('aborted', () => finish(new FetchError('protocol', url.href, 'a resposta foi interrompida')));
      });
      if (body !== undefined) req.end(body);
      else req.end();
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
    let method = fetchOptions.method ?? 'GET';
    let body = fetchOptions.body;
    const maxBytes = fetchOptions.maxBytes ?? defaultMaxBytes;
    const timeoutMs = fetchOptions.timeoutMs ?? defaultTimeout;
    for (;;) {
      const hostKey = `${url.hostname}:${url.port}`;
      const current = url;
      const hop = await limiter(hostKey, () => once(current, method, fetchOptions.headers ?? {}, body, fetchOptions.readOctetStream === true, maxBytes, timeoutMs));
      const location = hop.headers.get('location');
      if (fetchOptions.followRedirects !== false && hop.status >= 300 && hop.status < 400 && location && hop.status !== 304) {
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw new FetchError('protocol', url.href, `redirecionamento para um endereço inválido (${location.slice(0, 200)})`);
        }
        next.hash = '';
        if (fetchOptions.redirectAllowed && !fetchOptions.redirectAllowed(next)) {
          return { ...answer(input, url, hop, redirects, started), redirectRefused: next.href };
        }
        redirects.push({ from: url.href, status: hop.status, to: next.href });
        if (seen.has(next.href)) throw new FetchError('redirect_loop', input, `redirecionamento em ciclo (${next.href})`);
        if (redirects.length > maxRedirects) throw new FetchError('too_many_redirects', input, `mais de ${maxRedirects} redirecionamentos`);
        seen.add(next.href);
        if (hop.status === 303 || ((hop.status === 301 || hop.status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
        }
        url = next;
        continue;
      }
      return answer(input, url, hop, redirects, started);
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

/** `text/html; charset=utf-8` → `text/html`. */
export const mediaType = (header: string | null): string => (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/** A response body as text, in the charset its Content-Type names (UTF-8 by default; a leading BOM is dropped). */
export function decodeText(body: Buffer, contentType: string | null): string {
  if (body.length === 0) return '';
  const charset = /charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType ?? '')?.[1]?.toLowerCase() ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

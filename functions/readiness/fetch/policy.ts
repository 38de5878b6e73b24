/**
 * The reading agent's fetch policy: what it may contact and how far it follows, decided before any byte leaves
 * (the transport, ./transport.ts, only carries what this allows):
 *
 * - http and https only, default ports only, no user information, no IP-literal hosts (which also covers the
 *   numerically obfuscated spellings the URL parser turns into dotted IPv4), no `localhost`;
 * - every address a name resolves to must be public (`classifyAddress`); the connection then dials exactly the
 *   checked address (./network.ts), so DNS rebinding finds no window;
 * - at most 5 redirects, each re-checked, loops detected, a 303 (or a 301/302 after a POST) continued as GET;
 * - bodies read only for textual media types.
 *
 * `allowLoopback` (tests only) additionally permits `localhost:<port>` and `127.0.0.1:<port>` over http.
 */
import { isIP } from 'node:net';
import { classifyAddress, isLoopbackAddress, isPublicAddress } from './address.ts';
import type { ResolvedAddress } from './network.ts';

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

/** The fetcher's defaults (one measurement passes its own). */
export const FETCH_DEFAULTS = { maxRedirects: 5, timeoutMs: 5_000, maxBytes: 2 * 1024 * 1024, perHostConcurrency: 4, maxRequests: 80 } as const;

// `application/http-message-signatures-directory`: the JSON key directory's media type before `+json` (Web Bot Auth's earlier drafts).
const TEXTUAL = /^(?:text\/[a-z0-9.+-]+|application\/(?:[a-z0-9.-]+\+)?(?:json|xml)|application\/(?:javascript|ecmascript|x-ndjson|jsonl|x-javascript|http-message-signatures-directory)|image\/svg\+xml)$/;

/** Whether a media type's body is read (text, JSON, XML, JavaScript, event streams). */
export const isTextualType = (type: string): boolean => type === '' || TEXTUAL.test(type);

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1']);

/** Where a checked URL may be reached: the name to resolve (or the loopback address itself), port and scheme. */
export interface Target {
  hostname: string;
  port: number;
  tls: boolean;
  /** A loopback fixture (tests only, `allowLoopback`). */
  loopback: boolean;
  /** Already an address (a loopback literal): nothing to resolve. */
  address?: ResolvedAddress;
}

/** The checks of a URL before any resolution. Throws FetchError when refused. */
export function checkUrl(url: URL, allowLoopback: boolean): Target {
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
    if (loopbackName && isLoopbackAddress(hostname)) return { hostname, port, tls, loopback: true, address: { address: hostname, family: 4 } };
    throw new FetchError('refused_host', href, `endereços IP não são seguidos (${classifyAddress(hostname)})`);
  }
  if (hostname === 'localhost' && !loopbackName) throw new FetchError('refused_address', href, 'o nome localhost não é permitido');
  return { hostname, port, tls, loopback: loopbackName };
}

/** Whether the reader may connect to an address for this target: a public one, or loopback for a loopback fixture. */
export const addressAllowed = (target: Pick<Target, 'loopback'>, address: string): boolean => isPublicAddress(address) || (target.loopback && isLoopbackAddress(address));

/** The address to dial among those a name resolved to: every one must be allowed. Throws FetchError when refused. */
export function checkAddresses(url: URL, target: Target, addresses: readonly ResolvedAddress[]): ResolvedAddress {
  if (addresses.length === 0) throw new FetchError('dns', url.href, `o nome ${target.hostname} não tem endereço`);
  for (const a of addresses) {
    if (!addressAllowed(target, a.address)) throw new FetchError('refused_address', url.href, `o nome ${target.hostname} aponta para um endereço não público (${classifyAddress(a.address)})`);
  }
  return addresses[0] as ResolvedAddress;
}

/** A redirect to follow: the next URL, and the method and body it is followed with. */
export interface NextHop {
  url: URL;
  method: 'GET' | 'HEAD' | 'POST';
  body: string | undefined;
}

/**
 * What a 3xx leads to: undefined when it is not followed (not a redirect, no `Location`, following off), `refused` with
 * the target when `allowed` refuses it, or the next hop. Throws FetchError on an invalid target, a loop or too many
 * redirects. `redirects` and `seen` are the chain so far (the caller records the hop).
 */
export function redirectOf(
  hop: { status: number; headers: Headers },
  current: { input: string; url: URL; method: NextHop['method']; body: string | undefined },
  rules: { follow: boolean; allowed?: (next: URL) => boolean; redirects: number; seen: ReadonlySet<string>; maxRedirects: number },
): NextHop | { refused: string } | undefined {
  const location = hop.headers.get('location');
  if (!rules.follow || hop.status < 300 || hop.status >= 400 || !location || hop.status === 304) return undefined;
  let next: URL;
  try {
    next = new URL(location, current.url);
  } catch {
    throw new FetchError('protocol', current.url.href, `redirecionamento para um endereço inválido (${location.slice(0, 200)})`);
  }
  next.hash = '';
  if (rules.allowed && !rules.allowed(next)) return { refused: next.href };
  if (rules.seen.has(next.href)) throw new FetchError('redirect_loop', current.input, `redirecionamento em ciclo (${next.href})`);
  if (rules.redirects + 1 > rules.maxRedirects) throw new FetchError('too_many_redirects', current.input, `mais de ${rules.maxRedirects} redirecionamentos`);
  const asGet = hop.status === 303 || ((hop.status === 301 || hop.status === 302) && current.method === 'POST');
  return { url: next, method: asGet ? 'GET' : current.method, body: asGet ? undefined : current.body };
}

/**
 * The probe of one measurement: every request the checks make to the measured site goes through `get`, which keeps
 * the reader on the measured origin, fetches each URL + Accept (+ cap, redirect rule, body, headers) once whatever
 * number of checks ask for it, remembers how each probe was asked (its evidence), and counts the responses that look
 * like bot protection or rate limiting, so interference is reported, not scored.
 */
import { detectInterference } from './analysis/challenge.ts';
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

/** What decided, for `ctx.evidence`: the header, line or value as read from the site, and where it was. */
export interface Decisive {
  decisivo?: string;
  em?: Evidence['em'];
}

/** Accept of the home page and the sampled pages. */
export const HTML_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8';

export interface Prober {
  /** The measured origin (after the home page's redirects). */
  origin: string;
  /** Absolute URL for a path of the site (or an absolute URL unchanged). */
  url(pathOrUrl: string): string;
  /** Whether the reader may contact this URL: the measured origin, or its http:// form. */
  onMeasuredOrigin(url: string | URL): boolean;
  /** The evidence of a probe this prober fetched: what was asked (method, URL, agent, Accept) and what came back. */
  evidence(probe: Probe, decisive?: Decisive): Evidence;
  get(pathOrUrl: string, options?: ProbeOptions): Promise<Probe>;
  /** Responses seen and how many looked like bot protection or rate limiting. */
  interference(): { total: number; blocked: number; vendors: string[] };
}

export interface ProberInit {
  home: FetchedResponse;
  /** The Accept the home page was asked with (its evidence). */
  homeAccept?: string;
  /** The User-Agent the fetcher sends (evidence and reproductions). */
  userAgent: string;
  fetch: SafeFetch;
}

export function createProber(init: ProberInit): Prober {
  const origin = new URL(init.home.finalUrl).origin;
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

  return { origin, url, onMeasuredOrigin, evidence, get, interference: () => ({ total, blocked, vendors: [...vendors] }) };
}

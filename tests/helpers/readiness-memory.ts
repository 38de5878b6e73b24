/**
 * A measured site served in memory: routes by path (404 elsewhere) behind a fake fetch, measured through the real
 * measurement context (memoized probes, evidence, sampling). For unit tests of a check's outcomes, without sockets.
 */
import { createContext, type MeasurementContext } from '../../functions/readiness/context.ts';
import { createDeadline } from '../../functions/readiness/deadline.ts';
import type { FetchedResponse, FetchOptions } from '../../functions/readiness/fetch/safe-fetch.ts';

export const MEMORY_ORIGIN = 'https://exemplo.com.br';

export type Route = (request: Request) => Promise<Response> | Response;

export interface MemorySite {
  ctx: MeasurementContext;
  /** Every request a check made: method, URL and, for JSON-RPC, its method. */
  requests: { method: string; url: string; rpc?: string }[];
}

export async function toFetched(url: string, response: Response): Promise<FetchedResponse> {
  const body = await response.text();
  return {
    url,
    finalUrl: url,
    status: response.status,
    headers: response.headers,
    contentType: (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase(),
    body,
    bytes: body.length,
    truncated: false,
    skippedBody: false,
    redirects: [],
    ttfbMs: 1,
    durationMs: 1,
  };
}

/** The home page of a memory site unless the test gives its own. */
const HOME = '<html><head><title>Exemplo Consultoria</title></head><body>oi</body></html>';

/** A site whose paths answer with `routes` (404 elsewhere); `home` answers `/` (an HTML page by default). */
export async function memorySite(routes: Record<string, Route>, home: Response = new Response(HOME, { headers: { 'content-type': 'text/html' } })): Promise<MemorySite> {
  const requests: MemorySite['requests'] = [];
  const fetch = async (url: string, options: FetchOptions = {}): Promise<FetchedResponse> => {
    const method = options.method ?? 'GET';
    let rpc: string | undefined;
    try {
      rpc = options.body ? (JSON.parse(options.body) as { method?: string }).method : undefined;
    } catch {
      rpc = undefined;
    }
    requests.push({ method, url, ...(rpc ? { rpc } : {}) });
    const route = routes[new URL(url).pathname];
    const request = new Request(url, { method, headers: options.headers, body: options.body });
    return toFetched(url, route ? await route(request) : new Response('não encontrado', { status: 404 }));
  };
  const ctx = await createContext({
    domain: new URL(MEMORY_ORIGIN).hostname,
    home: await toFetched(`${MEMORY_ORIGIN}/`, home),
    userAgent: 'LeitorDeTeste/1.0',
    fetch,
    loopback: false,
    httpFallback: false,
    deadline: createDeadline(20_000),
  });
  return { ctx, requests };
}

/**
 * Markdown negotiation, platform-neutral (runs in Netlify's Deno edge runtime and in the local server).
 * GET/HEAD page requests get the markdown twin when `Accept` prefers text/markdown, when the user agent is a
 * known AI crawler, or for `/?mode=agent`. Everything else passes through, with a `Link` to the twin added to
 * HTML pages. Both variants of a page route say `Vary: Accept, User-Agent` (the user agent alone can pick the
 * twin), so a shared cache never hands one variant to a client that would get the other (docs/negotiation.md).
 * A direct request for a `.md` address is markdown whatever it carries, its 404 included.
 */
import { AGENT_MODE_PAGE, PAGE_ALIASES } from '../../src/model/aliases.ts';
import { isAiAgent } from '../../src/model/ai-agents.ts';
import { MARKDOWN_MEDIA_TYPE, NEGOTIATED_VARY } from '../../src/model/media-types.ts';
import { MEASURE_PATH, resultPath } from '../../src/model/measurement.ts';
import { routeOf, twinOf } from '../../src/model/routes.ts';
import { USAGE_HEADERS } from '../../src/model/usage-preferences.ts';
import { prefersMarkdown, refusesMarkdown } from './accept.ts';

export interface NegotiationHooks {
  /** The response the request would get without negotiation (static file, 404 page…). */
  next(): Promise<Response>;
  /** The static response for another path of the site (the twin, the markdown 404). */
  fetchPath(path: string): Promise<Response>;
}

/** Rough token estimate for `x-markdown-tokens` (≈ 4 characters per token, as Cloudflare's header). */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

/** The twin path for a page path, or undefined for paths that are files (have an extension). */
export const twinPathFor = (pathname: string): string | undefined => {
  let path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  path = PAGE_ALIASES[path] ?? path;
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (last.includes('.')) return undefined;
  return twinOf(routeOf(path));
};

/** Adds the request headers that pick a page route's variant to `Vary`, keeping what is there (once each). */
const addNegotiatedVary = (headers: Headers): void => {
  const current = (headers.get('vary') ?? '').split(',').map((v) => v.trim()).filter(Boolean);
  if (current.includes('*')) return;
  const names = new Set(current.map((v) => v.toLowerCase()));
  for (const name of NEGOTIATED_VARY.split(', ')) if (!names.has(name.toLowerCase())) current.push(name);
  headers.set('vary', current.join(', '));
};

const withHeaders = (response: Response, set: Record<string, string>): Response => {
  const headers = new Headers(response.headers);
  for (const [k, v] of Object.entries(set)) headers.set(k, v);
  addNegotiatedVary(headers);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};

/**
 * Turns a static markdown response into the served markdown response. `negotiated`: the address also has an
 * HTML variant (a page route), so the response varies; a `.md` address does not.
 */
const asMarkdown = async (response: Response, options: { status?: number; head: boolean; negotiated: boolean }): Promise<Response> => {
  const text = await response.text();
  const headers = new Headers(response.headers);
  headers.set('content-type', MARKDOWN_MEDIA_TYPE);
  headers.set('x-markdown-tokens', String(estimateTokens(text)));
  // The usage policy in both vocabularies (Content Signals and aipref), as on the HTML pages (`_headers`).
  for (const [name, value] of Object.entries(USAGE_HEADERS)) headers.set(name, value);
  headers.delete('vary');
  if (options.negotiated) addNegotiatedVary(headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(options.head ? null : text, { status: options.status ?? response.status, headers });
};

const NOT_FOUND_TWIN = '/404.md';

/** The markdown 404 (`/404.md`), or undefined when the site has none. */
const markdownNotFound = async (hooks: NegotiationHooks, head: boolean, negotiated: boolean): Promise<Response | undefined> => {
  const notFound = await hooks.fetchPath(NOT_FOUND_TWIN);
  if (notFound.ok) return asMarkdown(notFound, { status: 404, head, negotiated });
  await notFound.body?.cancel();
  return undefined;
};

export const isMarkdownPath = (pathname: string): boolean => pathname.endsWith('.md');

/**
 * What a request gets, decided from its method, path, query and the two headers that pick a variant, before any
 * response is read: `pass` (not GET/HEAD: no negotiation), `redirect`, `markdown-file` (a `.md` address), `file` (a
 * path that is a file: as it is), `twin` (a page route, answered with its markdown twin) or `page` (a page route,
 * answered as HTML with a `Link` to its twin). The edge function acts on it below; the local server also keys its
 * precomputed static answers by it (server/local.ts).
 */
export type Negotiation =
  | { kind: 'pass' }
  | { kind: 'redirect'; location: string }
  | { kind: 'markdown-file' }
  | { kind: 'file' }
  | { kind: 'twin' | 'page'; twin: string };

export function negotiationOf(pathname: string, query: URLSearchParams, method: string, accept: string | null, userAgent: string | null): Negotiation {
  if (method !== 'GET' && method !== 'HEAD') return { kind: 'pass' };
  // `?site=` on the measurement page (a static page) leads to that domain's result page, which normalizes it.
  const site = query.get('site')?.trim();
  if (site && pathname.replace(/\/+$/, '') === MEASURE_PATH) return { kind: 'redirect', location: resultPath(site) };
  // Direct requests for a twin: right type and token estimate (static hosts guess the type poorly).
  if (isMarkdownPath(pathname)) return { kind: 'markdown-file' };
  const agentMode = query.get('mode') === 'agent';
  const twin = pathname === '/' && agentMode ? twinOf(routeOf(AGENT_MODE_PAGE)) : twinPathFor(pathname);
  if (!twin) return { kind: 'file' };
  const wantsMarkdown = agentMode || prefersMarkdown(accept) || (isAiAgent(userAgent) && !refusesMarkdown(accept));
  return { kind: wantsMarkdown ? 'twin' : 'page', twin };
}

export async function negotiateMarkdown(request: Request, hooks: NegotiationHooks): Promise<Response> {
  const url = new URL(request.url);
  const method = request.method.toUpperCase();
  const decision = negotiationOf(url.pathname, url.searchParams, method, request.headers.get('accept'), request.headers.get('user-agent'));
  const head = method === 'HEAD';
  switch (decision.kind) {
    case 'pass':
    case 'file':
      return hooks.next();
    case 'redirect':
      return new Response(null, { status: 302, headers: { location: decision.location, 'cache-control': 'no-cache' } });
    case 'markdown-file': {
      const response = await hooks.next();
      // A missing twin is a 404 in markdown too (never for /404.md itself: on Netlify `fetchPath` runs this again).
      if (response.status === 404 && url.pathname !== NOT_FOUND_TWIN) {
        const notFound = await markdownNotFound(hooks, head, false);
        if (notFound) {
          await response.body?.cancel();
          return notFound;
        }
      }
      if (!response.ok) return response;
      return asMarkdown(response, { head, negotiated: false });
    }
  }
  const { twin } = decision;
  if (decision.kind === 'twin') {
    const twinResponse = await hooks.fetchPath(twin);
    if (twinResponse.ok) return asMarkdown(twinResponse, { status: 200, head, negotiated: true });
    await twinResponse.body?.cancel();
    // No twin: the markdown 404, or (no /404.md) the HTML answer below, which varies the same way.
    const notFound = await markdownNotFound(hooks, head, true);
    if (notFound) return notFound;
  }

  const response = await hooks.next();
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('text/html')) return response;
  const set: Record<string, string> = {};
  if (response.status < 400) set.link = [response.headers.get('link'), `<${twin}>; rel="alternate"; type="text/markdown"`].filter(Boolean).join(', ');
  return withHeaders(response, set);
}

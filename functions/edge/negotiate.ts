/**
 * Markdown negotiation, platform-neutral (runs in Netlify's Deno edge runtime and in the local server).
 * GET/HEAD page requests get the markdown twin when `Accept` prefers text/markdown, when the user agent is a
 * known AI crawler, or for `/?mode=agent`. Everything else passes through, with `Vary: Accept` and a `Link`
 * to the twin added to HTML pages.
 */
import { AGENT_MODE_PAGE, PAGE_ALIASES } from '../../src/model/aliases.ts';
import { CONTENT_SIGNAL, isAiAgent } from '../../src/model/ai-agents.ts';
import { prefersMarkdown, refusesMarkdown } from './accept.ts';

export interface NegotiationHooks {
  /** The response the request would get without negotiation (static file, 404 page…). */
  next(): Promise<Response>;
  /** The static response for another path of the site (the twin, the markdown 404). */
  fetchPath(path: string): Promise<Response>;
}

export const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';

/** Rough token estimate for `x-markdown-tokens` (≈ 4 characters per token, as Cloudflare's header). */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

/** The twin path for a page path, or undefined for paths that are files (have an extension). */
export const twinPathFor = (pathname: string): string | undefined => {
  let path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  path = PAGE_ALIASES[path] ?? path;
  if (path === '/' || path === '') return '/index.md';
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (last.includes('.')) return undefined;
  return `${path}.md`;
};

const withHeaders = (response: Response, set: Record<string, string>, vary = true): Response => {
  const headers = new Headers(response.headers);
  for (const [k, v] of Object.entries(set)) headers.set(k, v);
  if (vary) {
    const current = headers.get('vary');
    if (!current) headers.set('vary', 'Accept');
    else if (!/\baccept\b/i.test(current)) headers.set('vary', `${current}, Accept`);
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};

/** Turns a static markdown response into the negotiated markdown response. */
const asMarkdown = async (response: Response, status = response.status, head = false): Promise<Response> => {
  const text = await response.text();
  const headers = new Headers(response.headers);
  headers.set('content-type', MARKDOWN_TYPE);
  headers.set('x-markdown-tokens', String(estimateTokens(text)));
  headers.set('content-signal', CONTENT_SIGNAL);
  headers.set('vary', 'Accept');
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(head ? null : text, { status, headers });
};

export const isMarkdownPath = (pathname: string): boolean => pathname.endsWith('.md');

export async function negotiateMarkdown(request: Request, hooks: NegotiationHooks): Promise<Response> {
  const url = new URL(request.url);
  const method = request.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') return hooks.next();
  const head = method === 'HEAD';

  // Direct requests for a twin: right type and token estimate (static hosts guess the type poorly).
  if (isMarkdownPath(url.pathname)) {
    const response = await hooks.next();
    if (!response.ok) return response;
    return asMarkdown(response, response.status, head);
  }

  const twin = url.pathname === '/' && url.searchParams.get('mode') === 'agent' ? `${AGENT_MODE_PAGE}.md` : twinPathFor(url.pathname);
  if (!twin) return hooks.next();

  const accept = request.headers.get('accept');
  const wantsMarkdown =
    url.searchParams.get('mode') === 'agent' ||
    prefersMarkdown(accept) ||
    (isAiAgent(request.headers.get('user-agent')) && !refusesMarkdown(accept));

  if (wantsMarkdown) {
    const twinResponse = await hooks.fetchPath(twin);
    if (twinResponse.ok) return asMarkdown(twinResponse, 200, head);
    const notFound = await hooks.fetchPath('/404.md');
    if (notFound.ok) return asMarkdown(notFound, 404, head);
    return hooks.next();
  }

  const response = await hooks.next();
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('text/html')) return response;
  const set: Record<string, string> = {};
  if (response.status < 400) set.link = [response.headers.get('link'), `<${twin}>; rel="alternate"; type="text/markdown"`].filter(Boolean).join(', ');
  return withHeaders(response, set);
}

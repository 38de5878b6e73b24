/**
 * The one HTML response of the functions' pages (the contact form, the follow-up pages, the search results, the
 * measurement's pages for a browser without JavaScript): `text/html`, never stored, and `noindex` (they are variants
 * of the site's own pages, or answers to a request, never content for search engines). `headers` adds to or
 * replaces these; the security headers are the pipeline's (the page CSP for HTML).
 */
import { knownBodyResponse } from '../http/known-body.ts';

export function htmlResponse(html: string | null, status: number, headers?: HeadersInit): Response {
  const h = new Headers(headers);
  h.set('content-type', 'text/html; charset=utf-8');
  if (!h.has('cache-control')) h.set('cache-control', 'no-store');
  if (!h.has('x-robots-tag')) h.set('x-robots-tag', 'noindex');
  return html === null ? new Response(null, { status, headers: h }) : knownBodyResponse(html, { status, headers: h });
}

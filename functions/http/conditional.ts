/**
 * Conditional requests (RFC 9110 §13): whether a GET/HEAD may be answered 304 Not Modified. Used by responses that
 * carry an `ETag` (the readiness badge); the static files' validators are the host's business.
 */

/**
 * Whether the request's `If-None-Match` names `etag` (the weak comparison of §13.1.2, which ignores `W/`) or is `*`.
 * The caller answers 304 with the same validator and caching headers, and no body.
 */
export function matchesIfNoneMatch(request: Request, etag: string): boolean {
  const header = request.headers.get('if-none-match');
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/**
 * Conditional requests (RFC 9110 §13): a strong validator made from a body's bytes, and whether a GET/HEAD may be
 * answered 304 Not Modified. Used by the answers that carry an `ETag`: the readiness badge, and the static answers the
 * local server keeps in memory (server/local.ts); on Netlify the static files' validators are the host's business.
 */
import { createHash } from 'node:crypto';

/** A strong validator of a body's bytes: the same bytes, the same tag (what a revalidation compares). */
export const strongEtag = (body: string | Uint8Array): string => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/**
 * Whether an `If-None-Match` value names `etag` (the weak comparison of §13.1.2, which ignores `W/`) or is `*`.
 * The caller answers 304 with the same validator and caching headers, and no body.
 */
export function ifNoneMatchNames(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/** `ifNoneMatchNames` on a request's `If-None-Match`. */
export const matchesIfNoneMatch = (request: Request, etag: string): boolean => ifNoneMatchNames(request.headers.get('if-none-match'), etag);

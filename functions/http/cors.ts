/**
 * CORS for browser agents on the API's GET routes and the agent authentication routes. The API is public
 * and uses bearer tokens (never cookies), so any origin may call it: `Access-Control-Allow-Origin: *`
 * without credentials.
 */

/** Request headers a browser agent may send. */
export const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key', 'Accept'] as const;

/**
 * The API's own response headers: documented once in the OpenAPI file (functions/openapi/spec.ts reads this
 * list) and exposed to browser agents by CORS, so a header cannot be documented without being readable.
 */
export const API_RESPONSE_HEADERS = [
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'RateLimit-Policy',
  'RateLimit',
  'Retry-After',
  'WWW-Authenticate',
  'X-Sandbox',
  'Allow',
  'Deprecation',
  'Sunset',
  'Idempotency-Replayed',
  'Idempotency-Status',
] as const;

/** Response headers a browser agent may read: the API's own, plus the discovery `Link`. */
export const CORS_EXPOSED_HEADERS = [...API_RESPONSE_HEADERS, 'Link'] as const;

/** Preflight results may be cached by the browser for this many seconds. */
export const CORS_MAX_AGE = 86_400;

const EXPOSED = CORS_EXPOSED_HEADERS.join(', ');
const ALLOWED_HEADERS = CORS_ALLOWED_HEADERS.join(', ');

/**
 * Sets the CORS headers of an actual (non-preflight) response on `headers`; `exposed` replaces the API's list
 * for a response of another protocol (the key directory's signature headers).
 */
export function setCorsHeaders(headers: Headers, exposed?: readonly string[]): Headers {
  headers.set('Access-Control-Allow-Origin', '*');
  headers.set('Access-Control-Expose-Headers', exposed ? exposed.join(', ') : EXPOSED);
  return headers;
}

/** Returns `response` with the CORS headers (copying it when its headers are immutable). */
export function withCors(response: Response, exposed?: readonly string[]): Response {
  try {
    setCorsHeaders(response.headers, exposed);
    return response;
  } catch {
    const headers = setCorsHeaders(new Headers(response.headers), exposed);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/** Whether a request is a CORS preflight (OPTIONS with Access-Control-Request-Method). */
export const isPreflight = (request: Request): boolean =>
  request.method === 'OPTIONS' && request.headers.has('access-control-request-method');

/**
 * The answer to an OPTIONS request (preflight or plain): 204 with the allowed methods and headers.
 * `methods` are the methods of the path, OPTIONS included (e.g. `['GET', 'HEAD', 'OPTIONS']`); `extraHeaders` are
 * request headers of the path's own protocol (e.g. `A2A-Version` on `/a2a`) allowed besides the common ones.
 */
export function preflightResponse(methods: readonly string[], extraHeaders: readonly string[] = []): Response {
  const allow = methods.join(', ');
  const headers = new Headers({
    Allow: allow,
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': allow,
    'Access-Control-Allow-Headers': extraHeaders.length ? `${ALLOWED_HEADERS}, ${extraHeaders.join(', ')}` : ALLOWED_HEADERS,
    'Access-Control-Expose-Headers': EXPOSED,
    'Access-Control-Max-Age': String(CORS_MAX_AGE),
  });
  return new Response(null, { status: 204, headers });
}

/**
 * Security headers, set in one place: the build writes them into Netlify's `_headers` for static files (which
 * the local server reads too), and every function response gets them from `withSecurityHeaders`.
 */
const COMMON: Record<string, string> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy':
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** HTML pages: no inline script or style; scripts only from the site itself. */
export const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'; manifest-src 'self'";

/** Data responses (JSON, markdown, text): nothing may run or be embedded. */
export const DATA_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const PAGE_SECURITY_HEADERS: Record<string, string> = {
  ...COMMON,
  'Content-Security-Policy': PAGE_CSP,
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** Public machine-readable resources are meant to be read cross-origin (browser agents, CORS). */
export const DATA_SECURITY_HEADERS: Record<string, string> = {
  ...COMMON,
  'Content-Security-Policy': DATA_CSP,
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

/** Adds the data security headers to a function response (without overriding what the handler set). */
export const withSecurityHeaders = (headers: Headers): Headers => {
  for (const [k, v] of Object.entries(DATA_SECURITY_HEADERS)) if (!headers.has(k)) headers.set(k, v);
  return headers;
};

/**
 * Security headers, set in one place: the build writes them into Netlify's `_headers` for static files (which
 * the local server reads too), and every function response gets them from `withSecurityHeaders`
 * (the guard of every route's pipeline, functions/http/steps.ts). Graded by the MDN HTTP Observatory's own analyzers in
 * tests/integration/security-headers.test.ts (A+ for pages and for data responses).
 *
 * One value per header and response: Netlify applies every `_headers` rule that matches a path, and whether a
 * header named in two matching rules is replaced or comma-joined differs between Netlify's CDN and its local
 * emulator, so the build never names a header in two rules that match the same path (checked by
 * tests/unit/headers-file.test.ts), and function responses never get `_headers` at all (Netlify applies custom
 * headers only to files it serves itself).
 */
const COMMON: Record<string, string> = {
  // Two years, subdomains included, eligible for the browsers' preload list (what `preload` declares).
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // Powerful features the site never uses, denied to itself and to anything it could embed. Only features
  // Chromium recognises: an unknown one is logged as an error in the console of every page.
  'Permissions-Policy':
    'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), browsing-topics=()',
  // Legacy twin of `frame-ancestors 'none'` for clients without CSP 2.
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  // No-cors loads (img, script, link) from other origins are refused. CORP does not apply to CORS requests, so
  // browser agents still read the public API and the discovery files cross-origin (`Access-Control-Allow-Origin: *`);
  // JSON could not be read through a no-cors load anyway (opaque response blocking).
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * HTML pages: no inline script or style, no eval; scripts, styles, fonts and images only from the site itself
 * (`data:` images for inline SVG backgrounds). JSON-LD blocks (`<script type="application/ld+json">`) are data
 * blocks, never executed, so the CSP does not apply to them.
 */
export const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'; manifest-src 'self'";

/** Data responses (JSON, markdown, text, event streams): nothing may run, load or be embedded. */
export const DATA_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const PAGE_SECURITY_HEADERS: Record<string, string> = {
  ...COMMON,
  'Content-Security-Policy': PAGE_CSP,
};

export const DATA_SECURITY_HEADERS: Record<string, string> = {
  ...COMMON,
  'Content-Security-Policy': DATA_CSP,
};

/** The security headers for a response of this media type: the page set for HTML, the data set otherwise. */
export const securityHeadersFor = (contentType: string | null | undefined): Record<string, string> =>
  /^\s*(text\/html|application\/xhtml\+xml)\b/i.test(contentType ?? '') ? PAGE_SECURITY_HEADERS : DATA_SECURITY_HEADERS;

/**
 * Adds the security headers to a function response, by its media type (an HTML page from a function gets the
 * page CSP, so its stylesheet loads), without overriding what the handler set.
 */
const PAGE_ENTRIES = Object.entries(PAGE_SECURITY_HEADERS);
const DATA_ENTRIES = Object.entries(DATA_SECURITY_HEADERS);

export const withSecurityHeaders = (headers: Headers): Headers => {
  const entries = securityHeadersFor(headers.get('content-type')) === PAGE_SECURITY_HEADERS ? PAGE_ENTRIES : DATA_ENTRIES;
  for (const [k, v] of entries) if (!headers.has(k)) headers.set(k, v);
  return headers;
};

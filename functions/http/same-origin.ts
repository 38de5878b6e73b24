/**
 * Cross-site request check for the POST endpoints the site's own pages use (the free measurement): a form
 * on any other site can post to them with the visitor's browser, spending the visitor's quota and the
 * instrument gate. Browsers say where a request comes from (`Origin`, `Sec-Fetch-Site`); this compares it
 * with the configured service origin, never with the request's own `Host` (which the client controls).
 *
 * - `Origin` present: it must equal the service origin (`null`, opaque or other origins are refused).
 * - `Sec-Fetch-Site` present: it must be `same-origin` or `none` (a user-initiated navigation).
 * - Neither header: allowed. Every current browser sends `Origin` on a cross-origin POST (form posts
 *   included), so such a request does not come from a page another site controls: it is a non-browser
 *   client (curl, an agent) spending its own address's quota.
 */

/** Why the request is refused as cross-site (a pt-BR sentence), or undefined when it may proceed. */
export function crossSiteReason(request: Request, serviceOrigin: string): string | undefined {
  const origin = request.headers.get('origin');
  if (origin !== null && !sameOrigin(origin, serviceOrigin)) {
    return 'Pedido recusado: ele veio de outro site (cabeçalho Origin diferente da origem deste serviço).';
  }
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && !['same-origin', 'none'].includes(site.trim().toLowerCase())) {
    return 'Pedido recusado: o navegador indicou que ele veio de outro site (Sec-Fetch-Site).';
  }
  return undefined;
}

/**
 * An `Origin` value equals the service origin when it is a bare origin (scheme://host[:port], nothing else)
 * that the URL parser serializes to the same origin (case of scheme and host, default ports).
 */
function sameOrigin(value: string, serviceOrigin: string): boolean {
  const trimmed = value.trim();
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^/?#@\s]+$/i.test(trimmed)) return false; // `null`, paths, credentials, junk
  try {
    return new URL(trimmed).origin === new URL(serviceOrigin).origin;
  } catch {
    return false;
  }
}

/**
 * The DNS-rebinding rule of the MCP endpoints (Streamable HTTP: servers MUST validate Origin), matching the
 * SDK transport's `allowedHosts` / `allowedOrigins` check, with lists built from the configured service
 * origin only, never from the request's own URL or `Host` (a rebinding attacker controls both):
 *
 * - Host: the service origin's host, or a loopback name (local tools, the local server on any port);
 * - Origin: absent (non-browser clients), the service origin, or a loopback origin.
 */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The host name of a `host[:port]` authority, lower case (`[::1]:8080` → `[::1]`). */
function hostnameOf(authority: string): string {
  const value = authority.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  const colon = value.indexOf(':');
  return colon === -1 ? value : value.slice(0, colon);
}

/** Whether the request's authority (`Host`, as in the request URL) is one this service answers MCP at. */
export function hostAllowed(host: string, serviceOrigin: string): boolean {
  const value = host.trim().toLowerCase();
  if (value === '') return false;
  if (value === new URL(serviceOrigin).host) return true;
  return LOOPBACK_HOSTS.has(hostnameOf(value));
}

export function originAllowed(origin: string | null, serviceOrigin: string): boolean {
  if (origin === null) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (parsed.origin === new URL(serviceOrigin).origin) return true;
  return LOOPBACK_HOSTS.has(parsed.hostname);
}

/**
 * The `Origin` rule of the MCP endpoints (Streamable HTTP: servers MUST validate Origin against DNS
 * rebinding): no Origin (non-browser clients), the service's own origin, or a loopback origin (local tools).
 */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function originAllowed(origin: string | null, requestUrl: URL, serviceOrigin?: string): boolean {
  if (origin === null) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (parsed.origin === requestUrl.origin || parsed.origin === serviceOrigin) return true;
  return LOOPBACK_HOSTS.has(parsed.hostname);
}

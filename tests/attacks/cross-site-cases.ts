/**
 * Cross-site attack table of the free measurement's POST (`/api/ia/medicao`), kept as data and run over HTTP
 * by tests/integration/cross-site-secrets.test.ts. A page on another site can make a visitor's browser post
 * the measurement form, spending the visitor's quota and the instrument gate; the endpoint compares the
 * browser's `Origin` / `Sec-Fetch-Site` with the configured service origin (never with `Host`).
 *
 * `{origin}` in a header value is replaced by the configured service origin, `{host}` by its host[:port] and
 * `{scheme}` by its scheme, `{other-port}` by its host name with the next port number.
 */
export interface CrossSiteCase {
  name: string;
  /** Request headers (besides Content-Type/Accept); `Host` is sent as given, to show it is never trusted. */
  headers: Record<string, string>;
  /** `refused`: 403 `cross_site_request` before anything is read or counted; `allowed`: the check lets it through. */
  expect: 'refused' | 'allowed';
}

export const CROSS_SITE_CASES: CrossSiteCase[] = [
  // Refused: the browser says the post comes from somewhere else.
  { name: 'Origin de outro site', headers: { Origin: 'https://atacante.example' }, expect: 'refused' },
  { name: 'Origin null (iframe sandbox, data: URL)', headers: { Origin: 'null' }, expect: 'refused' },
  { name: 'Origin vazio', headers: { Origin: '' }, expect: 'refused' },
  { name: 'mesmo host, outro esquema', headers: { Origin: '{scheme}s://{host}' }, expect: 'refused' },
  { name: 'mesmo nome, outra porta', headers: { Origin: '{scheme}://{other-port}' }, expect: 'refused' },
  { name: 'subdomínio do serviço', headers: { Origin: '{scheme}://evil.{host}' }, expect: 'refused' },
  { name: 'origem do serviço como prefixo de outro nome', headers: { Origin: '{origin}.atacante.example' }, expect: 'refused' },
  { name: 'origem do serviço como credencial de outro host', headers: { Origin: '{origin}@atacante.example' }, expect: 'refused' },
  { name: 'origem do serviço com caminho (não é uma origem)', headers: { Origin: '{origin}/diagnostico' }, expect: 'refused' },
  { name: 'Host forjado igual ao Origin do atacante', headers: { Origin: 'http://atacante.example', Host: 'atacante.example' }, expect: 'refused' },
  { name: 'Sec-Fetch-Site cross-site sem Origin', headers: { 'Sec-Fetch-Site': 'cross-site' }, expect: 'refused' },
  { name: 'Sec-Fetch-Site same-site sem Origin (site irmão)', headers: { 'Sec-Fetch-Site': 'same-site' }, expect: 'refused' },
  { name: 'Origin certo, mas Sec-Fetch-Site cross-site', headers: { Origin: '{origin}', 'Sec-Fetch-Site': 'cross-site' }, expect: 'refused' },
  // Allowed: the site's own page, a user-initiated navigation, or a client that is not a browser.
  { name: 'sem Origin nem Sec-Fetch-Site (cliente que não é navegador)', headers: {}, expect: 'allowed' },
  { name: 'Origin igual à origem do serviço', headers: { Origin: '{origin}' }, expect: 'allowed' },
  { name: 'Origin igual, com Sec-Fetch-Site same-origin', headers: { Origin: '{origin}', 'Sec-Fetch-Site': 'same-origin' }, expect: 'allowed' },
  { name: 'Origin com o host em maiúsculas (mesma origem)', headers: { Origin: '{scheme}://{HOST}' }, expect: 'allowed' },
  { name: 'só Sec-Fetch-Site same-origin', headers: { 'Sec-Fetch-Site': 'same-origin' }, expect: 'allowed' },
  { name: 'só Sec-Fetch-Site none (navegação do próprio usuário)', headers: { 'Sec-Fetch-Site': 'none' }, expect: 'allowed' },
];

/** The case's headers with the placeholders filled in from the service origin. */
export function caseHeaders(row: CrossSiteCase, serviceOrigin: string): Record<string, string> {
  const url = new URL(serviceOrigin);
  const fill = (v: string) =>
    v
      .replaceAll('{origin}', url.origin)
      .replaceAll('{scheme}', url.protocol.slice(0, -1))
      .replaceAll('{other-port}', `${url.hostname}:${port + 1}`)
      .replaceAll('{HOST}', url.host.toUpperCase())
      .replaceAll('{host}', url.host);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  return Object.fromEntries(Object.entries(row.headers).map(([k, v]) => [k, fill(v)]));
}

/**
 * SSRF attack table of the readiness instrument, kept as data. Every row is an address form the instrument
 * must refuse BEFORE any connection, exercised three ways by tests/integration/ssrf-attacks.test.ts:
 *
 * 1. as the URL handed to the instrument's fetcher (expected `FetchError` code: `refusal`);
 * 2. as the target of a redirect from an allowed public site (the same refusal, after exactly one
 *    connection: the first hop);
 * 3. when the form can be typed as a site, through `POST /api/ia/medicao` on the local server: 400
 *    (`invalid`, refused as input) or a recorded unscored measurement (`unscored`, refused when fetching).
 *
 * Names are answered by an injected DNS lookup (`dns`), and the injected connect step fails the test for
 * anything but the first hop of a redirect (mapped to a loopback fixture): no test can send traffic outside
 * 127.0.0.0/8, even when the code under test is wrong. Loopback is never allowed here
 * (`READINESS_ALLOW_LOOPBACK` off).
 */
import type { FetchErrorCode } from '../../functions/readiness/fetch/safe-fetch.ts';

export interface SsrfCase {
  name: string;
  /** The URL the instrument is asked to fetch (or is redirected to). */
  url: string;
  /** What the injected DNS lookup answers for the names of this row. */
  dns?: Record<string, string | string[]>;
  refusal: Extract<FetchErrorCode, 'refused_scheme' | 'refused_port' | 'refused_host' | 'refused_address' | 'dns'>;
  /** The form typed into the measurement form, when it can be. */
  site?: { input: string; expect: 'invalid' | 'unscored' };
}

/** A public address (documentation-free, globally routable) for the names that must be allowed. */
export const PUBLIC_ADDRESS = '93.184.216.34';
/** The allowed public site whose first hop is dialed (mapped to a loopback fixture that redirects). */
export const REDIRECTOR_NAME = 'redireciona.ssrf-teste.com.br';

const name = (label: string) => `${label}.ssrf-teste.com.br`;

/** A row for a DNS name that resolves to `address`. */
const resolvesTo = (label: string, address: string | string[], what: string): SsrfCase => ({
  name: `nome que resolve para ${what} (${Array.isArray(address) ? address.join(', ') : address})`,
  url: `http://${name(label)}/`,
  dns: { [name(label)]: address },
  refusal: 'refused_address',
  site: { input: name(label), expect: 'unscored' },
});

/** A row for an IP literal (never followed, whatever its range). */
const literal = (host: string, what: string, site?: string): SsrfCase => ({
  name: `IP literal: ${what} (${host})`,
  url: `http://${host}/`,
  refusal: 'refused_host',
  site: { input: site ?? host, expect: 'invalid' },
});

export const SSRF_CASES: readonly SsrfCase[] = [
  // Loopback, in every spelling
  literal('127.0.0.1', 'loopback'),
  literal('127.1', 'loopback abreviado'),
  literal('0x7f.1', 'loopback em hexadecimal'),
  literal('2130706433', 'loopback como inteiro decimal'),
  literal('017700000001', 'loopback como inteiro octal'),
  literal('0177.0.0.1', 'loopback em octal pontuado'),
  literal('127.000.000.001', 'loopback com zeros à esquerda'),
  literal('[::1]', 'loopback IPv6'),
  literal('[::ffff:127.0.0.1]', 'IPv6 mapeado para loopback IPv4', '::ffff:127.0.0.1'),
  literal('[::127.0.0.1]', 'IPv6 compatível com IPv4 (loopback)', '::127.0.0.1'),
  literal('１２７.０.０.１', 'loopback em dígitos de largura total (IDNA)'),
  { name: 'IP de loopback com porta (a porta é recusada primeiro)', url: 'http://127.0.0.1:9/', refusal: 'refused_port', site: { input: '127.0.0.1:9', expect: 'invalid' } },
  { name: 'localhost com o loopback desligado', url: 'http://localhost/', refusal: 'refused_address', site: { input: 'localhost', expect: 'invalid' } },
  { name: 'LOCALHOST. (maiúsculas e ponto final)', url: 'http://LOCALHOST./', refusal: 'refused_address', site: { input: 'LOCALHOST.', expect: 'invalid' } },
  { name: 'localhost com porta', url: 'http://localhost:8080/', refusal: 'refused_port', site: { input: 'localhost:8080', expect: 'invalid' } },
  resolvesTo('loop', '127.0.0.1', 'loopback IPv4'),
  resolvesTo('loop-alto', '127.255.255.254', 'o fim de 127.0.0.0/8'),
  resolvesTo('loop6', '::1', 'loopback IPv6'),
  {
    name: 'nome no estilo nip.io que resolve para loopback (127.0.0.1.nip.io)',
    url: 'http://127.0.0.1.nip.io/',
    dns: { '127.0.0.1.nip.io': '127.0.0.1' },
    refusal: 'refused_address',
    site: { input: '127.0.0.1.nip.io', expect: 'unscored' },
  },

  // Private ranges (RFC 1918) and site-local IPv6
  literal('10.0.0.1', 'privado 10/8'),
  literal('172.16.5.4', 'privado 172.16/12'),
  literal('192.168.1.1', 'privado 192.168/16'),
  resolvesTo('privado10', '10.1.2.3', 'privado 10/8'),
  resolvesTo('privado172', '172.31.255.254', 'privado 172.16/12'),
  resolvesTo('privado192', '192.168.0.1', 'privado 192.168/16'),
  resolvesTo('sitelocal', 'fec0::1', 'site-local IPv6 (fec0::/10)'),

  // Link-local and cloud metadata
  literal('169.254.169.254', 'metadados de nuvem (link-local)'),
  { name: 'caminho dos metadados da AWS', url: 'http://169.254.169.254/latest/meta-data/iam/security-credentials/', refusal: 'refused_host' },
  literal('[fe80::1]', 'link-local IPv6', 'fe80::1'),
  literal('[::ffff:a9fe:a9fe]', 'IPv6 mapeado para os metadados', '::ffff:a9fe:a9fe'),
  resolvesTo('metadados', '169.254.169.254', 'os metadados de nuvem'),
  resolvesTo('linklocal6', 'fe80::abcd', 'link-local IPv6'),

  // CGNAT, multicast, broadcast, reserved, unspecified
  literal('100.64.0.1', 'CGNAT 100.64/10'),
  resolvesTo('cgnat', '100.100.100.200', 'CGNAT (metadados de outra nuvem)'),
  literal('224.0.0.251', 'multicast'),
  resolvesTo('multicast', '239.255.255.250', 'multicast IPv4'),
  resolvesTo('multicast6', 'ff02::1', 'multicast IPv6'),
  literal('255.255.255.255', 'broadcast'),
  resolvesTo('broadcast', '255.255.255.255', 'broadcast'),
  literal('240.0.0.1', 'reservado 240/4'),
  resolvesTo('reservado', '240.0.0.1', 'reservado 240/4'),
  literal('0.0.0.0', 'não especificado'),
  literal('0', 'não especificado abreviado'),
  literal('[::]', 'não especificado IPv6', '::'),
  resolvesTo('zero', '0.0.0.0', 'o endereço não especificado'),
  resolvesTo('zero6', '::', 'o endereço IPv6 não especificado'),

  // IPv6 forms that embed an IPv4 address
  resolvesTo('mapeado', '::ffff:10.0.0.1', 'IPv6 mapeado para privado'),
  resolvesTo('mapeado-loop', '::ffff:127.0.0.1', 'IPv6 mapeado para loopback'),
  resolvesTo('compativel', '::a00:1', 'IPv6 compatível com IPv4 (privado)'),
  literal('[64:ff9b::a9fe:a9fe]', 'NAT64 dos metadados', '64:ff9b::a9fe:a9fe'),
  resolvesTo('nat64', '64:ff9b::7f00:1', 'NAT64 (64:ff9b::/96) de loopback'),
  resolvesTo('seis-para-quatro', '2002:7f00:1::1', '6to4 de loopback'),
  resolvesTo('teredo', '2001:0:4136:e378::1', 'Teredo'),

  // Unique local IPv6 (fc00::/7)
  literal('[fc00::1]', 'único local IPv6', 'fc00::1'),
  resolvesTo('ula', 'fd12:3456::1', 'único local IPv6 (fd00::/8)'),

  // Documentation and benchmarking ranges
  literal('192.0.2.10', 'documentação TEST-NET-1'),
  resolvesTo('doc', '198.51.100.7', 'documentação TEST-NET-2'),
  resolvesTo('doc3', '203.0.113.9', 'documentação TEST-NET-3'),
  resolvesTo('doc6', '2001:db8::5', 'documentação IPv6'),
  resolvesTo('benchmark', '198.18.0.1', 'testes de desempenho 198.18/15'),

  // A public IP literal is not followed either (the instrument only measures names it resolves itself)
  literal('8.8.8.8', 'público'),

  // Several answers: one bad address is enough to refuse (no "try the next one")
  resolvesTo('misto', [PUBLIC_ADDRESS, '10.0.0.1'], 'um público e um privado'),
  resolvesTo('misto6', [PUBLIC_ADDRESS, '::1'], 'um público e loopback IPv6'),

  // Ports other than the defaults
  { name: 'porta não padrão em http', url: `http://${name('publico')}:8080/`, dns: { [name('publico')]: PUBLIC_ADDRESS }, refusal: 'refused_port', site: { input: `${name('publico')}:8080`, expect: 'invalid' } },
  { name: 'porta não padrão em https', url: `https://${name('publico')}:8443/`, dns: { [name('publico')]: PUBLIC_ADDRESS }, refusal: 'refused_port' },
  { name: 'porta 443 em http', url: `http://${name('publico')}:443/`, dns: { [name('publico')]: PUBLIC_ADDRESS }, refusal: 'refused_port', site: { input: `${name('publico')}:443`, expect: 'invalid' } },
  { name: 'porta do Redis (6379)', url: `http://${name('publico')}:6379/`, dns: { [name('publico')]: PUBLIC_ADDRESS }, refusal: 'refused_port' },

  // Schemes other than http(s)
  { name: 'esquema ftp', url: `ftp://${name('publico')}/`, refusal: 'refused_scheme', site: { input: `ftp://${name('publico')}`, expect: 'invalid' } },
  { name: 'esquema file', url: 'file:///etc/passwd', refusal: 'refused_scheme', site: { input: 'file:///etc/passwd', expect: 'invalid' } },
  { name: 'esquema gopher', url: 'gopher://127.0.0.1:6379/_INFO', refusal: 'refused_scheme' },
  { name: 'esquema data', url: 'data:text/html,<h1>oi</h1>', refusal: 'refused_scheme' },
  { name: 'esquema javascript', url: 'javascript:alert(1)', refusal: 'refused_scheme', site: { input: 'javascript:alert(1)', expect: 'invalid' } },
  { name: 'esquema ws', url: `ws://${name('publico')}/`, refusal: 'refused_scheme' },

  // User information tricks
  { name: 'usuário antes de um IP (a@127.0.0.1)', url: 'http://a@127.0.0.1/', refusal: 'refused_host', site: { input: 'a@127.0.0.1', expect: 'invalid' } },
  { name: 'nome público como usuário de um IP', url: `http://${name('publico')}@127.0.0.1/`, refusal: 'refused_host', site: { input: `${name('publico')}@127.0.0.1`, expect: 'invalid' } },
  { name: 'usuário e senha antes de um nome público', url: `http://usuario:senha@${name('publico')}/`, dns: { [name('publico')]: PUBLIC_ADDRESS }, refusal: 'refused_host' },
  { name: 'fragmento com @ (o host é o IP)', url: `http://127.0.0.1#@${name('publico')}/`, refusal: 'refused_host' },

  // Names the instrument cannot resolve
  { name: 'nome sem resposta do DNS', url: `http://${name('inexistente')}/`, refusal: 'dns', site: { input: name('inexistente'), expect: 'unscored' } },
];

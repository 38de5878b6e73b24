/**
 * The domain of a readiness reading: a host name without scheme, path, port or user information, in
 * lower case, with internationalized names as punycode A-labels (`açaí.com.br` → `xn--aa-4iaz.com.br`).
 * IP literals (including numerically obfuscated IPv4 forms such as `2130706433` or `0x7f.1`) are refused:
 * readings are about sites, and the instrument only measures names it resolves itself.
 *
 * People paste addresses, not domains: an `http(s)://` address is reduced to its host (path, query, fragment and
 * a trailing slash dropped), and a leading `www.` is dropped where what is left still names a site (the reading is the site's, whichever
 * host serves it).
 * Anything else (another scheme, user information, a port, an IP) is refused with the reason.
 *
 * With `allowLoopback` (tests only, `READINESS_ALLOW_LOOPBACK=1`) the forms `localhost:<port>` and
 * `127.0.0.1:<port>` are accepted as well, so fixtures served on loopback can be measured.
 */
import { domainToASCII, domainToUnicode } from 'node:url';

export type DomainResult = { ok: true; domain: string } | { ok: false; reason: string };

export interface NormalizeOptions {
  /** Accept `localhost:<port>` and `127.0.0.1:<port>` (tests only). */
  allowLoopback?: boolean;
}

/** RFC 1035: at most 253 characters in the textual form, 63 per label. */
export const MAX_DOMAIN_LENGTH = 253;
export const MAX_LABEL_LENGTH = 63;
/** Inputs longer than this are refused before any parsing (a domain never gets near it). */
const MAX_INPUT_LENGTH = 1024;

const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const NUMERIC_LABEL = /^(?:0x[0-9a-f]*|[0-9]+)$/i;
const LOOPBACK_WITH_PORT = /^(localhost|127\.0\.0\.1):([0-9]{1,5})$/;

const fail = (reason: string): DomainResult => ({ ok: false, reason });

/** The host part of what people paste: `https://www.Exemplo.com.br/pagina?x#y` → `Exemplo.com.br`. */
function pastedHost(input: string): string {
  let host = input.replace(/^https?:\/\//i, '');
  const end = host.search(/[/?#]/);
  if (end !== -1) host = host.slice(0, end);
  return /^www\./i.test(host) && namesASite(host.slice(4)) ? host.slice(4) : host;
}

/**
 * Whether what is left after `www.` still names a site rather than a public suffix: three labels or more
 * (`exemplo.com.br`), or two under a TLD longer than a country code (`exemplo.com`). `www.com.br` and
 * `www.exemplo.de` keep their `www.`: without a public-suffix list the host is measured as typed.
 */
const namesASite = (rest: string): boolean => {
  const labels = rest.replace(/\.$/, '').split('.');
  return labels.length >= 3 || (labels.length === 2 && (labels[1]?.length ?? 0) > 2);
};

/** Normalizes user input into a domain, or says in pt-BR why it is not one. */
export function normalizeDomain(input: string, options: NormalizeOptions = {}): DomainResult {
  if (typeof input !== 'string') return fail('Informe um domínio.');
  if (input.length > MAX_INPUT_LENGTH) return fail(`Domínio longo demais: o limite é ${MAX_DOMAIN_LENGTH} caracteres.`);
  const raw = pastedHost(input.trim());
  if (raw === '') return fail('Informe um domínio, por exemplo exemplo.com.br.');

  if (options.allowLoopback) {
    const loopback = LOOPBACK_WITH_PORT.exec(raw.toLowerCase());
    if (loopback) {
      const port = Number(loopback[2]);
      if (port >= 1 && port <= 65_535) return { ok: true, domain: `${loopback[1]}:${port}` };
    }
  }

  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) || /^(?:https?|ftp|file|data|javascript|mailto):/i.test(raw)) {
    return fail('Informe o domínio do site (por exemplo exemplo.com.br) ou um endereço http:// ou https://.');
  }
  if (/[\s\u0000-\u001f\u007f]/.test(raw)) return fail('O domínio não pode conter espaços nem caracteres de controle.');
  if (raw.includes('@')) return fail('Informe só o domínio, sem usuário ou senha antes de @.');
  if (/[/\\?#]/.test(raw)) return fail('Informe só o domínio, sem caminho, parâmetros ou âncora (nada depois de /, ? ou #).');
  if (raw.startsWith('[') || raw.split(':').length > 2) return fail('Endereços IP não são aceitos: informe o nome do domínio.');
  if (raw.includes(':')) return fail('Informe o domínio sem porta: a medição usa apenas as portas padrão de HTTP e HTTPS.');

  // A trailing dot (fully qualified form) names the same host.
  const withoutDot = raw.endsWith('.') && !raw.endsWith('..') ? raw.slice(0, -1) : raw;
  const rawLabels = withoutDot.split('.');
  if (rawLabels.length > 0 && NUMERIC_LABEL.test(rawLabels[rawLabels.length - 1] ?? '')) {
    return fail('Endereços IP não são aceitos: informe o nome do domínio.');
  }

  const ascii = domainToASCII(withoutDot);
  if (ascii === '') return fail('Domínio inválido: use letras, números, hífens e pontos (acentos são aceitos).');
  const domain = ascii.endsWith('.') ? ascii.slice(0, -1) : ascii;

  if (/^[0-9.]+$/.test(domain)) return fail('Endereços IP não são aceitos: informe o nome do domínio.');
  if (domain.length > MAX_DOMAIN_LENGTH) return fail(`Domínio longo demais: o limite é ${MAX_DOMAIN_LENGTH} caracteres.`);

  const labels = domain.split('.');
  if (labels.length < 2) return fail('Informe o domínio completo, com a terminação (por exemplo exemplo.com.br).');
  for (const label of labels) {
    if (label === '') return fail('Domínio inválido: há pontos seguidos ou nas pontas.');
    if (label.length > MAX_LABEL_LENGTH) return fail(`Domínio inválido: cada parte entre pontos tem no máximo ${MAX_LABEL_LENGTH} caracteres.`);
    if (!LABEL.test(label)) return fail('Domínio inválido: use letras, números e hífens, sem hífen no começo ou no fim de cada parte.');
    if (label.startsWith('xn--') && domainToASCII(domainToUnicode(label)) !== label) {
      return fail('Domínio inválido: um rótulo internacionalizado (xn--) está malformado.');
    }
  }
  const tld = labels[labels.length - 1] ?? '';
  if (NUMERIC_LABEL.test(tld) || !/[a-z]/.test(tld)) return fail('Endereços IP não são aceitos: informe o nome do domínio.');
  if (domain === 'localhost' || domain.endsWith('.localhost') || domain.endsWith('.local') || domain.endsWith('.internal') || domain.endsWith('.arpa')) {
    return fail('Domínios locais ou reservados não podem ser medidos: informe um domínio público.');
  }
  return { ok: true, domain };
}

/** Whether a normalized domain is a loopback target (only produced with `allowLoopback`). */
export const isLoopbackTarget = (domain: string): boolean => LOOPBACK_WITH_PORT.test(domain);

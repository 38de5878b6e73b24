// The domain the measurement will read, as the person types or pastes: the browser's mirror of the few lines
// of functions/readiness/domain.ts that reduce an address to its host (scheme, path, query, fragment, a trailing
// slash or dot and a leading `www.` dropped; lower case and punycode by the URL parser). The server stays the
// judge; tests/unit/domain-preview.test.ts feeds both the same table, so the two cannot drift apart.

/** RFC 1035: at most 253 characters (the server's MAX_DOMAIN_LENGTH). */
export const MAX_DOMAIN_LENGTH = 253;

/** Whether what is left after `www.` still names a site (same rule as the server's `namesASite`). */
const namesASite = (rest) => {
  const labels = rest.replace(/\.$/, '').split('.');
  return labels.length >= 3 || (labels.length === 2 && (labels[1] || '').length > 2);
};

/** The host part of what people paste: `https://www.Exemplo.com.br/pagina?x#y` → `Exemplo.com.br`. */
export function pastedHost(input) {
  // NFKC first: full-width letters and dots (ｅｘａｍｐｌｅ．ｃｏｍ) read as the server's IDNA mapping reads them.
  let host = String(input).normalize('NFKC').trim().replace(/^https?:\/\//i, '');
  const end = host.search(/[/?#]/);
  if (end !== -1) host = host.slice(0, end);
  return /^www\./i.test(host) && namesASite(host.slice(4)) ? host.slice(4) : host;
}

/**
 * What the preview says: `{ domain }` (the domain that will be measured), `{ tooLong: n }` (the host has n
 * characters, over the limit) or `{}` when nothing recognizable was typed yet (the server explains on submit).
 */
export function previewDomain(input) {
  const host = pastedHost(input).replace(/\.$/, '');
  if (host.length > MAX_DOMAIN_LENGTH) return { tooLong: host.length };
  if (!host.includes('.') || /[\s@:\\[\]%]/.test(host)) return {};
  let domain;
  try {
    domain = new URL(`http://${host}`).hostname;
  } catch {
    return {};
  }
  if (domain.length > MAX_DOMAIN_LENGTH) return { tooLong: domain.length };
  return { domain };
}

/**
 * Reading-bloat attack table of the readiness instrument, kept as data: sites that put huge or hostile text
 * where the checks and the measurement quote it (canonical href, Content-Signal lines, `Location` values, Link
 * headers). One such site once made a 6.4 MB reading kept for 180 days. Run by
 * tests/integration/reading-bounds.test.ts, which measures each site through `POST /api/ia/medicao` and
 * checks the response and the stored reading against the bounds of functions/readiness/bounds.ts.
 *
 * Each row describes the fixture site as responses by path (anything else is 404); `cut` says the site's
 * text is known to reach the reading today, so some text must come out cut (ending with `…`).
 */
export interface BloatResponse {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export interface BloatCase {
  name: string;
  /** Path (with query) → response. `{origin}` in headers and bodies becomes the fixture's origin. */
  responses: Record<string, BloatResponse>;
  cut: boolean;
}

const MB = 1024 * 1024;
const html = (head: string): BloatResponse => ({
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Site hostil</title>${head}</head><body><main><h1>Site hostil</h1><p>${'Texto comum de uma página. '.repeat(40)}</p></main></body></html>`,
});
const robots = (body: string): BloatResponse => ({ status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body });
const LONG_QUERY = `/?${'a'.repeat(12 * 1024)}`;

export const BLOAT_CASES: readonly BloatCase[] = [
  {
    name: 'canônica de 1 MB na página inicial',
    responses: { '/': html(`<link rel="canonical" href="{origin}/${'x'.repeat(MB)}">`) },
    cut: true,
  },
  {
    name: 'canônica de 1 MB em texto multibyte (emoji e CJK)',
    responses: { '/': html(`<link rel="canonical" href="{origin}/${'🚀漢'.repeat(MB / 6)}">`) },
    cut: true,
  },
  {
    name: 'canônica com controles, escapes de terminal, quebras de linha e sobreposição bidirecional',
    responses: { '/': html('<link rel="canonical" href="{origin}/&#1;&#27;[31m&#x202E;lave&#x2066;&#10;&#13;&#9;&#x85;&#x9F;&#xD800;fim">') },
    cut: false,
  },
  {
    name: 'robots.txt com 200 linhas Content-Signal de 2,5 KB (500 KB citados)',
    responses: {
      '/': html(''),
      '/robots.txt': robots(`User-agent: *\nAllow: /\n${Array.from({ length: 200 }, (_, i) => `Content-Signal: search=yes, ai-train=${'n'.repeat(2_500)}${i}\n`).join('')}`),
    },
    cut: false,
  },
  {
    name: 'cabeçalhos Content-Signal e Link de 7 KB cada na página inicial (o limite de cabeçalhos do Node é 16 KB)',
    responses: {
      '/': { ...html(''), headers: { 'content-type': 'text/html; charset=utf-8', 'content-signal': `search=${'y'.repeat(7 * 1024)}`, link: `<{origin}/${'l'.repeat(7 * 1024)}>; rel="describedby"` } },
    },
    cut: false,
  },
  {
    name: 'Location de 12 KB em ciclo de redirecionamentos na página inicial',
    responses: {
      '/': { status: 302, headers: { location: LONG_QUERY } },
      [LONG_QUERY]: { status: 302, headers: { location: LONG_QUERY } },
    },
    cut: true,
  },
  {
    name: 'tudo junto: canônica, Content-Signal, Link e robots.txt enormes',
    responses: {
      '/': {
        ...html(`<link rel="canonical" href="{origin}/${'ç'.repeat(MB)}">`),
        headers: { 'content-type': 'text/html; charset=utf-8', 'content-signal': `ai-input=${'z'.repeat(6 * 1024)}`, link: `<{origin}/${'k'.repeat(6 * 1024)}>; rel="api-catalog"` },
      },
      '/robots.txt': robots(`User-agent: *\nAllow: /\nSitemap: {origin}/${'s'.repeat(200_000)}\n${`Content-Signal: ${'q'.repeat(100_000)}\n`.repeat(5)}`),
      '/llms.txt': { status: 200, headers: { 'content-type': 'text/markdown; charset=utf-8' }, body: `# ${'T'.repeat(200_000)}\n\n> ${'r'.repeat(200_000)}\n` },
    },
    cut: true,
  },
];

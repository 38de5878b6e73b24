/**
 * `GET /busca?q=`: the site search for people, rendered on the server in the site's layout (works without
 * JavaScript). Same engine and ranking as `/api/v1/busca` (`siteSearch(origin)`); the snippets are the API's
 * `trecho`, with the query's terms (the engine's own analysis: folding, stemming, prefixes) in `<mark>` and
 * every other character escaped; a buyer's question with a direct action ("orçamento": the form) offers it above the
 * results (./intents.ts). Result pages are `noindex`. Bad queries get a friendly page: empty → the form
 * with a hint (200), too long → the limit (400); control characters are dropped.
 */
import { MAX_QUERY_LENGTH } from '../../src/model/search.ts';
import { htmlResponse } from '../html/response.ts';
import { escapeHtml, renderShellPage } from '../html/shell.ts';
import { methods, validate } from '../http/steps.ts';
import { byPath, route } from '../route.ts';
import { MEASURE_PATH } from '../../src/model/measurement.ts';
import { SEARCH_PAGE_PATH } from '../../src/model/paths.ts';
import { queryTermsOf } from './engine.ts';
import { siteSearch } from './index.ts';
import { intentsOf } from './intents.ts';
import { type QueryTerm, termRanges } from './snippet.ts';
import type { SearchResult } from './types.ts';

/** Results per page (the API's default). */
export const SEARCH_PAGE_LIMIT = 10;
const METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;
const DESCRIPTION = 'Busque nos artigos, soluções e guias da Sinal Cognitivo.';

/** Where to go when nothing matched: the main sections, the free measurement and the contact form. */
const SUGGESTIONS: readonly { href: string; label: string }[] = [
  { href: '/solucoes', label: 'Soluções' },
  { href: '/diagnostico-de-visibilidade', label: 'Diagnóstico de visibilidade' },
  { href: '/blog', label: 'Blog' },
  { href: '/precos', label: 'Preços' },
  { href: MEASURE_PATH, label: 'Medição gratuita do seu site' },
  { href: '/contato', label: 'Fale com a gente (formulário de contato)' },
];

/** The query as typed, without control characters (C0, DEL, C1), spaces collapsed at the ends. */
export const cleanQuery = (raw: string): string => raw.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();

/** `text` as HTML with the query terms' matches in `<mark>`; everything else escaped. */
export function highlight(text: string, terms: readonly QueryTerm[]): string {
  let html = '';
  let at = 0;
  for (const { start, end } of termRanges(text, terms)) {
    if (start < at) continue;
    html += `${escapeHtml(text.slice(at, start))}<mark>${escapeHtml(text.slice(start, end))}</mark>`;
    at = end;
  }
  return html + escapeHtml(text.slice(at));
}

const form = (q: string, hint?: string): string =>
  `<form class="search-page-form" role="search" aria-label="Busca nesta página" method="get" action="${SEARCH_PAGE_PATH}">` +
  `<label for="busca-q">Buscar no site</label>` +
  `<div class="search-page-row"><input id="busca-q" name="q" type="search" value="${escapeHtml(q)}" maxlength="${MAX_QUERY_LENGTH}"${hint ? ' aria-describedby="busca-dica"' : ''}>` +
  `<button class="btn" type="submit">Buscar</button></div>` +
  (hint ? `<p id="busca-dica" class="search-hint">${escapeHtml(hint)}</p>` : '') +
  `</form>`;

const suggestions = (): string =>
  `<h2>Sugestões</h2><ul class="search-suggestions">${SUGGESTIONS.map((s) => `<li><a href="${escapeHtml(s.href)}">${escapeHtml(s.label)}</a></li>`).join('')}</ul>`;

/** The direct actions of the buyer's intents the query asks (./intents.ts): "orçamento" offers the form itself. */
const actions = (q: string, terms: readonly QueryTerm[]): string => {
  const found = intentsOf(terms.map((t) => t.term), q).flatMap((i) => (i.acao ? [i.acao] : []));
  return found.length ? `<p class="search-actions">${found.map((a) => `<a class="btn" href="${escapeHtml(a.href)}">${escapeHtml(a.rotulo)}</a>`).join(' ')}</p>` : '';
};

function resultsHtml(q: string, results: readonly SearchResult[], terms: readonly QueryTerm[]): string {
  if (results.length === 0) {
    return `<p class="search-count" role="status">Nenhum resultado para “${escapeHtml(q)}”. Tente outras palavras ou comece por aqui:</p>${suggestions()}`;
  }
  const count = results.length === 1 ? '1 resultado' : `${results.length} resultados`;
  const items = results
    .map(
      (r) =>
        `<li class="search-result"><h2><a href="${escapeHtml(r.url)}">${highlight(r.titulo, terms)}</a></h2>` +
        `<p class="search-meta">${escapeHtml(r.secao)} · <span class="search-url">${escapeHtml(r.url)}</span></p>` +
        `<p class="search-snippet">${highlight(r.trecho, terms)}</p></li>`,
    )
    .join('');
  return `<p class="search-count" role="status">${count} para “${escapeHtml(q)}”</p><ol class="search-results">${items}</ol>`;
}

/** Result pages are not content of their own: `noindex`, like every function page (htmlResponse). */
const page = (origin: string, titulo: string, conteudo: string, status: number): Response =>
  htmlResponse(renderShellPage({ titulo, descricao: DESCRIPTION, conteudo: `<section class="search-page">${conteudo}</section>` }, origin), status);

/** The page for a query string value (null: no `q`). */
export function searchPage(origin: string, raw: string | null): Response {
  const q = cleanQuery(raw ?? '');
  if (q.length === 0) {
    const hint = raw === null ? undefined : 'Digite uma ou mais palavras, por exemplo: dados estruturados.';
    return page(origin, 'Buscar no site', form('', hint ?? 'Digite uma ou mais palavras para buscar nos artigos e páginas.'), 200);
  }
  if (q.length > MAX_QUERY_LENGTH) {
    const hint = `A busca aceita no máximo ${MAX_QUERY_LENGTH} caracteres; a sua tinha ${q.length}. Use poucas palavras-chave.`;
    return page(origin, 'Busca longa demais', form('', hint), 400);
  }
  const results = siteSearch(origin).search(q, { limite: SEARCH_PAGE_LIMIT });
  const terms = queryTermsOf(q);
  return page(origin, `Busca: ${q}`, form(q) + actions(q, terms) + resultsHtml(q, results, terms), 200);
}

/** `GET /busca?q=`: the query as typed (null without `q`), the page's own words for a bad one. */
const searchRoute = route<string | null>({
  name: 'search.page',
  steps: [methods({ methods: METHODS, cors: false, notAllowed: () => 'A busca do site aceita apenas GET.' }), validate((x) => ({ ok: true, value: x.url.searchParams.get('q') }))],
  handle(q, x) {
    const response = searchPage(x.context.config.origin, q);
    return x.method === 'HEAD' ? new Response(null, { status: response.status, headers: response.headers }) : response;
  },
});

export default byPath([[SEARCH_PAGE_PATH, searchRoute]]);

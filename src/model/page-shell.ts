/**
 * The page shell: the site's real layout (src/layouts/Base.astro: head tags, header with the menu, footer, CSS),
 * emitted once by the build with placeholders (src/pages/moldura-de-pagina.astro), for the functions that answer
 * a person with an HTML page (functions/html/shell.ts fills it, escaping every inserted value). Pure constants,
 * shared by the build and the functions.
 */

/** Route of the shell page in the build; the integration moves it out of the published site. */
export const PAGE_SHELL_ROUTE = 'moldura-de-pagina';
/** Where the build writes the shell for the functions (JSON: `{ "html": "…" }`, origin-free). */
export const PAGE_SHELL_FILE = '.generated/page-shell.json';

/** The placeholders, each replaced in every place it occurs (characters Astro writes unescaped). */
export const SHELL_SLOTS = {
  /** Page title (`<title>`, `og:title`, the `<h1>`). */
  titulo: '%%MOLDURA:TITULO%%',
  /** Page description (`description`, `og:description`, the lead under the `<h1>`). */
  descricao: '%%MOLDURA:DESCRICAO%%',
  /** Extra head elements (page stylesheets). */
  cabeca: '%%MOLDURA:CABECA%%',
  /** The page's content, below the title block. */
  principal: '%%MOLDURA:PRINCIPAL%%',
} as const;

export interface PageShellData {
  html: string;
}

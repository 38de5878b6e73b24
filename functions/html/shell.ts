/**
 * HTML pages of the functions (a measurement result, a form's confirmation or errors, search results) in the
 * site's real chrome: the layout the build emitted once with placeholders (src/model/page-shell.ts), filled
 * here. Title and description are escaped; the content is HTML the caller composed with `escapeHtml` on every
 * value; the page's extra stylesheets are escaped attribute values. Static import: the shell ships inside each
 * Netlify function, like the site data.
 */
import shell from '../../.generated/page-shell.json' with { type: 'json' };
import { type PageShellData, SHELL_SLOTS } from '../../src/model/page-shell.ts';
import { ORIGIN_PLACEHOLDER } from '../../src/model/site-data.ts';
import { escapeHtml } from '../../src/model/escape.ts';
import { perOrigin } from '../memo.ts';

export { escapeHtml };


export interface ShellPage {
  /** Title of the page (`<title>`, Open Graph, the `<h1>`). Text. */
  titulo: string;
  /** One-sentence description (meta description, the lead under the `<h1>`). Text. */
  descricao: string;
  /** The page's content below the title block: HTML whose every inserted value the caller escaped. */
  conteudo: string;
  /** Extra stylesheets of the page (root-relative paths). */
  estilos?: readonly string[];
}

const template = (shell as PageShellData).html;
/** Placeholder → slot, and every placeholder (they hold no regular-expression syntax but `%` and `:`). */
const SLOT_OF = new Map<string, keyof typeof SHELL_SLOTS>(Object.entries(SHELL_SLOTS).map(([slot, placeholder]) => [placeholder, slot as keyof typeof SHELL_SLOTS]));
const PLACEHOLDERS = new RegExp([...SLOT_OF.keys()].join('|'), 'g');
/** The shell with the configured origin's absolute URLs (made once per origin). */
const shellFor = perOrigin((origin) => template.replaceAll(ORIGIN_PLACEHOLDER, origin));

/** A whole HTML document in the site's layout. */
export function renderShellPage(page: ShellPage, origin: string): string {
  const values: Record<keyof typeof SHELL_SLOTS, string> = {
    titulo: escapeHtml(page.titulo),
    descricao: escapeHtml(page.descricao),
    cabeca: (page.estilos ?? []).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join(''),
    principal: page.conteudo,
  };
  // One pass over the shell: an inserted value is never searched for another placeholder.
  return shellFor(origin).replace(PLACEHOLDERS, (placeholder) => values[SLOT_OF.get(placeholder)!]);
}

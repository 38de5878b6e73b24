/** llms-full.txt: the site's markdown twins in one file, within the size its readers accept. Pure. */

import { LLMS_FULL_MAX_CHARS } from '../model/llms.ts';

const LLMS_FULL_SEPARATOR = '\n---\n\n';

/**
 * llms-full.txt: the twins of `pages`, in the given order (most important first), separated by rules, as many as
 * fit in `max` characters; when some do not fit, a closing section says how many are in, and where the rest are.
 * Twins are rendered one at a time and only while the file may still hold them: at 5,000 articles about a tenth
 * of them, and never every twin at once.
 */
export async function renderLlmsFull<T>(pages: readonly T[], twinOf: (page: T) => string | Promise<string>, origin: string, max = LLMS_FULL_MAX_CHARS): Promise<string> {
  const closing = (count: number) =>
    `## Demais páginas\n\nEste arquivo reúne ${count} das ${pages.length} páginas do site, até o limite de ${max.toLocaleString('pt-BR')} caracteres. ` +
    `Todas estão listadas em ${origin}/llms.txt (por área: ${origin}/blog/llms.txt, ${origin}/solucoes/llms.txt) e em ${origin}/sitemap.xml, ` +
    `e cada página tem sua versão em markdown no próprio endereço com .md (a inicial em ${origin}/index.md).\n`;
  // Room for the closing section (its count has at most as many digits as the total).
  const budget = max - LLMS_FULL_SEPARATOR.length - closing(pages.length).length;
  const twins: string[] = [];
  /** Length of the twins so far, joined; how many of them fit in the budget. */
  let length = 0;
  let fitting = 0;
  for (const page of pages) {
    const twin = await twinOf(page);
    length += (twins.length ? LLMS_FULL_SEPARATOR.length : 0) + twin.length;
    if (length > max) return [...twins.slice(0, fitting), closing(fitting)].join(LLMS_FULL_SEPARATOR);
    if (length <= budget && fitting === twins.length) fitting++;
    twins.push(twin);
  }
  return twins.join(LLMS_FULL_SEPARATOR);
}

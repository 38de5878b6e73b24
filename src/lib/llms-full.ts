/** llms-full.txt: the site's markdown twins in one file, within the size its readers accept. Pure. */

import { LLMS_FULL_MAX_CHARS } from '../model/llms.ts';

const LLMS_FULL_SEPARATOR = '\n---\n\n';

/**
 * llms-full.txt: the twins, in the given order (most important first), separated by rules, as many as fit in
 * `max` characters; when some do not fit, a closing section says how many are in, and where the rest are.
 */
export function renderLlmsFull(twins: readonly string[], origin: string, max = LLMS_FULL_MAX_CHARS): string {
  const closing = (count: number) =>
    `## Demais páginas\n\nEste arquivo reúne ${count} das ${twins.length} páginas do site, até o limite de ${max.toLocaleString('pt-BR')} caracteres. ` +
    `Todas estão listadas em ${origin}/llms.txt (por área: ${origin}/blog/llms.txt, ${origin}/solucoes/llms.txt) e em ${origin}/sitemap.xml, ` +
    `e cada página tem sua versão em markdown no próprio endereço com .md (a inicial em ${origin}/index.md).\n`;
  const all = twins.join(LLMS_FULL_SEPARATOR);
  if (all.length <= max) return all;
  // Room for the closing section (its count has at most as many digits as the total).
  const budget = max - LLMS_FULL_SEPARATOR.length - closing(twins.length).length;
  let length = 0;
  let count = 0;
  for (const twin of twins) {
    const next = length + (count ? LLMS_FULL_SEPARATOR.length : 0) + twin.length;
    if (next > budget) break;
    length = next;
    count++;
  }
  return [...twins.slice(0, count), closing(count)].join(LLMS_FULL_SEPARATOR);
}

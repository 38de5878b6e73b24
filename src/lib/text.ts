/** Text helpers shared by twins, the search index and feeds. */

const dateFmt = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
export const formatDate = (date: Date): string => dateFmt.format(date);
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** Root-relative markdown links and hrefs made absolute against the origin (for twins and feeds). */
export const absolutizeLinks = (markdown: string, origin: string): string =>
  markdown.replace(/\]\((\/[^)\s]*)\)/g, (_m, path: string) => `](${origin}${path})`);

/** Plain text of a markdown document (for the search index): no syntax, links reduced to their text. */
export const markdownToText = (markdown: string): string =>
  markdown
    .replace(/```[a-z]*\n([\s\S]*?)```/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`~|]+/g, ' ')
    .replace(/^-{3,}$/gm, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Word count of a markdown body. */
export const wordCount = (markdown: string): number => markdownToText(markdown).split(' ').filter(Boolean).length;

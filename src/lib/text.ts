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
    // Every whitespace run becomes one space (as /\s+/g → ' '), without rewriting the single spaces.
    .replace(/\s{2,}|[^\S ]/g, ' ')
    .trim();

/** Word count of a markdown body. */
export const wordCount = (markdown: string): number => {
  // The text has single spaces between words and none at the ends: words = spaces + 1.
  const text = markdownToText(markdown);
  let spaces = 0;
  for (let i = text.indexOf(' '); i !== -1; i = text.indexOf(' ', i + 1)) spaces++;
  return text ? spaces + 1 : 0;
};

/** Text helpers shared by twins, the search index and feeds. */

/**
 * Memoised per Date object: content dates are shared objects, formatted over and over by listings, feeds and
 * related-article cards (hundreds of thousands of times in a large build). They are never mutated.
 */
const perDate = (format: (date: Date) => string) => {
  const cache = new WeakMap<Date, string>();
  return (date: Date): string => {
    let value = cache.get(date);
    if (value === undefined) cache.set(date, (value = format(date)));
    return value;
  };
};
const dateFmt = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
export const formatDate = perDate((date) => dateFmt.format(date));
export const isoDay = perDate((date) => date.toISOString().slice(0, 10));

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
    // Every whitespace run becomes one space (as /\s+/g → ' '), without rewriting the single spaces: a run that
    // has a whitespace other than the space, or two spaces. (Spelled out, \s minus the space, for speed.)
    .replace(/ ?[\t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]\s*| {2,}\s*/g, ' ')
    .trim();

/**
 * Plain text of a markdown twin without its header (title, description, canonical URL, date line: the first
 * four blocks, see src/lib/markdown-twin.ts), which the index has as fields of their own.
 */
export const twinBodyText = (twin: string): string => {
  let at = -2;
  for (let block = 0; block < 4 && at !== -1; block++) at = twin.indexOf('\n\n', at + 2);
  return at === -1 ? '' : markdownToText(twin.slice(at + 2));
};

/** Word count of a markdown body. */
export const wordCount = (markdown: string): number => {
  // The text has single spaces between words and none at the ends: words = spaces + 1.
  const text = markdownToText(markdown);
  let spaces = 0;
  for (let i = text.indexOf(' '); i !== -1; i = text.indexOf(' ', i + 1)) spaces++;
  return text ? spaces + 1 : 0;
};

/** The text with its first letter in lower case (a value placed after a colon, as pt-BR writes it). */
export const lowerFirst = (text: string): string => text.charAt(0).toLocaleLowerCase('pt-BR') + text.slice(1);

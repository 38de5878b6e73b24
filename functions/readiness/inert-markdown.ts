/**
 * Markdown in which nothing a measured site wrote can act (issue 18, item 1). A reading quotes the site in
 * its sentences (titles, headers, llms.txt lines, link texts, URLs), and the result's markdown twin is read
 * by people through renderers and by agents: a hostile reading once became 17 live links and images. So:
 *
 * - values read from the site (`siteText` segments of a sentence, evidence fields) become code spans: shown
 *   as quoted text, never parsed (no emphasis, link, image, HTML or autolink survives inside a code span);
 * - our own prose is escaped as well (defense in depth, for a value a check forgot to quote): every character
 *   that opens a markdown or HTML construct is backslash-escaped, and the autolink triggers (`://`, `www.`,
 *   `@`) are broken the same way;
 * - commands go in fenced blocks whose fence is longer than any run of backticks inside.
 */
import { siteSegments } from './evidence.ts';

/** Characters that open a construct inline (emphasis, code, links, images, HTML, entities, strikethrough, tables) or a heading. */
const INLINE = /[\\`*_[\]<>&~|!#]/g;
/** What opens a block when a text starts a line: a list item, a setext underline, an ordered list item. */
const BLOCK_START = /^(\s{0,3})([-+=]|\d{1,9}(?=[.)]))/;
/** Autolink triggers of GFM (`https://`, `www.`, e-mail addresses). */
const AUTOLINK = /:\/\/|www\.|@/gi;

/** Our prose, escaped so that it renders as the same text and opens no construct (on one line: no block starts). */
export function escapeProse(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(INLINE, (c) => `\\${c}`)
    .replace(AUTOLINK, (m) => (m === '://' ? ':\\/\\/' : m === '@' ? '\\@' : `${m.slice(0, 3)}\\.`))
    .replace(BLOCK_START, (_, space: string, marker: string) => (/\d/.test(marker) ? `${space}${marker}\\` : `${space}\\${marker}`));
}

const longestRun = (text: string, char: string): number => {
  let longest = 0;
  let run = 0;
  for (const c of text) {
    run = c === char ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
};

/** A value read from the site as an inline code span (one line; a fence longer than any backtick run in it). */
export function codeSpan(value: string): string {
  const text = value.replace(/[\r\n]+/g, ' ');
  if (text === '') return '` `';
  const fence = '`'.repeat(longestRun(text, '`') + 1);
  const pad = text.startsWith('`') || text.endsWith('`') || (text.startsWith(' ') && text.endsWith(' ')) ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** A sentence of a reading: our prose escaped, the values it quotes from the site as code spans. */
export function inertSentence(text: string): string {
  return siteSegments(text)
    .map((s) => (s.site ? codeSpan(s.text) : escapeProse(s.text)))
    .join('');
}

/** A command as a fenced block (`sh`), the fence longer than any backtick run inside. */
export function codeBlock(command: string, info = 'sh'): string {
  const fence = '`'.repeat(Math.max(3, longestRun(command, '`') + 1));
  return `${fence}${info}\n${command.replace(/\r\n?/g, '\n')}\n${fence}`;
}

/**
 * Repeated copy across the built site: the sentences of each HTML page's main content (header and footer left
 * out, and the chrome listed below) and the pages each one appears on. tests/integration/copy.test.ts fails on a sentence of five words or
 * more that more than three pages repeat, the mark of boilerplate pasted from page to page.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';

/** Elements whose end ends a sentence, even without a full stop (a heading, a list item, a table cell…). */
const BLOCKS = new Set(['p', 'li', 'dt', 'dd', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'td', 'th', 'div', 'section', 'article', 'aside', 'nav', 'blockquote', 'pre', 'summary', 'details', 'figcaption', 'tr', 'ul', 'ol', 'dl', 'form', 'label', 'button', 'option', 'br']);
const SKIP = new Set(['script', 'style', 'template', 'noscript', 'svg', 'header', 'footer']);
/**
 * Also left out, as chrome rather than copy: links and navigation (a card's title, a table of contents, a section's
 * pages) and cards (a listing shows other pages' summaries, which belong to those pages). The calls to action that
 * pages repeat (the measurement's, the blog listings' invitation to follow the feed) are outside <main>, in the
 * layout's <aside>: in <main> they would count as copy.
 */
const CHROME_TAGS = new Set(['a', 'nav']);
const CHROME_CLASSES = ['card'];
const isChrome = (el: Element): boolean =>
  CHROME_TAGS.has(el.name) || (el.attribs.class ?? '').split(/\s+/).some((c) => CHROME_CLASSES.includes(c));

function textOf(nodes: ChildNode[], out: string[]): void {
  for (const node of nodes) {
    if (node.type === 'text') out.push((node as unknown as { data: string }).data);
    else if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
      const el = node as Element;
      if (SKIP.has(el.name) || isChrome(el)) continue;
      textOf(el.children, out);
      if (BLOCKS.has(el.name)) out.push('\n');
    }
  }
}

function findMain(nodes: ChildNode[]): Element | undefined {
  for (const node of nodes) {
    if (node.type !== 'tag') continue;
    const el = node as Element;
    if (el.name === 'main') return el;
    const inner = findMain(el.children);
    if (inner) return inner;
  }
  return undefined;
}

const decode = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The sentences of a page's main content, normalized (spaces collapsed, lower case), of `minWords` words or more. */
export function mainSentences(html: string, minWords = 5): string[] {
  const main = findMain(parseDocument(html, { decodeEntities: true }).children);
  if (!main) return [];
  const parts: string[] = [];
  textOf(main.children, parts);
  return parts
    .join('')
    .split(/\n|(?<=[.!?…])\s+/)
    .map((s) => decode(s).replace(/[.!?…:;]+$/, '').toLowerCase())
    .filter((s) => s.split(' ').filter((w) => /[\p{L}\p{N}]/u.test(w)).length >= minWords);
}

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.name.endsWith('.html')) yield full;
  }
}

/** Every sentence of the built pages under `dist`, with the pages (paths) it appears on. */
export async function sentencesByPage(dist: string): Promise<Map<string, Set<string>>> {
  const pages = new Map<string, Set<string>>();
  for await (const file of htmlFiles(dist)) {
    const page = `/${relative(dist, file).replace(/(?:^|\/)index\.html$/, '').replace(/\.html$/, '')}`;
    for (const sentence of mainSentences(await readFile(file, 'utf8'))) {
      let set = pages.get(sentence);
      if (!set) pages.set(sentence, (set = new Set()));
      set.add(page);
    }
  }
  return pages;
}

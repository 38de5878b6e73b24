/**
 * Reading the storefront in a built site (dist/ or a copy's): its HTML pages, the ways to talk of a page's header,
 * the landmarks where the calls to action sit. Used by tests/integration/storefront.test.ts (the repository's build)
 * and tests/integration/storefront-build.test.ts (a build with the ways to talk and the "a partir de" prices set).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Document, Element } from 'domhandler';

/** Every HTML page of a built site, by its served path (`index.html` → `/`, `precos.html` → `/precos`), but the 404. */
export async function htmlPages(dist: string): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html') || entry.name === '404.html') continue;
    const file = join(entry.parentPath, entry.name);
    const path = `/${relative(dist, file).split(sep).join('/')}`.replace(/\.html$/, '').replace(/^\/index$/, '/');
    pages.set(path, await readFile(file, 'utf8'));
  }
  return pages;
}

export const doc = (html: string): Document => parseDocument(html, { decodeEntities: true });
export const byClass = (root: Document | Element, name: string): Element[] =>
  DomUtils.findAll((el) => (el.attribs.class ?? '').split(/\s+/).includes(name), root.children);
export const byTag = (root: Document | Element, name: string): Element[] => DomUtils.findAll((el) => el.name === name, root.children);
export const byId = (root: Document | Element, id: string): Element | null => DomUtils.findOne((el) => el.attribs.id === id, root.children);
export const text = (el: Document | Element): string => DomUtils.textContent(el).replace(/\s+/g, ' ').trim();

/** The header's ways to talk: each link's address and text (none when the page has no list). */
export function talkLinks(html: string): { href: string; text: string }[] {
  const header = byTag(doc(html), 'header')[0];
  const list = header ? byClass(header, 'talk')[0] : undefined;
  return list ? byTag(list, 'a').map((a) => ({ href: a.attribs.href ?? '', text: text(a) })) : [];
}

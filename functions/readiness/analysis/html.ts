/**
 * What the checks read from an HTML page, extracted once: head metadata, alternate links, JSON-LD, the text
 * a crawler gets without running JavaScript, accessibility-tree basics and script hints (WebMCP).
 */
import { type HTMLElement, parse } from 'node-html-parser';

export interface PageAnalysis {
  title: string;
  description: string;
  canonical: string | undefined;
  lang: string | undefined;
  /** `<link rel="alternate" type="text/markdown">` hrefs. */
  markdownAlternates: string[];
  /** Raw JSON-LD blocks. */
  jsonLd: string[];
  hasMicrodata: boolean;
  /** Visible text without scripts, styles and templates, whitespace collapsed. */
  text: string;
  h1Count: number;
  hasMain: boolean;
  images: { alt: boolean; sized: boolean }[];
  /** iframes and videos: sized or not (layout stability). */
  embeds: { sized: boolean }[];
  /** Form controls and whether each has an accessible name. */
  controls: { labelled: boolean }[];
  /** `src` of external scripts. */
  scriptSrcs: string[];
  /** Text of inline (non-data) scripts. */
  inlineScripts: string[];
  /** Declarative WebMCP (`<form toolname>`). */
  declarativeTools: number;
}

const EMPTY: PageAnalysis = {
  title: '',
  description: '',
  canonical: undefined,
  lang: undefined,
  markdownAlternates: [],
  jsonLd: [],
  hasMicrodata: false,
  text: '',
  h1Count: 0,
  hasMain: false,
  images: [],
  embeds: [],
  controls: [],
  scriptSrcs: [],
  inlineScripts: [],
  declarativeTools: 0,
};

const collapse = (s: string): string => s.replace(/\s+/g, ' ').trim();

export function analyzeHtml(html: string): PageAnalysis {
  let root: HTMLElement;
  try {
    root = parse(html, { comment: false, blockTextElements: { script: true, style: true, noscript: true, pre: true, textarea: true } });
  } catch {
    return { ...EMPTY };
  }
  const attr = (el: HTMLElement | null | undefined, name: string) => el?.getAttribute(name) ?? undefined;
  const rels = (el: HTMLElement) => (el.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);

  const links = root.querySelectorAll('link');
  const canonical = links.find((l) => rels(l).includes('canonical'));
  const markdownAlternates = links
    .filter((l) => rels(l).includes('alternate') && /^text\/(?:x-)?markdown/i.test(l.getAttribute('type') ?? ''))
    .map((l) => l.getAttribute('href') ?? '')
    .filter(Boolean);

  const scripts = root.querySelectorAll('script');
  const jsonLd = scripts.filter((s) => (s.getAttribute('type') ?? '').toLowerCase().trim() === 'application/ld+json').map((s) => s.rawText);
  const scriptSrcs = scripts.map((s) => s.getAttribute('src')).filter((s): s is string => !!s);
  const inlineScripts = scripts
    .filter((s) => !s.getAttribute('src') && /^(?:|text\/javascript|module|application\/javascript)$/i.test((s.getAttribute('type') ?? '').trim()))
    .map((s) => s.rawText);

  const description = root.querySelectorAll('meta').find((m) => (m.getAttribute('name') ?? '').toLowerCase() === 'description');

  // Text a non-rendering crawler sees: the body without scripts, styles, templates and hidden SVG.
  const body = root.querySelector('body') ?? root;
  const clone = parse(body.toString(), { comment: false, blockTextElements: { script: true, style: true, noscript: true, pre: true, textarea: true } });
  for (const el of clone.querySelectorAll('script, style, template, noscript, svg')) el.remove();
  const text = collapse(clone.structuredText ?? '');

  const labelled = (el: HTMLElement): boolean => {
    if (attr(el, 'aria-label') || attr(el, 'aria-labelledby') || attr(el, 'title')) return true;
    const id = attr(el, 'id');
    if (id && root.querySelectorAll('label').some((l) => l.getAttribute('for') === id)) return true;
    let parent = el.parentNode as HTMLElement | null;
    while (parent) {
      if (parent.tagName === 'LABEL') return true;
      parent = parent.parentNode as HTMLElement | null;
    }
    const type = (attr(el, 'type') ?? '').toLowerCase();
    return type === 'submit' || type === 'button' || type === 'reset' || (el.tagName === 'INPUT' && type === 'image' && !!attr(el, 'alt'));
  };
  const controls = root
    .querySelectorAll('input, select, textarea')
    .filter((el) => (attr(el, 'type') ?? '').toLowerCase() !== 'hidden')
    .map((el) => ({ labelled: labelled(el) }));

  const sized = (el: HTMLElement) => !!attr(el, 'width') && !!attr(el, 'height');
  return {
    title: collapse(root.querySelector('title')?.text ?? ''),
    description: collapse(description?.getAttribute('content') ?? ''),
    canonical: attr(canonical, 'href'),
    lang: attr(root.querySelector('html'), 'lang'),
    markdownAlternates,
    jsonLd,
    hasMicrodata: !!root.querySelector('[itemscope]'),
    text,
    h1Count: root.querySelectorAll('h1').length,
    hasMain: !!root.querySelector('main') || !!root.querySelector('[role="main"]'),
    images: root.querySelectorAll('img').map((img) => ({ alt: img.getAttribute('alt') !== undefined, sized: sized(img) })),
    embeds: root.querySelectorAll('iframe, video').map((el) => ({ sized: sized(el) })),
    controls,
    scriptSrcs,
    inlineScripts,
    declarativeTools: root.querySelectorAll('form').filter((f) => !!f.getAttribute('toolname')).length,
  };
}

/**
 * What the checks read from an HTML page, extracted once: head metadata, alternate links, JSON-LD, the text
 * a crawler gets without running JavaScript, accessibility-tree basics and script hints (WebMCP).
 *
 * Pages are hostile input: the analysis is one pass over htmlparser2's tokenizer (linear time, no tree, no
 * element stack to search), with a handful of counters for the containers that matter (head, label, svg,
 * template, noscript). It is fed in slices that give the event loop back and stop at the measurement's
 * deadline (see docs/readiness.md, "Hostile sites").
 */
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import type { Deadline } from '../deadline.ts';

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
  /** `<form>` elements (counted, not an interface signal: search boxes and contact forms are on every site). */
  forms: number;
  /** `<link rel="sitemap">` hrefs (Astro and Starlight announce their sitemap index this way). */
  sitemapLinks: string[];
  /** `<link rel="ard">` and (v0.9) `<link rel="ai-catalog">` hrefs: where the page announces its ARD catalog. */
  catalogLinks: { rel: 'ard' | 'ai-catalog'; href: string }[];
  /**
   * Where the first pointer to llms.txt (a link to a `/llms.txt` file, or the text `/llms.txt`) stands in the
   * body, as a share of the body's searchable length (nav, script and style left out, as AFDocs does);
   * undefined when there is none.
   */
  llmsPointer: number | undefined;
}

/** Characters handed to the tokenizer between two deadline checks. */
export const HTML_SLICE_CHARS = 64 * 1024;

/** Elements whose text a non-rendering crawler does not read (script text is captured apart). */
const HIDDEN = new Set(['style', 'template', 'noscript', 'svg', 'math']);
/** Elements that separate words in the extracted text. */
const BLOCK = new Set(
  'address article aside blockquote br dd details dialog div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr label legend li main nav ol p pre section summary table tbody td tfoot th thead tr ul'.split(' '),
);
const INLINE_SCRIPT_TYPE = /^(?:|text\/javascript|module|application\/javascript)$/i;
const MARKDOWN_TYPE = /^text\/(?:x-)?markdown/i;

const collapse = (s: string): string => s.replace(/\s+/g, ' ').trim();

interface Control {
  id: string | undefined;
  named: boolean;
}

/** The one-pass collector behind `analyzeHtml`: tokenizer callbacks plus the counters and lists. */
function collector(html: string) {
  const page: PageAnalysis = {
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
    forms: 0,
    sitemapLinks: [],
    catalogLinks: [],
    llmsPointer: undefined,
  };
  const text: string[] = [];
  const labelFor = new Set<string>();
  const controls: Control[] = [];
  let seenHtml = false;
  let seenDescription = false;
  let titleDone = false;
  let head = 0;
  let label = 0;
  let hidden = 0;
  // llms.txt pointer: the body's extent in the source, the source skipped (nav, script, style) and the hit.
  let bodyStart = -1;
  let bodyEnd = -1;
  let skipDepth = 0;
  let skipFrom = 0;
  let skipped = 0;
  let pointerAt: number | undefined;
  let tagStart = 0;
  const notePointer = (at: number): void => {
    if (pointerAt === undefined && bodyStart >= 0 && bodyEnd < 0 && skipDepth === 0) pointerAt = at - bodyStart - skipped;
  };
  // The element being opened and its attributes (first occurrence of a name wins, as in browsers).
  let tag = '';
  let attrs = new Map<string, string>();
  let attrName = '';
  let attrValue = '';
  // Raw-text or RCDATA content being captured: a script or the title.
  let capture: { kind: 'script' | 'title'; type: string; src: boolean; parts: string[] } | undefined;

  const visibleText = (s: string, at: number): void => {
    if (capture) capture.parts.push(s);
    else if (hidden === 0 && head === 0) text.push(s);
    if (!capture && pointerAt === undefined) {
      const found = s.indexOf('/llms.txt');
      if (found >= 0) notePointer(at + found);
    }
  };

  const open = (name: string, selfClosing: boolean): void => {
    const a = attrs;
    const get = (n: string) => a.get(n);
    if (BLOCK.has(name)) text.push(' ');
    if (name === 'html' && !seenHtml) {
      seenHtml = true;
      page.lang = get('lang');
    }
    if (a.has('itemscope')) page.hasMicrodata = true;
    if (get('role') === 'main') page.hasMain = true;
    switch (name) {
      case 'head':
        head++;
        return;
      case 'body':
        head = 0;
        if (bodyStart < 0) bodyStart = tagStart;
        return;
      case 'title':
        if (!titleDone && hidden === 0) capture = { kind: 'title', type: '', src: false, parts: [] };
        return;
      case 'script': {
        if (skipDepth++ === 0) skipFrom = tagStart;
        const src = get('src');
        if (src) page.scriptSrcs.push(src);
        capture = { kind: 'script', type: (get('type') ?? '').trim(), src: !!src, parts: [] };
        return;
      }
      case 'link': {
        const rels = (get('rel') ?? '').toLowerCase().split(/\s+/);
        if (rels.includes('canonical') && page.canonical === undefined) page.canonical = get('href');
        const href = get('href');
        if (rels.includes('alternate') && MARKDOWN_TYPE.test(get('type') ?? '') && href) page.markdownAlternates.push(href);
        if (rels.includes('sitemap') && href && page.sitemapLinks.length < 5) page.sitemapLinks.push(href);
        for (const rel of ['ard', 'ai-catalog'] as const) if (rels.includes(rel) && href && page.catalogLinks.length < 5) page.catalogLinks.push({ rel, href });
        return;
      }
      case 'a': {
        const href = get('href') ?? '';
        const path = href.split(/[?#]/, 1)[0] ?? '';
        if (path.endsWith('/llms.txt')) notePointer(tagStart);
        break;
      }
      case 'meta':
        if (!seenDescription && (get('name') ?? '').toLowerCase() === 'description') {
          seenDescription = true;
          page.description = collapse(get('content') ?? '');
        }
        return;
      case 'h1':
        page.h1Count++;
        return;
      case 'main':
        page.hasMain = true;
        return;
      case 'img':
        page.images.push({ alt: a.has('alt'), sized: !!get('width') && !!get('height') });
        return;
      case 'iframe':
      case 'video':
        page.embeds.push({ sized: !!get('width') && !!get('height') });
        return;
      case 'label':
        label++;
        if (get('for')) labelFor.add(get('for') as string);
        return;
      case 'form':
        page.forms++;
        if (get('toolname')) page.declarativeTools++;
        return;
      case 'input':
      case 'select':
      case 'textarea': {
        const type = (get('type') ?? '').toLowerCase();
        if (name === 'input' && type === 'hidden') return;
        const named =
          !!(get('aria-label') || get('aria-labelledby') || get('title')) ||
          label > 0 ||
          type === 'submit' ||
          type === 'button' ||
          type === 'reset' ||
          (name === 'input' && type === 'image' && !!get('alt'));
        controls.push({ id: get('id'), named });
        return;
      }
    }
    if ((name === 'nav' || name === 'style') && !selfClosing && skipDepth++ === 0) skipFrom = tagStart;
    if (HIDDEN.has(name) && !selfClosing) hidden++;
  };

  const endSkip = (name: string, end: number): void => {
    if ((name === 'nav' || name === 'style' || name === 'script') && skipDepth > 0 && --skipDepth === 0 && bodyStart >= 0 && bodyEnd < 0) skipped += end - Math.max(skipFrom, bodyStart);
  };

  const close = (name: string, end: number): void => {
    endSkip(name, end);
    if (name === 'body' && bodyEnd < 0 && bodyStart >= 0) bodyEnd = tagStart;
    if (BLOCK.has(name)) text.push(' ');
    if (capture && (name === 'script' || name === 'title')) {
      const { kind, type, src, parts } = capture;
      capture = undefined;
      const body = parts.join('');
      if (kind === 'title') {
        page.title = collapse(body);
        titleDone = true;
      } else if (type.toLowerCase() === 'application/ld+json') page.jsonLd.push(body);
      else if (!src && INLINE_SCRIPT_TYPE.test(type)) page.inlineScripts.push(body);
      return;
    }
    if (name === 'head' && head > 0) head--;
    else if (name === 'label' && label > 0) label--;
    else if (HIDDEN.has(name) && hidden > 0) hidden--;
  };

  const endOpenTag = (selfClosing: boolean): void => {
    if (!tag) return;
    const name = tag;
    tag = '';
    open(name, selfClosing);
    attrs = new Map();
  };

  const callbacks: TokenizerCallbacks = {
    ontext: (start, end) => visibleText(html.slice(start, end), start),
    ontextentity: (codepoint, end) => visibleText(String.fromCodePoint(codepoint), end),
    onopentagname: (start, end) => {
      tagStart = start - 1;
      tag = html.slice(start, end).toLowerCase();
      attrs = new Map();
    },
    onattribname: (start, end) => {
      attrName = html.slice(start, end).toLowerCase();
      attrValue = '';
    },
    onattribdata: (start, end) => {
      attrValue += html.slice(start, end);
    },
    onattribentity: (codepoint) => {
      attrValue += String.fromCodePoint(codepoint);
    },
    onattribend: () => {
      if (!attrs.has(attrName)) attrs.set(attrName, attrValue);
      attrValue = '';
    },
    onopentagend: () => endOpenTag(false),
    // In HTML only foreign elements honour `/>`: `<svg/>` hides nothing, `<label/>` still opens a label.
    onselfclosingtag: () => endOpenTag(true),
    onclosetag: (start, end) => {
      tagStart = start - 2;
      close(html.slice(start, end).toLowerCase(), end + 1);
    },
    oncdata: () => {},
    oncomment: () => {},
    ondeclaration: () => {},
    onprocessinginstruction: () => {},
    onend: () => {},
    isInForeignContext: () => hidden > 0,
  };

  const finish = (): PageAnalysis => {
    if (capture) close(capture.kind, html.length);
    page.text = collapse(text.join(''));
    if (pointerAt !== undefined) {
      const searchable = (bodyEnd >= 0 ? bodyEnd : html.length) - bodyStart - skipped;
      page.llmsPointer = searchable > 0 ? Math.min(1, Math.max(0, pointerAt / searchable)) : 0;
    }
    page.controls = controls.map((c) => ({ labelled: c.named || (!!c.id && labelFor.has(c.id)) }));
    return page;
  };
  return { callbacks, finish };
}

/**
 * Analyses a page in linear time. With a deadline, the page is tokenized in slices of `HTML_SLICE_CHARS`
 * with a return to the event loop between slices, and `AnalysisCutShort` is thrown once the budget is spent.
 */
export async function analyzeHtml(html: string, deadline?: Deadline): Promise<PageAnalysis> {
  const { callbacks, finish } = collector(html);
  const tokenizer = new Tokenizer({}, callbacks);
  for (let offset = 0; offset < html.length; offset += HTML_SLICE_CHARS) {
    await deadline?.pause();
    tokenizer.write(html.slice(offset, offset + HTML_SLICE_CHARS));
  }
  tokenizer.end();
  deadline?.check();
  return finish();
}

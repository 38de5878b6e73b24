/**
 * llms.txt (llmstxt.org): `# Name` first (the only required part), then a `> summary`, optional prose, and
 * `## Section` blocks made of `- [name](url): notes` list items.
 * The file is site-controlled: each line is read up to `LLMS_MAX_LINE` characters, and the link pattern
 * cannot backtrack (neither the text nor the URL may contain a bracket, so every attempt stops at the next
 * bracket and no character is scanned by two attempts).
 */
export interface LlmsLink {
  title: string;
  url: string;
  /** Title of the `##` section the link is in ('' before the first section). */
  section: string;
}

/** Whether a link sits in the `## Optional` section (llmstxt.org: may be skipped; need not be a page). */
export const isOptionalLink = (link: LlmsLink): boolean => link.section.trim().toLowerCase() === 'optional';

export interface LlmsFile {
  hasH1: boolean;
  title: string;
  hasSummary: boolean;
  sections: { title: string; links: number; strayLines: number }[];
  links: LlmsLink[];
  chars: number;
}

/** Characters of a line searched for links (a list item is one line; real ones are far shorter). */
export const LLMS_MAX_LINE = 8 * 1024;

const LINK = /\[([^[\]]*)\]\(\s*<?([^)\s>[\]]+)>?(?:\s+"[^"]*")?\s*\)/g;

export function parseLlmsTxt(text: string): LlmsFile {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const firstIndex = lines.findIndex((l) => l.trim() !== '');
  const first = firstIndex >= 0 ? (lines[firstIndex] ?? '').trim() : '';
  const hasH1 = /^#\s+\S/.test(first);
  const title = hasH1 ? first.replace(/^#\s+/, '') : '';
  let hasSummary = false;
  const sections: LlmsFile['sections'] = [];
  const links: LlmsLink[] = [];
  let inSection = false;
  for (let i = firstIndex + 1; i < lines.length && firstIndex >= 0; i++) {
    const line = (lines[i] ?? '').slice(0, LLMS_MAX_LINE).trim();
    if (line === '') continue;
    if (!inSection && line.startsWith('>')) hasSummary = true;
    if (/^##\s+\S/.test(line)) {
      sections.push({ title: line.replace(/^##\s+/, ''), links: 0, strayLines: 0 });
      inSection = true;
      continue;
    }
    const section = sections[sections.length - 1];
    const found = [...line.matchAll(LINK)].map((m) => ({ title: m[1] ?? '', url: m[2] ?? '', section: section?.title ?? '' }));
    links.push(...found);
    if (inSection && section) {
      if (/^[-*+]\s+\[/.test(line) && found.length) section.links++;
      else if (!/^#{3,}\s/.test(line)) section.strayLines++;
    }
  }
  return { hasH1, title, hasSummary, sections, links, chars: text.length };
}

/** Inline code spans (`…`): examples, not links. Linear: a span cannot contain a backtick. */
const INLINE_CODE = /`[^`\n]*`/g;

/**
 * Link targets of a markdown text (each line read up to `LLMS_MAX_LINE`, at most `max` links), with the same
 * linear pattern; links shown as code (fenced blocks, inline code) are examples, not links.
 */
export function markdownLinks(text: string, max = 500): string[] {
  const found: string[] = [];
  let fence = '';
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const trimmed = raw.trimStart();
    const marker = trimmed.startsWith('```') ? '```' : trimmed.startsWith('~~~') ? '~~~' : '';
    if (marker && (!fence || fence === marker)) {
      fence = fence ? '' : marker;
      continue;
    }
    if (fence) continue;
    const line = raw.slice(0, LLMS_MAX_LINE).replace(INLINE_CODE, '');
    for (const m of line.matchAll(LINK)) {
      found.push(m[2] ?? '');
      if (found.length >= max) return found;
    }
  }
  return found;
}

/** Whether a body looks like HTML rather than text/markdown. */
export const looksLikeHtml = (text: string): boolean => /^\s*(?:<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>])/i.test(text);

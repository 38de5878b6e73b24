/**
 * llms.txt (llmstxt.org): `# Name` first (the only required part), then a `> summary`, optional prose, and
 * `## Section` blocks made of `- [name](url): notes` list items.
 */
export interface LlmsLink {
  title: string;
  url: string;
}

export interface LlmsFile {
  hasH1: boolean;
  title: string;
  hasSummary: boolean;
  sections: { title: string; links: number; strayLines: number }[];
  links: LlmsLink[];
  chars: number;
}

const LINK = /\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

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
    const line = (lines[i] ?? '').trim();
    if (line === '') continue;
    if (!inSection && line.startsWith('>')) hasSummary = true;
    if (/^##\s+\S/.test(line)) {
      sections.push({ title: line.replace(/^##\s+/, ''), links: 0, strayLines: 0 });
      inSection = true;
      continue;
    }
    const found = [...line.matchAll(LINK)].map((m) => ({ title: m[1] ?? '', url: m[2] ?? '' }));
    links.push(...found);
    const section = sections[sections.length - 1];
    if (inSection && section) {
      if (/^[-*+]\s+\[/.test(line) && found.length) section.links++;
      else if (!/^#{3,}\s/.test(line)) section.strayLines++;
    }
  }
  return { hasH1, title, hasSummary, sections, links, chars: text.length };
}

/** Whether a body looks like HTML rather than text/markdown. */
export const looksLikeHtml = (text: string): boolean => /^\s*(?:<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>])/i.test(text);

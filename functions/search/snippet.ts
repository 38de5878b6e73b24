/**
 * The snippet (`trecho`) of a search result: the window of the page text holding the most distinct query
 * terms (then the most matches), cut at word boundaries, with `…` where the text was cut. When the text does
 * not contain any term (the match was in the title or description), the opening of the text is used.
 */
import { isTokenStart, termOf, termPattern, tokenEnd } from './analyze.ts';

export interface QueryTerm {
  /** Stemmed term. */
  term: string;
  /** Whether index terms that merely start with `term` match too. */
  prefix: boolean;
  /** Stemmed synonyms that match too, exactly (./intents.ts). */
  alternatives?: readonly string[];
}

/** Whether an analysed token of a text matches a query term (itself, a longer word for a prefix term, or a synonym). */
const matches = (token: string, t: QueryTerm): boolean =>
  token === t.term || (t.prefix && token.startsWith(t.term)) || (t.alternatives?.includes(token) ?? false);

/** Target length of a snippet, in characters. */
export const SNIPPET_LENGTH = 220;

interface Hit {
  start: number;
  end: number;
  q: number;
}

const ELLIPSIS = '…';

/** Moves `index` back to the start of the word it falls in (never before `min`). */
function wordStart(text: string, index: number, min: number): number {
  let i = index;
  while (i > min && !/\s/.test(text[i - 1]!)) i--;
  return i;
}

/** Moves `index` forward to the end of the word it falls in (never after `max`). */
function wordEnd(text: string, index: number, max: number): number {
  let i = index;
  while (i < max && !/\s/.test(text[i]!)) i++;
  return i;
}

function cut(text: string, start: number, end: number): string {
  const s = start <= 0 ? 0 : wordStart(text, start, 0);
  const e = end >= text.length ? text.length : wordEnd(text, end, text.length);
  const body = text.slice(s, e).replace(/\s+/g, ' ').trim();
  return `${s > 0 ? ELLIPSIS : ''}${body}${e < text.length ? ELLIPSIS : ''}`;
}

/** One regex per query (cached by its terms): candidate token starts for any of the terms. */
const patterns = new Map<string, RegExp>();
function candidatePattern(terms: readonly QueryTerm[]): RegExp {
  const key = terms.map((t) => [t.term, ...(t.alternatives ?? [])].join('|')).join(' ');
  let pattern = patterns.get(key);
  if (!pattern) {
    // Longest first, so that an alternative does not shadow a longer one.
    const sources = [...new Set(terms.flatMap((t) => [t.term, ...(t.alternatives ?? [])]))].sort((a, b) => b.length - a.length).map(termPattern);
    pattern = new RegExp(sources.join('|'), 'g');
    if (patterns.size > 1_000) patterns.clear();
    patterns.set(key, pattern);
  }
  pattern.lastIndex = 0;
  return pattern;
}

/**
 * Finds the matches of the query terms in `text` (offsets in `text`). A native regex finds candidate token
 * starts (accent- and case-insensitive); each candidate token is then analysed like the index does and kept
 * when its term equals a query term (or extends it, for prefix terms). The scan stops once a window of
 * `length` characters holds every term.
 */
function findHits(text: string, terms: readonly QueryTerm[], length: number, maxHits = 500): Hit[] {
  const hits: Hit[] = [];
  const pattern = candidatePattern(terms);
  const lastSeen = new Array<number>(terms.length).fill(-1);
  let distinct = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const start = match.index;
    if (!isTokenStart(text, start)) continue;
    const end = tokenEnd(text, start + match[0].length);
    pattern.lastIndex = end;
    const raw = text.slice(start, end);
    const term = termOf(raw, true);
    if (term === null) continue;
    for (let q = 0; q < terms.length; q++) {
      const t = terms[q]!;
      if (matches(term, t)) {
        hits.push({ start, end, q });
        if (lastSeen[q] === -1) distinct++;
        lastSeen[q] = start;
        break;
      }
    }
    if (hits.length >= maxHits) break;
    if (distinct === terms.length && hits.length && hits[hits.length - 1]!.end - Math.min(...lastSeen) <= length) break;
  }
  return hits;
}

/** Every match of the query terms in `text` (offsets, in order, at most `maxHits`): what a page highlights. */
export function termRanges(text: string, terms: readonly QueryTerm[], maxHits = 200): { start: number; end: number }[] {
  if (terms.length === 0) return [];
  // A negative window never holds every term, so the scan does not stop early.
  return findHits(text, terms, -1, maxHits).map(({ start, end }) => ({ start, end }));
}

/** The snippet of `text` for the query terms. */
export function makeSnippet(text: string, terms: readonly QueryTerm[], length = SNIPPET_LENGTH): string {
  if (text.length <= length) return text.replace(/\s+/g, ' ').trim();
  const hits = terms.length ? findHits(text, terms, length) : [];
  if (hits.length === 0) return cut(text, 0, length);

  // Sliding window over the hits: most distinct terms, then most hits, then earliest.
  let best = { i: 0, j: 0, distinct: 0, count: 0 };
  const inWindow = new Map<number, number>();
  let j = 0;
  for (let i = 0; i < hits.length; i++) {
    while (j < hits.length && hits[j]!.end - hits[i]!.start <= length) {
      inWindow.set(hits[j]!.q, (inWindow.get(hits[j]!.q) ?? 0) + 1);
      j++;
    }
    const distinct = inWindow.size;
    const count = j - i;
    if (distinct > best.distinct || (distinct === best.distinct && count > best.count)) best = { i, j, distinct, count };
    const q = hits[i]!.q;
    const left = (inWindow.get(q) ?? 1) - 1;
    if (left === 0) inWindow.delete(q);
    else inWindow.set(q, left);
  }
  const first = hits[best.i]!;
  const last = hits[Math.max(best.i, best.j - 1)]!;
  const span = last.end - first.start;
  // Centre the matched span in the window, with a little more context before it than after.
  let start = Math.max(0, first.start - Math.floor((length - span) / 3));
  const end = Math.min(text.length, start + length);
  if (end - start < length) start = Math.max(0, end - length);
  return cut(text, start, end);
}

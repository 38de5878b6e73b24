/**
 * Text analysis of the lexical search, shared by indexing, querying and the snippet: pt-BR case and accent
 * folding, tokenization, a short stop-word list and a light pt-BR stemmer (plural, feminine and final-vowel
 * normalization in the manner of Savoy's "light" stemmer, as Lucene's PortugueseLightStemmer does), so that
 * `migração`, `migrações` and `MIGRACAO` meet, and `estruturado`/`estruturados`/`estruturada` too.
 *
 * Tokens are runs of characters that fold to an ASCII letter or digit (`llms.txt` → `llms`, `txt`). The
 * scanner works on the original text with a character-class table (no regex, no whole-text normalization):
 * indexing thousands of pages is dominated by this loop.
 */
import { fold } from '../../src/model/fold.ts';

/** Lower case without diacritics (`Migração` → `migracao`): the site's one folding rule. */
export { fold };

/** Character classes for code units below `TABLE_SIZE`: 0 separator, 1 plain (a-z, 0-9), 2 needs folding. */
const TABLE_SIZE = 0x370;
const CLASS = new Uint8Array(TABLE_SIZE);
/** The folded ASCII code of a token character (0 for combining marks and separators). */
const FOLDED = new Uint8Array(TABLE_SIZE);
for (let c = 0; c < TABLE_SIZE; c++) {
  if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
    CLASS[c] = 1;
    FOLDED[c] = c;
  } else if (c >= 0x300) CLASS[c] = 2; // combining marks: part of the token, removed by folding
  else if (c >= 65) {
    const folded = fold(String.fromCharCode(c));
    if (/^[a-z0-9]$/.test(folded)) {
      CLASS[c] = 2;
      FOLDED[c] = folded.charCodeAt(0);
    }
  }
}

/** Per ASCII letter or digit: a regex character class of every character that folds to it (`a` → `[aAáÁàÀ…]`). */
const VARIANTS = new Map<number, string>();
for (let c = 0; c < TABLE_SIZE; c++) {
  const folded = FOLDED[c]!;
  if (folded) VARIANTS.set(folded, (VARIANTS.get(folded) ?? '') + String.fromCharCode(c));
}

/**
 * A regex source matching, in unfolded text, a token that starts with the folded `term`: each character may
 * appear in any case and with any diacritic, and the match must start at a token boundary.
 */
export function termPattern(term: string): string {
  let source = '';
  for (let i = 0; i < term.length; i++) {
    const variants = VARIANTS.get(term.charCodeAt(i));
    source += variants && variants.length > 1 ? `[${variants}]` : term[i];
  }
  return source;
}

/** Index just past the token that contains position `index` of `text`. */
export function tokenEnd(text: string, index: number): number {
  let i = index;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code >= TABLE_SIZE || CLASS[code] === 0) break;
    i++;
  }
  return i;
}

/** Whether position `index` of `text` starts a token (the character before it is not a token character). */
export function isTokenStart(text: string, index: number): boolean {
  if (index === 0) return true;
  const code = text.charCodeAt(index - 1);
  return code >= TABLE_SIZE || CLASS[code] === 0;
}

/** The folded ASCII code of the character at `index` of `text` (0 when it does not fold to a letter or digit). */
export const foldedCodeAt = (text: string, index: number): number => {
  const code = text.charCodeAt(index);
  return code < TABLE_SIZE ? FOLDED[code]! : 0;
};

/** Extremely common pt-BR function words: no ranking value, and a large share of every text. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a o as os um uma uns umas de do da dos das e em no na nos nas ao aos pelo pela pelos pelas ' +
    'que se por com para como mais mas ou ja nao sao sua seu suas seus isso esta este essa esse ' +
    'ser foi tem ter ha entre ate sem sob quando onde qual quais lhe eles elas ele ela the of to and'
  ).split(' '),
);

const endsWith = (w: string, suffix: string): boolean => w.endsWith(suffix);

function normFeminine(w: string): string {
  const n = w.length;
  if (n > 7 && (endsWith(w, 'inha') || endsWith(w, 'iaca') || endsWith(w, 'eira'))) return `${w.slice(0, -1)}o`;
  if (n > 6) {
    if (endsWith(w, 'osa') || endsWith(w, 'ica') || endsWith(w, 'ida') || endsWith(w, 'ada') || endsWith(w, 'iva') || endsWith(w, 'ama')) {
      return `${w.slice(0, -1)}o`;
    }
    if (endsWith(w, 'ona')) return `${w.slice(0, -3)}ao`;
    if (endsWith(w, 'ora') || endsWith(w, 'esa')) return w.slice(0, -1);
    if (endsWith(w, 'na')) return `${w.slice(0, -1)}o`;
  }
  return w;
}

function removeSuffix(w: string): string {
  const n = w.length;
  if (n > 4 && endsWith(w, 'es') && 'rslz'.includes(w[n - 3]!)) return w.slice(0, -2);
  if (n > 3 && endsWith(w, 'ns')) return `${w.slice(0, -2)}m`;
  if (n > 4 && endsWith(w, 'eis')) return `${w.slice(0, -3)}el`;
  if (n > 4 && endsWith(w, 'ais')) return `${w.slice(0, -2)}l`;
  if (n > 4 && endsWith(w, 'ois')) return `${w.slice(0, -3)}ol`;
  if (n > 3 && (endsWith(w, 'oes') || endsWith(w, 'aes'))) return `${w.slice(0, -3)}ao`;
  if (n > 6 && endsWith(w, 'mente')) return w.slice(0, -5);
  if (n > 3 && endsWith(w, 's')) return w.slice(0, -1);
  return w;
}

/** Light pt-BR stemmer over a folded token (digits and short tokens pass unchanged). */
export function stem(token: string): string {
  if (token.length < 4 || token.charCodeAt(0) < 97) return token;
  let w = removeSuffix(token);
  if (w.length > 3 && w.endsWith('a')) w = normFeminine(w);
  const last = w[w.length - 1];
  if (w.length > 4 && (last === 'a' || last === 'e' || last === 'o')) w = w.slice(0, -1);
  return w;
}

/** Index term of a raw token (as sliced from the text), or null for a stop word. */
export type TermOf = (raw: string, needsFold: boolean) => string | null;

const termCache = new Map<string, string | null>();
const TERM_CACHE_LIMIT = 200_000;

/** The term of a raw token: folded, stop words removed, stemmed; remembered per raw token. */
export const termOf: TermOf = (raw, needsFold) => {
  let term = termCache.get(raw);
  if (term === undefined) {
    const folded = needsFold ? fold(raw) : raw;
    term = folded === '' || STOP_WORDS.has(folded) ? null : stem(folded);
    if (termCache.size >= TERM_CACHE_LIMIT) termCache.clear();
    termCache.set(raw, term);
  }
  return term;
};

/**
 * Calls `onToken(start, end, needsFold)` for every token of `text` (offsets in `text`); stops early when it
 * returns false.
 */
export function scanTokens(text: string, onToken: (start: number, end: number, needsFold: boolean) => boolean | void): void {
  const length = text.length;
  let start = -1;
  let needsFold = false;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    const cls = code < TABLE_SIZE ? CLASS[code]! : 0;
    if (cls !== 0) {
      if (start < 0) {
        start = i;
        needsFold = false;
      }
      if (cls === 2) needsFold = true;
    } else if (start >= 0) {
      if (onToken(start, i, needsFold) === false) return;
      start = -1;
    }
  }
  if (start >= 0) onToken(start, length, needsFold);
}

/** Index terms of a text, in order (stop words dropped). */
export function analyze(text: string): string[] {
  const out: string[] = [];
  scanTokens(text, (start, end, needsFold) => {
    const term = termOf(text.slice(start, end), needsFold);
    if (term !== null) out.push(term);
  });
  return out;
}

/** Query terms: analyzed and deduplicated, in order. */
export function analyzeQuery(query: string): string[] {
  return [...new Set(analyze(query))];
}

/**
 * The lexical ranking: a compact inverted index over title, description and text (typed arrays: sorted
 * terms, postings with per-field term frequencies) scored with BM25F (per-field weights and length
 * normalization), exact stem matches plus prefix matches at a discount, and a coordination factor that
 * favours pages matching more of the query's terms. The index can be serialized at build time and loaded
 * without re-analysing the text (`serializeSearchIndex` / `loadSearchIndex`). Why hand-written rather than
 * MiniSearch, FlexSearch or Orama: docs/search.md (the measured comparison).
 */
import { Buffer } from 'node:buffer';
import { MAX_QUERY_LENGTH } from '../../src/model/search.ts';
import type { IndexEntry } from '../content/site-data.ts';
import { analyzeQuery, scanTokens, termOf } from './analyze.ts';
import { SYNONYMS } from './intents.ts';
import { type QueryTerm, makeSnippet } from './snippet.ts';
import type { SearchOptions, SearchResult } from './types.ts';

export interface SearchIndex {
  /** Ranked results for `query` (empty when the query has no searchable term). */
  search(query: string, options: SearchOptions): SearchResult[];
  /** The same ranking without building results and snippets: routes and scores only. */
  ranked(query: string, options: SearchOptions): { rota: string; pontuacao: number }[];
  /** Number of indexed pages. */
  readonly size: number;
}

/** Field order in the postings: title, description, text. */
const FIELDS = ['titulo', 'descricao', 'texto'] as const;
const F = FIELDS.length;
/** Index of the text field in the postings. */
const TEXT = 2;
/** Field weights (BM25F): a match in the title counts more than one in the description, more than one in the text. */
export const FIELD_WEIGHTS = [4, 2, 1] as const;
/** Length normalization per field (short fields are barely normalized). */
const FIELD_B = [0.3, 0.5, 0.75] as const;
const K1 = 1.2;
/** A prefix-only match (`otimiz` → `otimizacao`) counts this fraction of an exact one. */
const PREFIX_WEIGHT = 0.5;
/** A synonym's match (`custa` → `preco`, ./intents.ts) counts this fraction of an exact one. */
const SYNONYM_WEIGHT = 0.6;
/** Score step between pinned pages, above the best of the rest (scores are rounded to four decimals). */
const PIN_STEP = 0.001;
/** Query terms shorter than this match only exactly. */
const PREFIX_MIN_LENGTH = 4;
/** At most this many index terms per prefix. */
const PREFIX_EXPANSIONS = 64;
/** Queries are cut to this many characters and terms (callers validate their own bounds before). */
const MAX_QUERY_TERMS = 16;
/**
 * The terms a query searches for (cut to the engine's bounds, analysed, prefix terms marked): the ranking uses
 * them, and so does the highlighting of the search page, so both see the same terms.
 */
export const queryTermsOf = (query: string): QueryTerm[] =>
  analyzeQuery(query.slice(0, MAX_QUERY_LENGTH))
    .slice(0, MAX_QUERY_TERMS)
    .map((term) => {
      const alternatives = SYNONYMS.get(term);
      return { term, prefix: term.length >= PREFIX_MIN_LENGTH, ...(alternatives && { alternatives }) };
    });

/** What an index may add to the plain ranking. */
export interface IndexOptions {
  /**
   * Routes to put first for a query's analysed terms, best first (the site's buyer intents, ./intents.ts); routes
   * not in the index, or outside the sections asked for, are skipped.
   */
  pins?(terms: readonly string[], query: string): readonly string[];
}

/** Term frequencies are stored in one byte per field. */
const MAX_TF = 255;

/** The compact index: everything the ranking needs, and exactly what is serialized. */
interface CompactIndex {
  /** Number of pages. */
  n: number;
  /** Terms, sorted (the term id is the position). */
  terms: string[];
  /** Postings of term t: positions offsets[t] .. offsets[t+1]-1. */
  offsets: Uint32Array;
  /** Page of each posting (ascending within a term). */
  docs: Uint16Array | Uint32Array;
  /** Term frequency per posting and field (F bytes per posting). */
  tfs: Uint8Array;
  /** Length in terms of each page's fields (F per page). */
  lengths: Uint32Array;
}

/** Analyses the pages into the compact index. */
function buildCompact(entries: readonly IndexEntry[]): CompactIndex {
  const n = entries.length;
  const lengths = new Uint32Array(n * F);
  const termIds = new Map<string, number>();
  const termList: string[] = [];
  /** Raw token (as in the text) → term id, so folding and stemming run once per distinct token; -1 for stop words. */
  const tokenIds = new Map<string, number>();
  /** Per term: flat [doc, tf0, tf1, tf2, doc, …], docs ascending. */
  const lists: number[][] = [];
  const lastDoc: number[] = [];
  const lastSlot: number[] = [];

  let d = 0;
  let f = 0;
  let text = '';
  let length = 0;
  const onToken = (start: number, end: number, needsFold: boolean): void => {
    const raw = text.slice(start, end);
    let id = tokenIds.get(raw);
    if (id === undefined) {
      const term = termOf(raw, needsFold);
      if (term === null) id = -1;
      else {
        id = termIds.get(term);
        if (id === undefined) {
          id = lists.length;
          termIds.set(term, id);
          termList.push(term);
          lists.push([]);
          lastDoc.push(-1);
          lastSlot.push(0);
        }
      }
      tokenIds.set(raw, id);
    }
    if (id < 0) return;
    length++;
    const list = lists[id]!;
    if (lastDoc[id] !== d) {
      lastDoc[id] = d;
      lastSlot[id] = list.length;
      list.push(d, 0, 0, 0);
    }
    list[lastSlot[id]! + 1 + f]!++;
  };
  for (d = 0; d < n; d++) {
    const entry = entries[d]!;
    for (f = 0; f < F; f++) {
      text = entry[FIELDS[f]!];
      length = 0;
      scanTokens(text, onToken);
      lengths[d * F + f] = length;
    }
  }

  // Renumber terms in sorted order and pack the postings.
  const order = termList.map((_, i) => i).sort((a, b) => (termList[a]! < termList[b]! ? -1 : 1));
  let total = 0;
  for (const list of lists) total += list.length / (1 + F);
  const offsets = new Uint32Array(order.length + 1);
  const docs = new Uint32Array(total);
  const tfs = new Uint8Array(total * F);
  let p = 0;
  order.forEach((old, t) => {
    offsets[t] = p;
    const list = lists[old]!;
    for (let i = 0; i < list.length; i += 1 + F) {
      docs[p] = list[i]!;
      for (let k = 0; k < F; k++) tfs[p * F + k] = Math.min(MAX_TF, list[i + 1 + k]!);
      p++;
    }
  });
  offsets[order.length] = p;
  return { n, terms: order.map((i) => termList[i]!), offsets, docs, tfs, lengths };
}

/** The serialized index (JSON): binary arrays in base64, terms joined by newlines. */
export interface SerializedSearchIndex {
  formato: 2;
  paginas: number;
  /** Fingerprint of the pages' routes, in order: the index only fits the page list it was built from. */
  rotas: string;
  termos: string;
  offsets: string;
  /** Pages of the postings (two bytes each up to 65,536 pages, else four), base64. */
  docs: string;
  tfs: string;
  lengths: string;
}

/** FNV-1a over the routes, in order (cheap, enough to detect a stale index). */
function fingerprint(entries: readonly IndexEntry[]): string {
  let h = 0x811c9dc5;
  for (const e of entries) {
    for (let i = 0; i < e.rota.length; i++) h = Math.imul(h ^ e.rota.charCodeAt(i), 0x01000193) >>> 0;
    h = Math.imul(h ^ 10, 0x01000193) >>> 0;
  }
  return `${entries.length}:${h.toString(16)}`;
}

const toBase64 = (array: Uint8Array | Uint16Array | Uint32Array): string => Buffer.from(array.buffer, array.byteOffset, array.byteLength).toString('base64');
function fromBase64(text: string): Uint8Array {
  const bytes = Buffer.from(text, 'base64');
  // Copy into a fresh, aligned buffer (Buffer slices may share an unaligned pool).
  const out = new Uint8Array(bytes.byteLength);
  out.set(bytes);
  return out;
}
/** Postings' pages in two bytes each while the index has at most 65,536 pages (decoding stays a native copy). */
const docsWidth = (n: number): 2 | 4 => (n <= 0x10000 ? 2 : 4);
const packDocs = (docs: Uint16Array | Uint32Array, n: number): Uint16Array | Uint32Array => (docsWidth(n) === 2 ? Uint16Array.from(docs) : docs);

const u32 = (text: string): Uint32Array => {
  const bytes = fromBase64(text);
  return new Uint32Array(bytes.buffer, 0, bytes.byteLength / 4);
};

function ranker(compact: CompactIndex, entries: readonly IndexEntry[], indexOptions: IndexOptions = {}): SearchIndex {
  const { n, terms, offsets, docs, tfs, lengths } = compact;
  const docOf = new Map(entries.map((e, d) => [e.rota, d]));
  const averages = [0, 0, 0];
  for (let d = 0; d < n; d++) for (let f = 0; f < F; f++) averages[f]! += lengths[d * F + f]!;
  for (let f = 0; f < F; f++) averages[f] = n ? Math.max(1, averages[f]! / n) : 1;
  /** Per page and field: 1 / BM25 length normalization. */
  const factors = new Float64Array(n * F);
  for (let d = 0; d < n; d++) {
    for (let f = 0; f < F; f++) {
      factors[d * F + f] = 1 / (1 - FIELD_B[f]! + (FIELD_B[f]! * lengths[d * F + f]!) / averages[f]!);
    }
  }
  /**
   * Per posting, the weighted sum of the fields' saturated term weights, Σ w_f · tf'_f / (k1 + tf'_f): a query
   * only multiplies it by the idf. Saturating per field (rather than BM25F's single saturation) keeps a title
   * match worth more than many mentions in a long text. Computed per term on first use, so loading an index
   * costs nothing per posting.
   */
  const saturated = new Float32Array(docs.length);
  const ready = new Uint8Array(terms.length);
  const prepare = (t: number): void => {
    ready[t] = 1;
    for (let p = offsets[t]!, end = offsets[t + 1]!; p < end; p++) {
      const base = docs[p]! * F;
      let sum = 0;
      for (let f = 0; f < F; f++) {
        const tf = tfs[p * F + f]! * factors[base + f]!;
        if (tf > 0) sum += (FIELD_WEIGHTS[f]! * tf) / (K1 + tf);
      }
      saturated[p] = sum;
    }
  };

  /** First term id >= `term` (binary search over the sorted terms). */
  const lowerBound = (term: string): number => {
    let lo = 0;
    let hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (terms[mid]! < term) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const idf = (t: number): number => {
    const df = offsets[t + 1]! - offsets[t]!;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  };

  const totals = new Float64Array(n);
  const best = new Float64Array(n);
  const matched = new Uint8Array(n);
  /** Epoch stamps instead of clearing arrays: `termStamp` per query term, `queryStamp` per query. */
  const termStamp = new Uint32Array(n);
  const queryStamp = new Uint32Array(n);
  /** `textStamp[d] === termEpoch`: the current query term occurs in the text of page d. */
  const textStamp = new Uint32Array(n);
  /** Per page, bit i set when query term i occurs in its text (the snippet looks only for those). */
  const textMask = new Uint32Array(n);
  let epoch = 0;

  /** Pages and scores, best first (at most `limit`). */
  let lastQueryEpoch = 0;
  function rank(queryTerms: readonly QueryTerm[], limit: number, sections: ReadonlySet<string> | undefined): { d: number; score: number; inText: number }[] {
    const touched: number[] = [];
    const queryEpoch = ++epoch;
    lastQueryEpoch = queryEpoch;
    for (let qi = 0; qi < queryTerms.length; qi++) {
      const { term, prefix, alternatives } = queryTerms[qi]!;
      const termEpoch = ++epoch;
      const seen: number[] = [];
      /** Scores the postings of index term `t` at weight `w` (a page keeps the best of the query term's expansions). */
      const visit = (t: number, w: number): void => {
        if (ready[t] === 0) prepare(t);
        for (let p = offsets[t]!, end = offsets[t + 1]!; p < end; p++) {
          const d = docs[p]!;
          const score = w * saturated[p]!;
          if (termStamp[d] !== termEpoch) {
            termStamp[d] = termEpoch;
            best[d] = score;
            seen.push(d);
          } else if (score > best[d]!) best[d] = score;
          if (tfs[p * F + TEXT]! > 0) textStamp[d] = termEpoch;
        }
      };
      const first = lowerBound(term);
      for (let t = first, expansions = 0; t < terms.length; t++) {
        const candidate = terms[t]!;
        const exact = candidate === term;
        if (!exact && (!prefix || !candidate.startsWith(term) || ++expansions > PREFIX_EXPANSIONS)) break;
        visit(t, (exact ? 1 : PREFIX_WEIGHT) * idf(t));
      }
      for (const alternative of alternatives ?? []) {
        const t = lowerBound(alternative);
        if (terms[t] === alternative) visit(t, SYNONYM_WEIGHT * idf(t));
      }
      const bit = 1 << qi;
      for (let i = 0; i < seen.length; i++) {
        const d = seen[i]!;
        if (queryStamp[d] !== queryEpoch) {
          queryStamp[d] = queryEpoch;
          matched[d] = 1;
          totals[d] = best[d]!;
          textMask[d] = 0;
          touched.push(d);
        } else {
          matched[d]!++;
          totals[d]! += best[d]!;
        }
        if (textStamp[d] === termEpoch) textMask[d]! |= bit;
      }
    }

    // Top `limit` by score (ties by route), with the coordination factor: a page with every term of the
    // query beats one with some of them.
    const topDocs: number[] = [];
    const topScores: number[] = [];
    const termCount = queryTerms.length;
    for (let i = 0; i < touched.length; i++) {
      const d = touched[i]!;
      const coord = matched[d]! / termCount;
      const score = totals[d]! * coord * coord;
      const full = topDocs.length === limit;
      if (full && score < topScores[limit - 1]!) continue;
      if (sections && !sections.has(entries[d]!.secao)) continue;
      const better = (k: number): boolean => score > topScores[k]! || (score === topScores[k]! && entries[d]!.rota < entries[topDocs[k]!]!.rota);
      if (full && !better(limit - 1)) continue;
      let k = full ? limit - 1 : topDocs.length;
      while (k > 0 && better(k - 1)) {
        topDocs[k] = topDocs[k - 1]!;
        topScores[k] = topScores[k - 1]!;
        k--;
      }
      topDocs[k] = d;
      topScores[k] = score;
    }
    return topDocs.map((d, k) => ({ d, score: topScores[k]!, inText: textMask[d]! }));
  }

  /**
   * The pinned pages (`options.pins`) first, in their order, scored just above the best of the rest; then the
   * ranking without them. A pinned page the query also matched keeps its text matches for the snippet.
   */
  function withPins(top: { d: number; score: number; inText: number }[], pinned: readonly number[], limit: number) {
    if (pinned.length === 0) return top;
    const head = top.find((r) => !pinned.includes(r.d))?.score ?? 0;
    const pins = pinned.map((d, i) => ({ d, score: head + (pinned.length - i) * PIN_STEP, inText: queryStamp[d] === lastQueryEpoch ? textMask[d]! : 0 }));
    return [...pins, ...top.filter((r) => !pinned.includes(r.d))].slice(0, limit);
  }

  function prepareQuery(query: string, options: SearchOptions) {
    const limit = Math.max(0, Math.floor(options.limite));
    if (limit === 0 || n === 0) return undefined;
    const queryTerms = queryTermsOf(query);
    if (queryTerms.length === 0) return undefined;
    const sections = options.secoes?.length ? new Set(options.secoes) : undefined;
    const pinned = [...new Set((indexOptions.pins?.(queryTerms.map((t) => t.term), query) ?? []).map((rota) => docOf.get(rota)))].filter(
      (d): d is number => d !== undefined && (!sections || sections.has(entries[d]!.secao)),
    );
    return { queryTerms, top: withPins(rank(queryTerms, limit + pinned.length, sections), pinned, limit) };
  }

  function search(query: string, options: SearchOptions): SearchResult[] {
    const prepared = prepareQuery(query, options);
    if (!prepared) return [];
    return prepared.top.map(({ d, score, inText }) => {
      const entry = entries[d]!;
      // Look in the text only for the terms the index says it contains (none: the snippet is its opening).
      const inTextTerms = inText === (1 << prepared.queryTerms.length) - 1 ? prepared.queryTerms : prepared.queryTerms.filter((_, i) => inText & (1 << i));
      return {
        rota: entry.rota,
        url: entry.url,
        titulo: entry.titulo,
        descricao: entry.descricao,
        secao: entry.secao,
        pontuacao: Math.round(score * 10_000) / 10_000,
        trecho: makeSnippet(entry.texto, inTextTerms),
      };
    });
  }

  function ranked(query: string, options: SearchOptions): { rota: string; pontuacao: number }[] {
    const prepared = prepareQuery(query, options);
    if (!prepared) return [];
    return prepared.top.map(({ d, score }) => ({ rota: entries[d]!.rota, pontuacao: Math.round(score * 10_000) / 10_000 }));
  }

  return { search, ranked, size: n };
}

/** Builds the search index over `entries` (analyses every page). */
export function createSearchIndex(entries: readonly IndexEntry[], options?: IndexOptions): SearchIndex {
  return ranker(buildCompact(entries), entries, options);
}

/** Builds and serializes the index of `entries` (done at build time; see `loadSearchIndex`). */
export function serializeSearchIndex(entries: readonly IndexEntry[]): SerializedSearchIndex {
  const c = buildCompact(entries);
  return {
    formato: 2,
    paginas: c.n,
    rotas: fingerprint(entries),
    termos: c.terms.join('\n'),
    offsets: toBase64(c.offsets),
    docs: toBase64(packDocs(c.docs, c.n)),
    tfs: toBase64(c.tfs),
    lengths: toBase64(c.lengths),
  };
}

/**
 * Loads a serialized index for `entries` (the same pages, in the same order, as when it was built): no text
 * is analysed. Returns undefined when the index does not fit the pages (stale or foreign).
 */
export function loadSearchIndex(serialized: SerializedSearchIndex, entries: readonly IndexEntry[], options?: IndexOptions): SearchIndex | undefined {
  if (serialized.formato !== 2 || serialized.paginas !== entries.length || serialized.rotas !== fingerprint(entries)) return undefined;
  const offsets = u32(serialized.offsets);
  const bytes = fromBase64(serialized.docs);
  const docs = docsWidth(entries.length) === 2 ? new Uint16Array(bytes.buffer, 0, bytes.byteLength >> 1) : new Uint32Array(bytes.buffer, 0, bytes.byteLength >> 2);
  const compact: CompactIndex = {
    n: entries.length,
    terms: serialized.termos === '' ? [] : serialized.termos.split('\n'),
    offsets,
    docs,
    tfs: fromBase64(serialized.tfs),
    lengths: u32(serialized.lengths),
  };
  if (compact.offsets.length !== compact.terms.length + 1 || compact.lengths.length !== compact.n * F || compact.tfs.length !== compact.docs.length * F) {
    return undefined;
  }
  return ranker(compact, entries, options);
}

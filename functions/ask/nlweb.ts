/**
 * The NLWeb core of `/ask`: normalizes the three request shapes into one question, runs the shared lexical
 * search and renders the answer as JSON or as one of three SSE dialects: v0.55 named events (object queries),
 * v0.54 unnamed events (string queries, or clients pinned below 0.55) and the legacy `message_type` frames (GET).
 * Pure apart from the search it is given.
 */
import { randomUUID } from 'node:crypto';
import { twinUrl } from '../../src/model/routes.ts';
import type { SearchIndex } from '../search/engine.ts';
import type { SearchResult } from '../search/types.ts';
import { ANSWER_DATA_NOTICE, type AskAnswer, type AskResult, DEFAULT_RESULTS, MAX_RESULTS, NLWEB_STREAM_VERSION, NLWEB_VERSION } from './schemas.ts';

export interface AskQuestion {
  text: string;
  streaming: boolean;
  maxResults: number;
  minScore?: number;
  queryId: string;
  /** The SSE dialect of a streamed answer (`AskStream`). */
  stream: AskStream;
}

/**
 * `v055`: named events `start` / `result` (one per item) / `complete` (NLWeb 0.55, chosen for an object `query`);
 * `v054`: unnamed `{_meta}` then `{results}` (string queries, and object queries pinned below 0.55);
 * `legado`: the `message_type` frames (begin / result / end) of GET.
 */
export type AskStream = 'v055' | 'v054' | 'legado';

/**
 * Whether a client's `meta.api_version` (e.g. "0.54") names a version below the named-event dialect's. NLWeb numbers
 * its versions as decimals (0.5, 0.54, 0.55; the TypeSpec's "0.5.03"), so they compare as decimals.
 */
export function belowStreamVersion(version: string): boolean {
  const n = Number.parseFloat(version);
  return Number.isFinite(n) && n < Number.parseFloat(NLWEB_STREAM_VERSION);
}

const FALSE = new Set(['false', '0', 'no']);
/** `true`/`false` from a boolean or a query-string flag; undefined when absent. */
export const flagValue = (value: unknown): boolean | undefined =>
  value === undefined || value === null ? undefined : typeof value === 'boolean' ? value : !FALSE.has(String(value).toLowerCase());

export const clampResults = (value: unknown): number => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  return Number.isFinite(n) && n >= 1 ? Math.min(MAX_RESULTS, Math.floor(n)) : DEFAULT_RESULTS;
};

export const newQueryId = (): string => `q_${randomUUID().replaceAll('-', '').slice(0, 20)}`;

/** schema.org type of a page, by route (the same types the pages' JSON-LD uses where one exists). */
export function schemaTypeOf(rota: string): { type: string; id: (url: string) => string } {
  if (rota.startsWith('blog/')) return { type: 'BlogPosting', id: (url) => `${url}#artigo` };
  if (rota.startsWith('solucoes/')) return { type: 'Service', id: (url) => `${url}#servico` };
  if (rota === 'blog' || rota === 'solucoes' || rota === 'objetivos') return { type: 'CollectionPage', id: (url) => url };
  if (rota.endsWith('perguntas-frequentes')) return { type: 'FAQPage', id: (url) => url };
  if (rota === 'contato') return { type: 'ContactPage', id: (url) => url };
  if (rota === 'sobre') return { type: 'AboutPage', id: (url) => url };
  return { type: 'WebPage', id: (url) => url };
}

/** Search results as schema.org objects with a 0–100 score relative to the best one. */
export function toResults(hits: readonly SearchResult[], origin: string): AskResult[] {
  const top = hits.reduce((max, h) => Math.max(max, h.pontuacao), 0);
  const site = new URL(origin).host;
  return hits.map((h) => {
    const { type, id } = schemaTypeOf(h.rota);
    return {
      '@context': 'https://schema.org' as const,
      '@type': type,
      '@id': id(h.url),
      url: h.url,
      name: h.titulo,
      description: h.descricao,
      score: top > 0 ? Math.max(1, Math.round((100 * h.pontuacao) / top)) : 0,
      site,
      inLanguage: 'pt-BR' as const,
      encoding: { '@type': 'MediaObject' as const, contentUrl: twinUrl(origin, h.rota), encodingFormat: 'text/markdown' as const },
      grounding: { source_urls: [h.url] },
    };
  });
}

export function answer(question: AskQuestion, search: SearchIndex, origin: string): AskAnswer {
  const hits = search.search(question.text, { limite: question.maxResults });
  let results = toResults(hits, origin);
  if (question.minScore !== undefined) results = results.filter((r) => r.score >= question.minScore!);
  return {
    _meta: { response_type: 'Answer', version: NLWEB_VERSION, decontextualized_query: question.text, aviso: ANSWER_DATA_NOTICE },
    query_id: question.queryId,
    results,
  };
}

const event = (value: unknown, name?: string): string => `${name ? `event: ${name}\n` : ''}data: ${JSON.stringify(value)}\n\n`;

/** The SSE body in the question's dialect (`AskStream`). `origin` names the site in the v0.55 `start` event. */
export function sseBody(question: AskQuestion, body: AskAnswer, origin: string, now = Date.now()): string {
  if (question.stream === 'v055') {
    const meta = { version: NLWEB_STREAM_VERSION, response_type: 'answer', mode: 'list', site: new URL(origin).host, decontextualized_query: body._meta.decontextualized_query };
    return (
      event({ _meta: meta, streaming: true }, 'start') +
      body.results.map((item, index) => event({ index, item }, 'result')).join('') +
      event({ _meta: { version: NLWEB_STREAM_VERSION } }, 'complete')
    );
  }
  if (question.stream === 'v054') return event({ _meta: body._meta }) + event({ results: body.results });
  return (
    event({ message_type: 'begin-nlweb-response', conversation_id: body.query_id, query: question.text, timestamp: now }) +
    event({ message_type: 'result', conversation_id: body.query_id, content: body.results }) +
    event({ message_type: 'end-nlweb-response', conversation_id: body.query_id, timestamp: Date.now() })
  );
}

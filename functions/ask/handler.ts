/**
 * `/ask` (NLWeb) over the shared lexical search. GET `?query=…&streaming=false` and POST
 * `{ "query": { "text": … }, "prefer": { "streaming": false } }` answer JSON; streaming (the NLWeb default)
 * answers `text/event-stream`: NLWeb 0.55 named events for an object `query`, the 0.54 unnamed events for a string
 * `query` or a client pinned below 0.55 (`meta.api_version`), the legacy `message_type` frames for GET. A request that states no `streaming` but accepts only `application/json`
 * gets JSON. Empty query → 400 `invalid_request`; body over 64 KB → 413. Open to browsers (CORS `*`).
 */
import type { z } from 'zod';
import ptBR from 'zod/v4/locales/pt-BR.js';
import { accepts as acceptsType } from '../edge/accept.ts';
import { ASK_PATH } from '../../src/model/paths.ts';
import { isJsonMediaType, MAX_BODY_BYTES, parseJson } from '../http/body.ts';
import { cors, methods, readBody, validate, type Validated } from '../http/steps.ts';
import { byPath, route, type RouteExchange } from '../route.ts';
import { siteSearch } from '../search/index.ts';
import { type AskQuestion, answer, belowStreamVersion, clampResults, flagValue, newQueryId, sseBody } from './nlweb.ts';
import { MAX_QUERY_CHARS, askGetParamsSchema, askPostBodySchema } from './schemas.ts';

const METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS'] as const;
const ptBRErrors = ptBR().localeError;

const invalid = (description: string): Parsed => ({ ok: false, problem: { error: 'invalid_request', description } });

const issuesText = (error: z.ZodError): string =>
  error.issues.map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`).join('; ');

/** Only JSON accepted (no event stream, not even through a wildcard), no preference stated: answer JSON. */
const prefersJson = (request: Request): boolean => {
  const accept = request.headers.get('accept');
  return acceptsType(accept, 'application/json', false) && !acceptsType(accept, 'text/event-stream', true);
};

type Parsed = Validated<AskQuestion>;

function fromParams(params: URLSearchParams, request: Request): Parsed {
  const raw: Record<string, string> = Object.fromEntries([...params.keys()].map((k) => [k, params.get(k) ?? '']));
  raw.query ??= '';
  const parsed = askGetParamsSchema.safeParse(raw, { error: ptBRErrors });
  if (!parsed.success) return invalid(`Parâmetros inválidos: ${issuesText(parsed.error)}.`);
  const p = parsed.data;
  const streaming = flagValue(p.streaming);
  return {
    ok: true,
    value: {
      text: p.query.trim(),
      streaming: streaming ?? !prefersJson(request),
      maxResults: clampResults(p.max_results ?? p.num_results),
      queryId: p.query_id ?? newQueryId(),
      stream: 'legado',
    },
  };
}

/** An empty body: the query may still come in the URL. */
const emptyBody = (url: URL, request: Request): Parsed =>
  url.searchParams.has('query')
    ? fromParams(url.searchParams, request)
    : invalid('Informe a consulta: corpo JSON {"query":{"text":"…"}} ou o parâmetro query.');

/** A POST's question: a form, or JSON (`application/json`, `+json`, `text/plain` or no type), read by the body step. */
function fromBody(x: RouteExchange): Parsed {
  const { request, url } = x;
  const { text, type } = x.found.body ?? { text: '', type: '' };
  if (type === 'application/x-www-form-urlencoded') return text.trim() === '' ? emptyBody(url, request) : fromParams(new URLSearchParams(text), request);
  const json = parseJson(text, askPostBodySchema, { error: ptBRErrors });
  if (!json.ok && json.reason === 'empty') return emptyBody(url, request);
  if (type !== '' && !isJsonMediaType(type) && type !== 'text/plain') {
    return { ok: false, problem: { error: 'unsupported_media_type', description: 'Envie o corpo como application/json: {"query":{"text":"…"}}.' } };
  }
  if (!json.ok && json.reason === 'syntax') return invalid('JSON inválido no corpo. Formato: {"query":{"text":"…"},"prefer":{"streaming":false}}.');
  if (!json.ok) return invalid(`Corpo fora do formato {"query":{"text":"…"}}: ${json.error ? issuesText(json.error) : 'formato inesperado'}.`);
  const b = json.value;
  const objectQuery = typeof b.query !== 'string';
  const query = typeof b.query === 'string' ? { text: b.query } : b.query;
  const pinned = b.meta?.api_version;
  const prefer = b.prefer ?? b.return_response;
  const streaming = flagValue(prefer?.streaming) ?? flagValue(b.streaming) ?? flagValue(url.searchParams.get('streaming'));
  return {
    ok: true,
    value: {
      text: (query.decontextualized_query?.trim() || query.text).trim(),
      streaming: streaming ?? !prefersJson(request),
      maxResults: clampResults(query.max_results ?? b.max_results),
      ...(query.min_score !== undefined ? { minScore: query.min_score } : {}),
      queryId: b.query_id ?? newQueryId(),
      stream: objectQuery && !(pinned !== undefined && belowStreamVersion(pinned)) ? 'v055' : 'v054',
    },
  };
}

/** The question of a request: GET's query string, or POST's body; empty or too long → 400. */
function questionOf(x: RouteExchange): Parsed {
  const parsed = x.method === 'POST' ? fromBody(x) : fromParams(x.url.searchParams, x.request);
  if (!parsed.ok) return parsed;
  const question = parsed.value;
  if (question.text === '') return invalid('A consulta está vazia: informe query (GET) ou query.text (POST) com ao menos uma palavra.');
  if (question.text.length > MAX_QUERY_CHARS) return invalid(`Consulta longa demais: o limite é ${MAX_QUERY_CHARS} caracteres.`);
  return parsed;
}

/** The answer: JSON, or the NLWeb event stream. */
function answerQuestion(question: AskQuestion, x: RouteExchange): Response {
  const origin = x.context.config.origin;
  const body = answer(question, siteSearch(origin), origin);
  if (!question.streaming) {
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', vary: 'Accept' } });
  }
  return new Response(sseBody(question, body, origin), {
    status: 200,
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'x-accel-buffering': 'no', vary: 'Accept' },
  });
}

const askRoute = route<AskQuestion>({
  name: 'ask',
  steps: [
    cors(),
    methods({ methods: METHODS, cors: {}, notAllowed: (method) => `Método ${method} não permitido em /ask: use GET ou POST.` }),
    readBody({
      limit: MAX_BODY_BYTES,
      tooLarge: { error: 'payload_too_large', description: 'Corpo da requisição acima de 64 KB.' },
      unreadable: { error: 'invalid_request', description: 'Corpo ilegível: envie JSON em UTF-8.' },
    }),
    validate(questionOf),
  ],
  handle: answerQuestion,
});

export default byPath([[ASK_PATH, askRoute]]);

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
import { errorResponse } from '../http/errors.ts';
import { isJsonMediaType, MAX_BODY_BYTES, mediaType, readBodyText, readJson } from '../http/body.ts';
import { withCors } from '../http/cors.ts';
import { answerMethod } from '../http/methods.ts';
import type { Handler } from '../context.ts';
import { siteSearch } from '../search/index.ts';
import { type AskQuestion, answer, belowStreamVersion, clampResults, flagValue, newQueryId, sseBody } from './nlweb.ts';
import { MAX_QUERY_CHARS, askGetParamsSchema, askPostBodySchema } from './schemas.ts';

const METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS'] as const;
const ptBRErrors = ptBR().localeError;

const invalid = (description: string) => withCors(errorResponse('invalid_request', description));

const issuesText = (error: z.ZodError): string =>
  error.issues.map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`).join('; ');

/** Only JSON accepted (no event stream, not even through a wildcard), no preference stated: answer JSON. */
const prefersJson = (request: Request): boolean => {
  const accept = request.headers.get('accept');
  return acceptsType(accept, 'application/json', false) && !acceptsType(accept, 'text/event-stream', true);
};

type Parsed = { ok: true; question: AskQuestion } | { ok: false; response: Response };

function fromParams(params: URLSearchParams, request: Request): Parsed {
  const raw: Record<string, string> = Object.fromEntries([...params.keys()].map((k) => [k, params.get(k) ?? '']));
  raw.query ??= '';
  const parsed = askGetParamsSchema.safeParse(raw, { error: ptBRErrors });
  if (!parsed.success) return { ok: false, response: invalid(`Parâmetros inválidos: ${issuesText(parsed.error)}.`) };
  const p = parsed.data;
  const streaming = flagValue(p.streaming);
  return {
    ok: true,
    question: {
      text: p.query.trim(),
      streaming: streaming ?? !prefersJson(request),
      maxResults: clampResults(p.max_results ?? p.num_results),
      queryId: p.query_id ?? newQueryId(),
      stream: 'legado',
    },
  };
}

const unreadable = (reason: 'too_large' | 'encoding' | 'read'): Parsed =>
  reason === 'too_large'
    ? { ok: false, response: withCors(errorResponse('payload_too_large', 'Corpo da requisição acima de 64 KB.')) }
    : { ok: false, response: invalid('Corpo ilegível: envie JSON em UTF-8.') };

/** An empty body: the query may still come in the URL. */
const emptyBody = (url: URL, request: Request): Parsed =>
  url.searchParams.has('query')
    ? fromParams(url.searchParams, request)
    : { ok: false, response: invalid('Informe a consulta: corpo JSON {"query":{"text":"…"}} ou o parâmetro query.') };

async function fromBody(request: Request, url: URL): Promise<Parsed> {
  const type = mediaType(request);
  if (type === 'application/x-www-form-urlencoded') {
    const body = await readBodyText(request);
    if (!body.ok) return unreadable(body.reason);
    return body.text.trim() === '' ? emptyBody(url, request) : fromParams(new URLSearchParams(body.text), request);
  }
  const json = await readJson(request, askPostBodySchema, MAX_BODY_BYTES, { error: ptBRErrors });
  if (!json.ok && (json.reason === 'too_large' || json.reason === 'encoding' || json.reason === 'read')) return unreadable(json.reason);
  if (!json.ok && json.reason === 'empty') return emptyBody(url, request);
  if (type !== '' && !isJsonMediaType(type) && type !== 'text/plain') {
    return { ok: false, response: withCors(errorResponse('unsupported_media_type', 'Envie o corpo como application/json: {"query":{"text":"…"}}.')) };
  }
  if (!json.ok && json.reason === 'syntax') return { ok: false, response: invalid('JSON inválido no corpo. Formato: {"query":{"text":"…"},"prefer":{"streaming":false}}.') };
  if (!json.ok) return { ok: false, response: invalid(`Corpo fora do formato {"query":{"text":"…"}}: ${json.error ? issuesText(json.error) : 'formato inesperado'}.`) };
  const b = json.value;
  const objectQuery = typeof b.query !== 'string';
  const query = typeof b.query === 'string' ? { text: b.query } : b.query;
  const pinned = b.meta?.api_version;
  const prefer = b.prefer ?? b.return_response;
  const streaming = flagValue(prefer?.streaming) ?? flagValue(b.streaming) ?? flagValue(url.searchParams.get('streaming'));
  return {
    ok: true,
    question: {
      text: (query.decontextualized_query?.trim() || query.text).trim(),
      streaming: streaming ?? !prefersJson(request),
      maxResults: clampResults(query.max_results ?? b.max_results),
      ...(query.min_score !== undefined ? { minScore: query.min_score } : {}),
      queryId: b.query_id ?? newQueryId(),
      stream: objectQuery && !(pinned !== undefined && belowStreamVersion(pinned)) ? 'v055' : 'v054',
    },
  };
}

const ask: Handler = async (request, context) => {
  const url = new URL(request.url);
  const refused = await answerMethod(request, { methods: METHODS, cors: {}, notAllowed: (method) => `Método ${method} não permitido em /ask: use GET ou POST.` });
  if (refused) return refused;

  const parsed = request.method === 'POST' ? await fromBody(request, url) : fromParams(url.searchParams, request);
  if (!parsed.ok) return parsed.response;
  const { question } = parsed;
  if (question.text === '') return invalid('A consulta está vazia: informe query (GET) ou query.text (POST) com ao menos uma palavra.');
  if (question.text.length > MAX_QUERY_CHARS) return invalid(`Consulta longa demais: o limite é ${MAX_QUERY_CHARS} caracteres.`);

  const origin = context.config.origin;
  const body = answer(question, siteSearch(origin), origin);
  if (!question.streaming) {
    return withCors(
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', vary: 'Accept' } }),
    );
  }
  return withCors(
    new Response(sseBody(question, body, origin), {
      status: 200,
      headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'x-accel-buffering': 'no', vary: 'Accept' },
    }),
  );
};

export default ask;

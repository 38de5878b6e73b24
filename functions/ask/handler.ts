/**
 * `/ask` (NLWeb) over the shared lexical search. GET `?query=…&streaming=false` and POST
 * `{ "query": { "text": … }, "prefer": { "streaming": false } }` answer JSON; streaming (the NLWeb default)
 * answers `text/event-stream`. A request that states no `streaming` but accepts only `application/json`
 * gets JSON. Empty query → 400 `invalid_request`; body over 64 KB → 413. Open to browsers (CORS `*`).
 */
import type { z } from 'zod';
import ptBR from 'zod/v4/locales/pt-BR.js';
import { errorResponse } from '../http/errors.ts';
import { isJsonMediaType, mediaType, readBodyText } from '../http/body.ts';
import { preflightResponse, withCors } from '../http/cors.ts';
import type { Handler } from '../http/types.ts';
import { siteSearch } from '../search/index.ts';
import { type AskQuestion, answer, clampResults, flagValue, newQueryId, sseBody } from './nlweb.ts';
import { MAX_QUERY_CHARS, askGetParamsSchema, askPostBodySchema } from './schemas.ts';

const METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS'] as const;
const ptBRErrors = ptBR().localeError;

const invalid = (description: string) => withCors(errorResponse('invalid_request', description));

const issuesText = (error: z.ZodError): string =>
  error.issues.map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`).join('; ');

/** Only JSON accepted, no preference stated: answer JSON. */
const prefersJson = (request: Request): boolean => {
  const accept = (request.headers.get('accept') ?? '').toLowerCase();
  return accept.includes('application/json') && !accept.includes('text/event-stream') && !accept.includes('*/*');
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
      legacyStream: true,
    },
  };
}

async function fromBody(request: Request, url: URL): Promise<Parsed> {
  const type = mediaType(request);
  const body = await readBodyText(request);
  if (!body.ok) {
    if (body.reason === 'too_large') return { ok: false, response: withCors(errorResponse('payload_too_large', 'Corpo da requisição acima de 64 KB.')) };
    return { ok: false, response: invalid('Corpo ilegível: envie JSON em UTF-8.') };
  }
  if (body.text.trim() === '') {
    if (url.searchParams.has('query')) return fromParams(url.searchParams, request);
    return { ok: false, response: invalid('Informe a consulta: corpo JSON {"query":{"text":"…"}} ou o parâmetro query.') };
  }
  if (type === 'application/x-www-form-urlencoded') return fromParams(new URLSearchParams(body.text), request);
  if (type !== '' && !isJsonMediaType(type) && type !== 'text/plain') {
    return { ok: false, response: withCors(errorResponse('unsupported_media_type', 'Envie o corpo como application/json: {"query":{"text":"…"}}.')) };
  }
  let json: unknown;
  try {
    json = JSON.parse(body.text);
  } catch {
    return { ok: false, response: invalid('JSON inválido no corpo. Formato: {"query":{"text":"…"},"prefer":{"streaming":false}}.') };
  }
  const parsed = askPostBodySchema.safeParse(json, { error: ptBRErrors });
  if (!parsed.success) return { ok: false, response: invalid(`Corpo fora do formato {"query":{"text":"…"}}: ${issuesText(parsed.error)}.`) };
  const b = parsed.data;
  const query = typeof b.query === 'string' ? { text: b.query } : b.query;
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
      legacyStream: false,
    },
  };
}

const ask: Handler = async (request, context) => {
  const url = new URL(request.url);
  if (request.method === 'OPTIONS') return preflightResponse(METHODS);
  if (!(METHODS as readonly string[]).includes(request.method)) {
    return withCors(errorResponse('method_not_allowed', `Método ${request.method} não permitido em /ask: use GET ou POST.`, { headers: { Allow: METHODS.join(', ') } }));
  }

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
    new Response(sseBody(question, body), {
      status: 200,
      headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'x-accel-buffering': 'no', vary: 'Accept' },
    }),
  );
};

export default ask;

/**
 * `POST /a2a`: the site's A2A agent (protocol 1.0, checked against the 1.0.1 specification) over the JSON-RPC
 * binding, served by the official `@a2a-js/sdk` (`JsonRpcTransportHandler` over a `DefaultRequestHandler`) without
 * its Express adapter, so the same web-standard handler runs on Netlify and in the local server. `SendMessage`
 * answers JSON; `SendStreamingMessage` answers `text/event-stream` (one JSON-RPC response per SSE event).
 *
 * Tasks: a returned task is kept in the configured store for `A2A_TASK_TTL_SECONDS` (./task-store.ts), so
 * `GetTask` reads it back and `CancelTask` on it answers TaskNotCancelableError (-32002): it is finished when
 * returned (`returnImmediately` is ignored: the answer takes milliseconds and a function may stop after replying).
 *
 * Media types: requests in `application/json` or `application/a2a+json` (the A2A media type, §14.1, which 1.0.1
 * prefers); the answer is `application/a2a+json` when the client names it in `Accept` at least as high as
 * `application/json`, or sent its request in it without naming `application/json`; otherwise `application/json`.
 *
 * Statuses: every JSON-RPC response is HTTP 200, errors included (as the SDK's own server and the A2A TCK answer:
 * clients that check the status first must still get the A2A code); only a server fault (-32603) is a 500, and
 * it never shows its message. A 4xx is for what fails below JSON-RPC, still with a JSON-RPC error object: other
 * methods → 405 `Allow: POST, OPTIONS`; a non-JSON `Content-Type` → 415 (-32005); a body over 64 KB → 413; a body
 * that is not JSON (empty, cut, not UTF-8) → 400 parse error (-32700). JSON that is not one JSON-RPC request, or
 * nested deeper than 64 levels (the SDK would overflow the stack) → -32600; a message out of the spec's shape
 * (./message-params.ts) → -32602. Open to browsers (CORS `*`).
 */
import { A2A_CONTENT_TYPE, A2A_VERSION_HEADER, AgentCard, Extensions, HTTP_EXTENSION_HEADER, formatSSEErrorEvent, formatSSEEvent } from '@a2a-js/sdk';
import {
  DefaultRequestHandler,
  JsonRpcTransportHandler,
  UnauthenticatedUser,
  defaultServerCallContextBuilder,
  validateVersion,
} from '@a2a-js/sdk/server';
import { agentCard } from './card.ts';
import { z } from 'zod';
import { parseAccept, qualityOf } from '../edge/accept.ts';
import { A2A_PATH } from '../../src/model/paths.ts';
import { isJsonMediaType, MAX_BODY_BYTES, mediaType, parseJson } from '../http/body.ts';
import { MAX_JSON_DEPTH, jsonTooDeep } from '../http/json-depth.ts';
import { answerMethod } from '../http/methods.ts';
import type { Problem, Step } from '../http/pipeline.ts';
import { cors, readBody, validate, type Validated } from '../http/steps.ts';
import { byPath, route, type RouteExchange } from '../route.ts';
import { siteSearch } from '../search/index.ts';
import { siteAgentExecutor } from './agent.ts';
import { invalidMessage } from './message-params.ts';
import { StoredTaskStore } from './task-store.ts';
import { perOrigin } from '../memo.ts';

const METHODS = ['POST', 'OPTIONS'] as const;
/** Request headers of the A2A binding a browser agent may send (CORS preflight). */
const A2A_REQUEST_HEADERS = [A2A_VERSION_HEADER, HTTP_EXTENSION_HEADER] as const;

/** JSON-RPC / A2A error codes used by the front door. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const INTERNAL_ERROR = -32603;
const CONTENT_TYPE_NOT_SUPPORTED = -32005;

type RpcId = string | number | null;
interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** The media type of the answer (see the header comment): `application/a2a+json` when the client prefers it. */
export function answerMediaType(request: Request): string {
  const ranges = parseAccept(request.headers.get('accept'));
  const [type, subtype] = A2A_CONTENT_TYPE.split('/') as [string, string];
  const a2a = qualityOf(ranges, type, subtype, false);
  if (a2a > 0) return a2a >= qualityOf(ranges, 'application', 'json', true) ? A2A_CONTENT_TYPE : JSON_TYPE;
  // Not named: a request sent in the A2A media type is answered in it, unless the client names application/json
  // or rules the A2A type out.
  const acceptsA2a = ranges.length === 0 || qualityOf(ranges, type, subtype, true) > 0;
  return mediaType(request) === A2A_CONTENT_TYPE && acceptsA2a && qualityOf(ranges, 'application', 'json', false) === 0 ? A2A_CONTENT_TYPE : JSON_TYPE;
}

/** A JSON-RPC response body with the answer's media type; `status` only for transport failures and server faults. */
function rpcResponse(body: unknown, contentType: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': contentType, 'cache-control': 'no-store', ...headers } });
}

/**
 * A JSON-RPC error: HTTP 200, or `transportStatus` for a failure below JSON-RPC. A server fault is logged and
 * answered 500 without its message.
 */
function rpcErrorResponse(id: RpcId, error: RpcError, contentType: string, transportStatus?: number): Response {
  if (error.code === INTERNAL_ERROR) {
    console.error('[a2a] erro interno', error);
    return rpcResponse({ jsonrpc: '2.0', id, error: { code: INTERNAL_ERROR, message: 'Erro interno inesperado. Tente novamente em instantes.' } }, contentType, 500);
  }
  return rpcResponse({ jsonrpc: '2.0', id, error }, contentType, transportStatus);
}

const isRpcId = (value: unknown): value is RpcId | undefined =>
  value === undefined || value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

/** One JSON-RPC 2.0 request object (A2A has no batches). */
function isRpcRequest(value: unknown): value is { jsonrpc: '2.0'; method: string; id?: RpcId; params?: unknown } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return v.jsonrpc === '2.0' && typeof v.method === 'string' && v.method !== '' && isRpcId(v.id);
}

/** The card as the SDK reads it, per origin (the same card `/.well-known/agent-card.json` serves). */
const cardFor = perOrigin((origin) => AgentCard.fromJSON(agentCard(origin)));

/** An SSE body from the SDK's stream of JSON-RPC responses; a failure mid-stream ends it with an `error` event. */
function sseStream(first: unknown, rest: AsyncIterator<unknown>, id: RpcId): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let sentFirst = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!sentFirst) {
        sentFirst = true;
        controller.enqueue(encoder.encode(formatSSEEvent(first)));
        return;
      }
      try {
        const next = await rest.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(formatSSEEvent(next.value)));
      } catch (error) {
        console.error('[a2a] falha no fluxo SSE', error);
        const mapped = JsonRpcTransportHandler.mapToJSONRPCError(error);
        const safe = mapped.code === INTERNAL_ERROR ? { code: INTERNAL_ERROR, message: 'Erro interno inesperado durante o fluxo.' } : mapped;
        controller.enqueue(encoder.encode(formatSSEErrorEvent({ jsonrpc: '2.0', id, error: safe })));
        controller.close();
      }
    },
    async cancel() {
      await rest.return?.();
    },
  });
}

/** Any JSON value: the JSON-RPC shape is checked by `isRpcRequest`, which keeps the request's id for the error. */
const anyJson = z.unknown();

/** A problem as a JSON-RPC error: the JSON-RPC code it carries, the transport status (a 400/413/415) when below JSON-RPC. */
interface RpcProblem {
  id: RpcId;
  error: RpcError;
  /** The HTTP status of a failure below JSON-RPC; absent: 200. */
  transport?: number;
}

const rpcProblem = (detail: RpcProblem, description = detail.error.message): Problem => ({ error: 'invalid_request', description, detail });

/** One JSON-RPC request of the A2A binding, with the server call context the SDK reads (headers, version, extensions). */
interface A2aRequest {
  parsed: { jsonrpc: '2.0'; method: string; id?: RpcId; params?: unknown };
  id: RpcId;
  call: ReturnType<typeof defaultServerCallContextBuilder>;
  card: AgentCard;
}

/** The body as one JSON-RPC request of a supported A2A version, its message in the spec's shape. */
function a2aRequest(x: RouteExchange): Validated<A2aRequest> {
  const { request } = x;
  const body = parseJson(x.found.body?.text ?? '', anyJson);
  if (!body.ok) return { ok: false, problem: rpcProblem({ id: null, error: { code: PARSE_ERROR, message: 'JSON inválido: o corpo deve ser uma requisição JSON-RPC 2.0.' }, transport: 400 }) };
  const parsed = body.value;
  if (!isRpcRequest(parsed)) {
    const id = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && isRpcId((parsed as { id?: unknown }).id) ? ((parsed as { id?: RpcId }).id ?? null) : null;
    return {
      ok: false,
      problem: rpcProblem({
        id,
        error: {
          code: INVALID_REQUEST,
          message: 'Requisição JSON-RPC 2.0 inválida: esperado um objeto {"jsonrpc":"2.0","method":"SendMessage","params":{…},"id":1} (sem lotes).',
        },
      }),
    };
  }
  const id = parsed.id ?? null;
  if (jsonTooDeep(parsed)) return { ok: false, problem: rpcProblem({ id, error: { code: INVALID_REQUEST, message: `Requisição aninhada demais: o JSON pode ter no máximo ${MAX_JSON_DEPTH} níveis.` } }) };

  const card = cardFor(x.context.config.origin);
  const call = defaultServerCallContextBuilder({
    extensions: Extensions.parseServiceParameter(request.headers.get(HTTP_EXTENSION_HEADER) ?? undefined),
    user: new UnauthenticatedUser(),
    headers: Object.fromEntries(request.headers),
    requestedVersion: request.headers.get(A2A_VERSION_HEADER) || undefined,
  });
  try {
    validateVersion(call.requestedVersion, card, 'JSONRPC');
  } catch (error) {
    return {
      ok: false,
      problem: rpcProblem({
        id,
        error: { code: JsonRpcTransportHandler.mapToJSONRPCError(error).code, message: `Versão ${call.requestedVersion} do A2A não suportada: envie o cabeçalho ${A2A_VERSION_HEADER}: 1.0.` },
      }),
    };
  }
  const sending = parsed.method === 'SendMessage' || parsed.method === 'SendStreamingMessage';
  if (sending) {
    const invalid = invalidMessage(parsed.params);
    if (invalid) return { ok: false, problem: rpcProblem({ id, error: invalid }) };
  }
  return { ok: true, value: { parsed, id, call, card } };
}

/** The request served by the SDK: a JSON-RPC response, or an SSE stream of them. */
async function serve({ parsed, id, call: context, card }: A2aRequest, x: RouteExchange): Promise<Response> {
  const answerType = answerMediaType(x.request);
  const requestContext = x.context;
  const origin = requestContext.config.origin;
  const sending = parsed.method === 'SendMessage' || parsed.method === 'SendStreamingMessage';
  // The answer takes milliseconds, and a function may be stopped once it has replied: SendMessage always waits for
  // the final state, so "return immediately" never hands back a working task that nothing would finish.
  const configuration = (parsed.params as { configuration?: { returnImmediately?: unknown } } | undefined)?.configuration;
  if (parsed.method === 'SendMessage' && typeof configuration === 'object' && configuration !== null) configuration.returnImmediately = false;

  const handler = new DefaultRequestHandler(card, new StoredTaskStore(requestContext.store, { sending }), siteAgentExecutor(() => siteSearch(origin), origin));
  const result = await new JsonRpcTransportHandler(handler).handle(parsed, context);
  if (!(Symbol.asyncIterator in result)) {
    if ('error' in result && result.error) return rpcErrorResponse(result.id ?? id, result.error as RpcError, answerType);
    return rpcResponse(result, answerType);
  }

  // Streaming: the first event decides between an SSE answer and a plain JSON-RPC error.
  const iterator = result[Symbol.asyncIterator]();
  let first: IteratorResult<unknown>;
  try {
    first = await iterator.next();
  } catch (error) {
    return rpcErrorResponse(id, JsonRpcTransportHandler.mapToJSONRPCError(error), answerType);
  }
  if (first.done) return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  return new Response(sseStream(first.value, iterator, id), {
    status: 200,
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' },
  });
}

/** OPTIONS (the CORS preflight, with the A2A headers) and the 405, a JSON-RPC error in the answer's media type. */
const a2aMethods: Step<RouteExchange> = {
  name: 'methods',
  async run(x, next) {
    const answerType = answerMediaType(x.request);
    const refused = await answerMethod(x.request, {
      methods: METHODS,
      cors: { extraHeaders: A2A_REQUEST_HEADERS },
      notAllowed: (method) =>
        rpcResponse(
          {
            jsonrpc: '2.0',
            id: null,
            error: { code: INVALID_REQUEST, message: `Método ${method} não permitido: o agente A2A só aceita POST com uma requisição JSON-RPC 2.0 (cartão em /.well-known/agent-card.json).` },
          },
          answerType,
          405,
        ),
    });
    return refused ?? next();
  },
};

const a2aRoute = route<A2aRequest>({
  name: 'a2a',
  steps: [
    cors(),
    a2aMethods,
    readBody({
      limit: MAX_BODY_BYTES,
      accepts: (type) => type === '' || isJsonMediaType(type),
      unsupported: () =>
        rpcProblem({ id: null, error: { code: CONTENT_TYPE_NOT_SUPPORTED, message: `Content-Type deve ser ${A2A_CONTENT_TYPE} ou application/json (uma requisição JSON-RPC 2.0).` }, transport: 415 }),
      tooLarge: rpcProblem({ id: null, error: { code: INVALID_REQUEST, message: 'Corpo da requisição acima de 64 KB.' }, transport: 413 }),
      unreadable: rpcProblem({ id: null, error: { code: PARSE_ERROR, message: 'Corpo ilegível: envie JSON em UTF-8.' }, transport: 400 }),
    }),
    validate(a2aRequest),
  ],
  handle: serve,
  refuse: (problem, x) => {
    const { id, error, transport } = problem.detail as RpcProblem;
    return rpcErrorResponse(id, error, answerMediaType(x.request), transport);
  },
});

export default byPath([[A2A_PATH, a2aRoute]]);

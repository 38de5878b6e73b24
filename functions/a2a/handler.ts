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
import { isJsonMediaType, mediaType, readJson } from '../http/body.ts';
import { withCors } from '../http/cors.ts';
import { answerMethod } from '../http/methods.ts';
import { MAX_JSON_DEPTH, jsonTooDeep } from '../http/json-depth.ts';
import type { Handler } from '../context.ts';
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
  return withCors(new Response(JSON.stringify(body), { status, headers: { 'content-type': contentType, 'cache-control': 'no-store', ...headers } }));
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

const a2a: Handler = async (request, requestContext) => {
  const answerType = answerMediaType(request);
  const refused = await answerMethod(request, {
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
  if (refused) return refused;
  const type = mediaType(request);
  if (type !== '' && !isJsonMediaType(type)) {
    await request.body?.cancel().catch(() => {});
    return rpcErrorResponse(null, { code: CONTENT_TYPE_NOT_SUPPORTED, message: `Content-Type deve ser ${A2A_CONTENT_TYPE} ou application/json (uma requisição JSON-RPC 2.0).` }, answerType, 415);
  }
  const body = await readJson(request, anyJson);
  if (!body.ok) {
    if (body.reason === 'too_large') return rpcErrorResponse(null, { code: INVALID_REQUEST, message: 'Corpo da requisição acima de 64 KB.' }, answerType, 413);
    const message = body.reason === 'empty' || body.reason === 'syntax' ? 'JSON inválido: o corpo deve ser uma requisição JSON-RPC 2.0.' : 'Corpo ilegível: envie JSON em UTF-8.';
    return rpcErrorResponse(null, { code: PARSE_ERROR, message }, answerType, 400);
  }
  const parsed = body.value;
  if (!isRpcRequest(parsed)) {
    const id = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && isRpcId((parsed as { id?: unknown }).id) ? ((parsed as { id?: RpcId }).id ?? null) : null;
    return rpcErrorResponse(
      id,
      {
        code: INVALID_REQUEST,
        message: 'Requisição JSON-RPC 2.0 inválida: esperado um objeto {"jsonrpc":"2.0","method":"SendMessage","params":{…},"id":1} (sem lotes).',
      },
      answerType,
    );
  }
  const id = parsed.id ?? null;
  if (jsonTooDeep(parsed)) {
    return rpcErrorResponse(id, { code: INVALID_REQUEST, message: `Requisição aninhada demais: o JSON pode ter no máximo ${MAX_JSON_DEPTH} níveis.` }, answerType);
  }

  const origin = requestContext.config.origin;
  const card = cardFor(origin);
  const context = defaultServerCallContextBuilder({
    extensions: Extensions.parseServiceParameter(request.headers.get(HTTP_EXTENSION_HEADER) ?? undefined),
    user: new UnauthenticatedUser(),
    headers: Object.fromEntries(request.headers),
    requestedVersion: request.headers.get(A2A_VERSION_HEADER) || undefined,
  });
  try {
    validateVersion(context.requestedVersion, card, 'JSONRPC');
  } catch (error) {
    return rpcErrorResponse(
      id,
      {
        code: JsonRpcTransportHandler.mapToJSONRPCError(error).code,
        message: `Versão ${context.requestedVersion} do A2A não suportada: envie o cabeçalho ${A2A_VERSION_HEADER}: 1.0.`,
      },
      answerType,
    );
  }

  const sending = parsed.method === 'SendMessage' || parsed.method === 'SendStreamingMessage';
  if (sending) {
    const invalid = invalidMessage(parsed.params);
    if (invalid) return rpcErrorResponse(id, invalid, answerType);
  }
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
  if (first.done) return withCors(new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } }));
  return withCors(
    new Response(sseStream(first.value, iterator, id), {
      status: 200,
      headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' },
    }),
  );
};

export default a2a;

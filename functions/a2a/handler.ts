/**
 * `POST /a2a`: the site's A2A v1.0 agent over the JSON-RPC binding, served by the official `@a2a-js/sdk`
 * (`JsonRpcTransportHandler` over a `DefaultRequestHandler`) without its Express adapter, so the same
 * web-standard handler runs on Netlify and in the local server. `SendMessage` answers JSON;
 * `SendStreamingMessage` answers `text/event-stream` (one JSON-RPC response per SSE event).
 *
 * Stateless: each request gets its own `InMemoryTaskStore`, dropped with the response. A task is complete
 * when it is returned (`returnImmediately` is ignored), so `GetTask`/`CancelTask`/`SubscribeToTask` on it later
 * answer task not found (-32001).
 *
 * Before the SDK sees a request this handler refuses, always with a JSON-RPC error object and a 4xx: other
 * methods → 405 `Allow: POST, OPTIONS`; a non-JSON `Content-Type` → 415 (-32005); a body over 64 KB → 413;
 * unreadable JSON → 400 parse error (-32700); JSON that is not one JSON-RPC request, or nested deeper than 64
 * levels (the SDK would overflow the stack) → 400 (-32600). Errors the SDK returns get the HTTP status the A2A
 * specification (§5.4) gives them; an internal one never shows its message. Open to browsers (CORS `*`).
 */
import { A2A_VERSION_HEADER, AgentCard, Extensions, HTTP_EXTENSION_HEADER, formatSSEErrorEvent, formatSSEEvent } from '@a2a-js/sdk';
import {
  DefaultRequestHandler,
  InMemoryTaskStore,
  JsonRpcTransportHandler,
  UnauthenticatedUser,
  defaultServerCallContextBuilder,
  validateVersion,
} from '@a2a-js/sdk/server';
import { agentCard } from '../../src/lib/agent-discovery.ts';
import { z } from 'zod';
import { isJsonMediaType, mediaType, readJson } from '../http/body.ts';
import { withCors } from '../http/cors.ts';
import { answerMethod } from '../http/methods.ts';
import { MAX_JSON_DEPTH, jsonTooDeep } from '../http/json-depth.ts';
import type { Handler } from '../http/types.ts';
import { siteSearch } from '../search/index.ts';
import { siteAgentExecutor } from './agent.ts';

const METHODS = ['POST', 'OPTIONS'] as const;
/** Request headers of the A2A binding a browser agent may send (CORS preflight). */
const A2A_REQUEST_HEADERS = [A2A_VERSION_HEADER, HTTP_EXTENSION_HEADER] as const;

/** JSON-RPC / A2A error codes used by the front door. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const INTERNAL_ERROR = -32603;
const CONTENT_TYPE_NOT_SUPPORTED = -32005;

/** HTTP status of each JSON-RPC / A2A error code (A2A v1.0 §5.4); unknown codes are the server's fault. */
const STATUS_OF_CODE: Readonly<Record<number, number>> = {
  [-32700]: 400,
  [-32600]: 400,
  [-32601]: 404,
  [-32602]: 400,
  [-32603]: 500,
  [-32001]: 404,
  [-32002]: 409,
  [-32003]: 400,
  [-32004]: 400,
  [-32005]: 415,
  [-32006]: 502,
  [-32007]: 400,
  [-32008]: 400,
  [-32009]: 400,
};
export const statusOfCode = (code: number): number => STATUS_OF_CODE[code] ?? 500;

type RpcId = string | number | null;
interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/** A JSON-RPC error with its HTTP status; an internal error is logged and answered without its message. */
function rpcErrorResponse(id: RpcId, error: RpcError, headers: Record<string, string> = {}): Response {
  if (error.code === INTERNAL_ERROR) {
    console.error('[a2a] erro interno', error);
    error = { code: INTERNAL_ERROR, message: 'Erro interno inesperado. Tente novamente em instantes.' };
  }
  return withCors(new Response(JSON.stringify({ jsonrpc: '2.0', id, error }), { status: statusOfCode(error.code), headers: { ...jsonHeaders, ...headers } }));
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
const cards = new Map<string, AgentCard>();
const cardFor = (origin: string): AgentCard => {
  let card = cards.get(origin);
  if (!card) cards.set(origin, (card = AgentCard.fromJSON(agentCard(origin))));
  return card;
};

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
  const refused = await answerMethod(request, {
    methods: METHODS,
    cors: { extraHeaders: A2A_REQUEST_HEADERS },
    notAllowed: (method) =>
      new Response(
        JSON.stringify({
          jsonrpc: '2.0',
          id: null,
          error: { code: INVALID_REQUEST, message: `Método ${method} não permitido: o agente A2A só aceita POST com uma requisição JSON-RPC 2.0 (cartão em /.well-known/agent-card.json).` },
        }),
        { status: 405, headers: jsonHeaders },
      ),
  });
  if (refused) return refused;
  const type = mediaType(request);
  if (type !== '' && !isJsonMediaType(type)) {
    await request.body?.cancel().catch(() => {});
    return rpcErrorResponse(null, { code: CONTENT_TYPE_NOT_SUPPORTED, message: 'Content-Type deve ser application/json (uma requisição JSON-RPC 2.0).' });
  }
  const body = await readJson(request, anyJson);
  if (!body.ok && body.reason !== 'empty' && body.reason !== 'syntax') {
    if (body.reason === 'too_large') {
      return withCors(
        new Response(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: INVALID_REQUEST, message: 'Corpo da requisição acima de 64 KB.' } }), { status: 413, headers: jsonHeaders }),
      );
    }
    return rpcErrorResponse(null, { code: PARSE_ERROR, message: 'Corpo ilegível: envie JSON em UTF-8.' });
  }
  if (!body.ok) return rpcErrorResponse(null, { code: PARSE_ERROR, message: 'JSON inválido: o corpo deve ser uma requisição JSON-RPC 2.0.' });
  const parsed = body.value;
  if (!isRpcRequest(parsed)) {
    const id = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && isRpcId((parsed as { id?: unknown }).id) ? ((parsed as { id?: RpcId }).id ?? null) : null;
    return rpcErrorResponse(id, {
      code: INVALID_REQUEST,
      message: 'Requisição JSON-RPC 2.0 inválida: esperado um objeto {"jsonrpc":"2.0","method":"SendMessage","params":{…},"id":1} (sem lotes).',
    });
  }
  const id = parsed.id ?? null;
  if (jsonTooDeep(parsed)) {
    return rpcErrorResponse(id, { code: INVALID_REQUEST, message: `Requisição aninhada demais: o JSON pode ter no máximo ${MAX_JSON_DEPTH} níveis.` });
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
    return rpcErrorResponse(id, {
      code: JsonRpcTransportHandler.mapToJSONRPCError(error).code,
      message: `Versão ${context.requestedVersion} do A2A não suportada: envie o cabeçalho ${A2A_VERSION_HEADER}: 1.0.`,
    });
  }

  // Stateless: a task is kept nowhere after the response, so "return immediately" would hand back a working task
  // no one could ever read again. The answer takes milliseconds: SendMessage always waits for the final state.
  const configuration = (parsed.params as { configuration?: { returnImmediately?: unknown } } | undefined)?.configuration;
  if (parsed.method === 'SendMessage' && typeof configuration === 'object' && configuration !== null) configuration.returnImmediately = false;

  const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), siteAgentExecutor(() => siteSearch(origin), origin));
  const result = await new JsonRpcTransportHandler(handler).handle(parsed, context);
  if (!(Symbol.asyncIterator in result)) {
    if ('error' in result && result.error) return rpcErrorResponse(result.id ?? id, result.error as RpcError);
    return withCors(new Response(JSON.stringify(result), { status: 200, headers: jsonHeaders }));
  }

  // Streaming: the first event decides between an SSE answer and a plain JSON-RPC error.
  const iterator = result[Symbol.asyncIterator]();
  let first: IteratorResult<unknown>;
  try {
    first = await iterator.next();
  } catch (error) {
    return rpcErrorResponse(id, JsonRpcTransportHandler.mapToJSONRPCError(error));
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

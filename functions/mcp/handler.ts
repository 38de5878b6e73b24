/**
 * `POST /mcp` (product) and `POST /mcp/docs` (documentation): MCP over Streamable HTTP, dual-era (protocol.ts):
 * MCP 2026-07-28 (per-request `_meta`, `server/discover`) and the legacy revisions 2025-11-25, 2025-06-18 and
 * 2025-03-26 (`initialize`), served statelessly, with JSON answers, no session, no authentication, read-only.
 *
 * In order: GET/DELETE and other methods → 405 `Allow: POST`; a foreign `Host` or `Origin` → 403 (DNS
 * rebinding, origin.ts); a body that is not JSON → 415; over 64 KB → 413; unreadable JSON → 400 parse error;
 * JSON that is not a JSON-RPC 2.0 message → 400 invalid request; then the era rules (protocol.ts: versions,
 * the modern envelope and headers, batches) and the message itself (server.ts). Every refusal is a JSON-RPC
 * error object with a pt-BR message; nothing here answers 5xx.
 */
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { isJsonMediaType, MAX_BODY_BYTES, parseJson } from '../http/body.ts';
import { ERROR_STATUS } from '../http/errors.ts';
import type { Problem } from '../http/pipeline.ts';
import { methods, precondition, readBody, validate, type Validated } from '../http/steps.ts';
import { type FunctionModule, route, type RouteExchange } from '../route.ts';
import { hostAllowed, originAllowed } from './origin.ts';
import { CODES, type RpcMessage, classify, mcpHeaders } from './protocol.ts';
import { RpcError, rpcErrorResponse, rpcResponse } from './rpc.ts';
import { serveMessage } from './server.ts';
import { MCP_RUNTIME, type McpServer, serverAt } from './servers.ts';
import { toolSources } from './tool-sources.ts';

const METHODS = ['POST', 'OPTIONS'] as const;

const refusal = (status: number, code: number, message: string) => rpcErrorResponse(status, new RpcError(code, message));

const isMessage = (value: unknown): boolean => JSONRPCMessageSchema.safeParse(value).success;

/** A problem of a step as a JSON-RPC error object: its status, and the JSON-RPC code the problem carries (server error by default). */
const refuse = (problem: Problem): Response => refusal(problem.status ?? ERROR_STATUS[problem.error], (problem.detail as number | undefined) ?? CODES.serverError, problem.description);

/** DNS rebinding: a foreign `Host`, or a browser call from another site's page, is refused 403 before the body is read. */
const hostAndOrigin = precondition<RouteExchange>('same-origin', async (x) => {
  const serviceOrigin = x.context.config.origin;
  let message: string | undefined;
  if (!hostAllowed(x.url.host, serviceOrigin)) message = `Host não permitido: este servidor MCP só atende em ${new URL(serviceOrigin).host}.`;
  else if (!originAllowed(x.request.headers.get('origin'), serviceOrigin)) message = 'Origem não permitida: o servidor MCP só aceita chamadas de navegador vindas do próprio site.';
  if (message === undefined) return undefined;
  await x.request.body?.cancel().catch(() => {});
  return { error: 'cross_site_request', description: message };
});

/** The body as one JSON-RPC 2.0 message (or a batch of them): anything else is a parse error or an invalid request. */
function message(x: RouteExchange): Validated<unknown> {
  const body = parseJson(x.found.body?.text ?? '', z.unknown());
  if (!body.ok) return { ok: false, problem: { error: 'invalid_request', detail: CODES.parseError, description: 'JSON inválido: o corpo deve ser uma mensagem JSON-RPC 2.0.' } };
  const raw = body.raw;
  if (Array.isArray(raw) ? !raw.every(isMessage) : !isMessage(raw)) {
    const batch = Array.isArray(raw) && raw.length > 0;
    return {
      ok: false,
      problem: {
        error: 'invalid_request',
        detail: CODES.invalidRequest,
        description: batch ? 'Lote JSON-RPC com um elemento que não é uma mensagem JSON-RPC 2.0.' : 'Mensagem JSON-RPC 2.0 inválida: esperado {"jsonrpc":"2.0","method":...,"id":...}.',
      },
    };
  }
  return { ok: true, value: raw };
}

/** The era rules (./protocol.ts) and the message itself (./server.ts), on the server of the path. */
async function serve(raw: unknown, x: RouteExchange, spec: McpServer): Promise<Response> {
  const rules = classify(raw, mcpHeaders(x.request.headers));
  if (rules.era === 'refused') return rpcErrorResponse(rules.status, rules.error, rules.id);
  const sources = toolSources(x.context);
  if (rules.era === 'legacy' && rules.batch) {
    // 2025-03-26 batches: one message at a time, each served (and counted by the instrument gate) on its own.
    const responses = [];
    for (const message of raw as RpcMessage[]) {
      const answer = await serveMessage(message, spec, sources, 'legacy');
      if (answer.response) responses.push(answer.response);
    }
    return responses.length ? rpcResponse(200, responses) : new Response(null, { status: 202, headers: { 'cache-control': 'no-store' } });
  }
  const answer = await serveMessage(raw as RpcMessage, spec, sources, rules.era);
  return answer.response ? rpcResponse(answer.status, answer.response) : new Response(null, { status: 202, headers: { 'cache-control': 'no-store' } });
}

/** The pipeline of one server's endpoint. */
const serverRoute = (spec: McpServer) =>
  route<unknown>({
    name: `mcp.${spec.id}`,
    steps: [
      methods({
        methods: METHODS,
        cors: false,
        optionsCacheControl: 'public, max-age=86400',
        notAllowed: (method) => refusal(405, CODES.serverError, `Método ${method} não permitido: este servidor MCP é sem estado e só aceita POST (Streamable HTTP, JSON-RPC 2.0).`),
      }),
      hostAndOrigin,
      readBody({
        limit: MAX_BODY_BYTES,
        accepts: (type) => type === '' || isJsonMediaType(type),
        unsupported: () => ({ error: 'unsupported_media_type', description: 'Content-Type deve ser application/json (uma mensagem JSON-RPC 2.0).' }),
        tooLarge: { error: 'payload_too_large', detail: CODES.invalidRequest, description: 'Corpo da requisição acima de 64 KB.' },
        unreadable: { error: 'invalid_request', detail: CODES.parseError, description: 'Corpo ilegível: envie JSON em UTF-8.' },
      }),
      validate(message),
    ],
    handle: (raw, x) => serve(raw, x, spec),
    refuse,
  });

/** No server at the path: 404, as a JSON-RPC error. */
const unknownRoute = route({
  name: 'mcp.nao-encontrado',
  steps: [],
  handle: () => refusal(404, CODES.serverError, 'Servidor MCP inexistente neste endereço. Use /mcp ou /mcp/docs.'),
});

const ROUTES = new Map(Object.values(MCP_RUNTIME).map((spec) => [spec.id, serverRoute(spec)]));

export default {
  resolve(pathname: string) {
    const spec = serverAt(pathname);
    return { route: spec ? ROUTES.get(spec.id)! : unknownRoute };
  },
} satisfies FunctionModule;

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
import { isJsonMediaType, mediaType, readJson } from '../http/body.ts';
import { answerMethod } from '../http/methods.ts';
import type { Handler } from '../context.ts';
import { hostAllowed, originAllowed } from './origin.ts';
import { CODES, type RpcMessage, classify, mcpHeaders } from './protocol.ts';
import { RpcError, rpcErrorResponse, rpcResponse } from './rpc.ts';
import { serveMessage } from './server.ts';
import { serverAt } from './servers.ts';
import { toolSources } from './tool-sources.ts';

const METHODS = ['POST', 'OPTIONS'] as const;

const refusal = (status: number, code: number, message: string) => rpcErrorResponse(status, new RpcError(code, message));

const isMessage = (value: unknown): boolean => JSONRPCMessageSchema.safeParse(value).success;

const mcp: Handler = async (request, context) => {
  const url = new URL(request.url);
  const spec = serverAt(url.pathname);
  if (!spec) return refusal(404, CODES.serverError, 'Servidor MCP inexistente neste endereço. Use /mcp ou /mcp/docs.');

  const refused = await answerMethod(request, {
    methods: METHODS,
    cors: false,
    optionsCacheControl: 'public, max-age=86400',
    notAllowed: (method) => refusal(405, CODES.serverError, `Método ${method} não permitido: este servidor MCP é sem estado e só aceita POST (Streamable HTTP, JSON-RPC 2.0).`),
  });
  if (refused) return refused;
  const serviceOrigin = context.config.origin;
  if (!hostAllowed(url.host, serviceOrigin)) {
    await request.body?.cancel().catch(() => {});
    return refusal(403, CODES.serverError, `Host não permitido: este servidor MCP só atende em ${new URL(serviceOrigin).host}.`);
  }
  if (!originAllowed(request.headers.get('origin'), serviceOrigin)) {
    await request.body?.cancel().catch(() => {});
    return refusal(403, CODES.serverError, 'Origem não permitida: o servidor MCP só aceita chamadas de navegador vindas do próprio site.');
  }
  const type = mediaType(request);
  if (type !== '' && !isJsonMediaType(type)) {
    await request.body?.cancel().catch(() => {});
    return refusal(415, CODES.serverError, 'Content-Type deve ser application/json (uma mensagem JSON-RPC 2.0).');
  }

  const body = await readJson(request, z.unknown());
  if (!body.ok) {
    if (body.reason === 'too_large') return refusal(413, CODES.invalidRequest, 'Corpo da requisição acima de 64 KB.');
    if (body.reason === 'encoding' || body.reason === 'read') return refusal(400, CODES.parseError, 'Corpo ilegível: envie JSON em UTF-8.');
    return refusal(400, CODES.parseError, 'JSON inválido: o corpo deve ser uma mensagem JSON-RPC 2.0.');
  }
  const raw = body.raw;
  if (Array.isArray(raw) ? !raw.every(isMessage) : !isMessage(raw)) {
    const batch = Array.isArray(raw) && raw.length > 0;
    return refusal(400, CODES.invalidRequest, batch ? 'Lote JSON-RPC com um elemento que não é uma mensagem JSON-RPC 2.0.' : 'Mensagem JSON-RPC 2.0 inválida: esperado {"jsonrpc":"2.0","method":...,"id":...}.');
  }

  const route = classify(raw, mcpHeaders(request.headers));
  if (route.era === 'refused') return rpcErrorResponse(route.status, route.error, route.id);
  const sources = toolSources(context);
  if (route.era === 'legacy' && route.batch) {
    // 2025-03-26 batches: one message at a time, each served (and counted by the instrument gate) on its own.
    const responses = [];
    for (const message of raw as RpcMessage[]) {
      const answer = await serveMessage(message, spec, sources, 'legacy');
      if (answer.response) responses.push(answer.response);
    }
    return responses.length ? rpcResponse(200, responses) : new Response(null, { status: 202, headers: { 'cache-control': 'no-store' } });
  }
  const answer = await serveMessage(raw as RpcMessage, spec, sources, route.era);
  return answer.response ? rpcResponse(answer.status, answer.response) : new Response(null, { status: 202, headers: { 'cache-control': 'no-store' } });
};

export default mcp;

/**
 * `POST /mcp` (product) and `POST /mcp/docs` (documentation): MCP over Streamable HTTP with the official
 * SDK, stateless (a new server and transport per request, no session), JSON responses, no authentication,
 * read-only.
 *
 * Before the SDK sees a request this handler answers what the transport would answer in English or not at
 * all: GET/DELETE and other methods → 405 `Allow: POST`; a foreign `Host` or `Origin` → 403 (DNS rebinding,
 * origin.ts); a body over 64 KB → 413; unreadable JSON → 400 parse error; a JSON-RPC batch or JSON that is
 * not a JSON-RPC message → 400 invalid request.
 * Every refusal is a JSON-RPC error object; nothing here answers 5xx.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { isJsonMediaType, mediaType, readJson } from '../http/body.ts';
import { answerMethod } from '../http/methods.ts';
import type { Handler } from '../http/types.ts';
import { toolSources } from './tool-sources.ts';
import { hostAllowed, originAllowed } from './origin.ts';
import { createMcpServer } from './server.ts';
import { serverAt } from './servers.ts';

const METHODS = ['POST', 'OPTIONS'] as const;

/** JSON-RPC error codes used here (JSON-RPC 2.0 and the SDK's transport conventions). */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const SERVER_ERROR = -32000;

function rpcError(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

const mcp: Handler = async (request, context) => {
  const url = new URL(request.url);
  const spec = serverAt(url.pathname);
  if (!spec) return rpcError(404, SERVER_ERROR, 'Servidor MCP inexistente neste endereço. Use /mcp ou /mcp/docs.');

  const refused = await answerMethod(request, {
    methods: METHODS,
    cors: false,
    optionsCacheControl: 'public, max-age=86400',
    notAllowed: (method) => rpcError(405, SERVER_ERROR, `Método ${method} não permitido: este servidor MCP é sem estado e só aceita POST (Streamable HTTP, JSON-RPC 2.0).`),
  });
  if (refused) return refused;
  const serviceOrigin = context.config.origin;
  if (!hostAllowed(url.host, serviceOrigin)) {
    await request.body?.cancel().catch(() => {});
    return rpcError(403, SERVER_ERROR, `Host não permitido: este servidor MCP só atende em ${new URL(serviceOrigin).host}.`);
  }
  if (!originAllowed(request.headers.get('origin'), serviceOrigin)) {
    await request.body?.cancel().catch(() => {});
    return rpcError(403, SERVER_ERROR, 'Origem não permitida: o servidor MCP só aceita chamadas de navegador vindas do próprio site.');
  }
  const type = mediaType(request);
  if (type !== '' && !isJsonMediaType(type)) {
    await request.body?.cancel().catch(() => {});
    return rpcError(415, SERVER_ERROR, 'Content-Type deve ser application/json (uma mensagem JSON-RPC 2.0).');
  }

  const body = await readJson(request, JSONRPCMessageSchema);
  if (!body.ok) {
    if (body.reason === 'too_large') return rpcError(413, INVALID_REQUEST, 'Corpo da requisição acima de 64 KB.');
    if (body.reason === 'encoding' || body.reason === 'read') return rpcError(400, PARSE_ERROR, 'Corpo ilegível: envie JSON em UTF-8.');
    if (body.reason === 'empty' || body.reason === 'syntax') return rpcError(400, PARSE_ERROR, 'JSON inválido: o corpo deve ser uma mensagem JSON-RPC 2.0.');
    // One message per request: MCP 2025-06-18 removed JSON-RPC batches, and a batch would let one request
    // multiply tool calls (100 readiness reads against the shared instrument gate).
    if (Array.isArray(body.raw)) {
      return rpcError(400, INVALID_REQUEST, 'Lotes JSON-RPC não são aceitos (removidos na revisão 2025-06-18 do MCP): envie uma mensagem por requisição.');
    }
    return rpcError(400, INVALID_REQUEST, 'Mensagem JSON-RPC 2.0 inválida: esperado {"jsonrpc":"2.0","method":...,"id":...}.');
  }
  // The parsed value as sent (the SDK validates it again).
  const parsedBody = body.raw;

  // Answers are always JSON (enableJsonResponse); clients that announce only one of the two media types are served too.
  const headers = new Headers(request.headers);
  headers.set('accept', 'application/json, text/event-stream');
  headers.set('content-type', 'application/json');
  headers.delete('content-length');

  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  const server = createMcpServer(spec, toolSources(context));
  await server.connect(transport);
  try {
    const response = await transport.handleRequest(new Request(url, { method: 'POST', headers }), { parsedBody });
    const out = new Headers(response.headers);
    out.set('cache-control', 'no-store');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers: out });
  } finally {
    void server.close().catch(() => {});
  }
};

export default mcp;

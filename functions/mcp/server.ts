/**
 * One JSON-RPC message in, its answer out, for either era (protocol.ts): the methods of methods.ts, plus the
 * era's own opening (`initialize` and `ping` for legacy clients, `server/discover` for modern ones).
 *
 * - legacy: results as the 2025 revisions define them; an unknown method is -32601 (HTTP 200);
 * - modern (2026-07-28): every result carries `resultType: "complete"` and the server's identity in `_meta`,
 *   cacheable ones `ttlMs` and `cacheScope`; a method this revision does not define (`initialize`, `ping`,
 *   `logging/setLevel`, `resources/subscribe`…) or we do not serve is -32601 on HTTP 404.
 *
 * Notifications and posted responses get no answer. A failure no method expected becomes -32603 with a
 * pt-BR message (the error itself goes to the log, never to the client). Stateless: nothing is kept between
 * messages, so an `initialize` only states what every later request will get.
 */
import { type Era, type MethodContext, discoverResult, initializeParams, isCacheable, parseParams, runMethod, serverIdentity, CACHE_HINTS } from './methods.ts';
import { CODES, META, type RpcMessage, SUPPORTED_VERSIONS, negotiatedLegacyVersion } from './protocol.ts';
import { isObject } from '../../src/model/json-object.ts';
import type { ToolSources } from './registry.ts';
import { RpcError } from './rpc.ts';
import { MCP_CAPABILITIES } from '../../src/model/mcp.ts';
import type { McpServer } from './servers.ts';

/** The answer to one message: the JSON-RPC response (none for a notification) and the HTTP status it asks for. */
export interface Answer {
  response?: { jsonrpc: '2.0'; id: string | number | null; result?: Record<string, unknown>; error?: ReturnType<RpcError['toJSON']> };
  status: number;
}

async function resultOf(message: RpcMessage, context: MethodContext): Promise<Record<string, unknown>> {
  const method = message.method!;
  const { spec, era } = context;
  if (era === 'legacy' && method === 'initialize') {
    const params = parseParams(method, initializeParams, message.params);
    return { protocolVersion: negotiatedLegacyVersion(params.protocolVersion), capabilities: MCP_CAPABILITIES, serverInfo: serverIdentity(spec), instructions: spec.instructions };
  }
  if (era === 'legacy' && method === 'ping') return {};
  if (era === 'modern' && method === 'server/discover') return discoverResult(spec, SUPPORTED_VERSIONS);
  const result = await runMethod(method, message.params, context);
  if (result === undefined) throw new RpcError(CODES.methodNotFound, `Método não encontrado: "${method}".`, { method });
  return result;
}

/** The modern form of a result: `resultType`, caching hints when cacheable, the server's identity in `_meta`. */
function modernResult(method: string, result: Record<string, unknown>, spec: McpServer): Record<string, unknown> {
  const meta = isObject(result._meta) ? result._meta : {};
  const { name, version } = serverIdentity(spec);
  return {
    ...result,
    resultType: 'complete',
    ...(method === 'server/discover' || isCacheable(method) ? CACHE_HINTS : {}),
    _meta: { ...meta, [META.serverInfo]: { name, version } },
  };
}

export async function serveMessage(message: RpcMessage, spec: McpServer, sources: ToolSources, era: Era): Promise<Answer> {
  if (typeof message.method !== 'string' || message.id === undefined) return { status: 202 };
  const id = message.id ?? null;
  const context: MethodContext = { spec, sources, era };
  try {
    const result = await resultOf(message, context);
    return { status: 200, response: { jsonrpc: '2.0', id, result: era === 'modern' ? modernResult(message.method, result, spec) : result } };
  } catch (thrown) {
    let error: RpcError;
    if (thrown instanceof RpcError) error = thrown;
    else {
      console.error(`[mcp] ${spec.id} ${message.method}`, thrown);
      error = new RpcError(CODES.internalError, `Falha inesperada ao responder ${message.method}. Tente de novo em instantes.`);
    }
    const status = era === 'modern' && error.code === CODES.methodNotFound ? 404 : 200;
    return { status, response: { jsonrpc: '2.0', id, error: error.toJSON() } };
  }
}

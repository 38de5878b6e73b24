/**
 * JSON-RPC errors of the MCP servers. `RpcError` carries the code, a pt-BR message and the specification's
 * `data`; thrown from a method (either era), it reaches the client as that error object. Its message is the
 * message as sent: the SDK's `McpError` prefixes "MCP error <code>: " to its own message, and a client SDK adds
 * the same prefix again when it reads the error, so a server never throws `McpError`.
 */
export class RpcError extends Error {
  readonly code: number;
  readonly data?: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = 'RpcError';
    this.code = code;
    if (data !== undefined) this.data = data;
  }

  /** The JSON-RPC `error` member. */
  toJSON(): { code: number; message: string; data?: unknown } {
    return { code: this.code, message: this.message, ...(this.data !== undefined ? { data: this.data } : {}) };
  }
}

/** A JSON-RPC response as JSON (`cache-control: no-store`: every answer is per request). */
export function rpcResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

/** An error response (`id: null` when no single request id could be read). */
export const rpcErrorResponse = (status: number, error: RpcError, id: string | number | null = null, headers: Record<string, string> = {}): Response =>
  rpcResponse(status, { jsonrpc: '2.0', id, error: error.toJSON() }, headers);

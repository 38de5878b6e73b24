/**
 * Host and request-target attack table, kept as data: requests that try to make the service take an
 * attacker's authority for its own (DNS rebinding against the MCP servers, a request-target read as an
 * authority, a key directory signed for someone else's host). Run raw (node:http, any Host, any target)
 * against the local server by tests/integration/host-attacks.test.ts.
 *
 * `{self}` in a value stands for the local server's own `host:port`.
 */
export interface HostCase {
  name: string;
  method: 'GET' | 'POST' | 'OPTIONS';
  /** The request-target exactly as sent. */
  target: string;
  /** The Host header exactly as sent. */
  host: string;
  origin?: string;
  /** Expected status; for the MCP rows, also the JSON-RPC error code; for the rest, the contract error code. */
  status: number;
  rpcCode?: number;
  error?: string;
}

const INIT = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
export const MCP_INITIALIZE = JSON.stringify(INIT);

export const HOST_CASES: HostCase[] = [
  // DNS rebinding: evil.test resolves to the server; the browser sends the attacker's Host and Origin.
  { name: 'rebinding: Host and Origin of the attacker', method: 'POST', target: '/mcp', host: 'evil.test', origin: 'http://evil.test', status: 403, rpcCode: -32000 },
  { name: 'rebinding to the docs server', method: 'POST', target: '/mcp/docs', host: 'evil.test:80', origin: 'http://evil.test', status: 403, rpcCode: -32000 },
  { name: 'foreign Host without Origin (non-browser client through a rebound name)', method: 'POST', target: '/mcp', host: 'evil.test', status: 403, rpcCode: -32000 },
  { name: 'foreign Host dressed as loopback', method: 'POST', target: '/mcp', host: 'localhost.evil.test', origin: 'http://localhost.evil.test', status: 403, rpcCode: -32000 },
  { name: 'own Host, foreign Origin', method: 'POST', target: '/mcp', host: '{self}', origin: 'http://evil.test', status: 403, rpcCode: -32000 },
  // The request-target is a path: `//evil.test/mcp` must not become host evil.test, path /mcp.
  { name: 'request-target with an authority (//evil.test/mcp)', method: 'POST', target: '//evil.test/mcp', host: '{self}', origin: 'http://evil.test', status: 404 },
  { name: 'request-target //nonexistent is a missing page, not the home page', method: 'GET', target: '//nonexistent', host: '{self}', status: 404 },
  { name: 'request-target //evil.test/ is a missing page', method: 'GET', target: '//evil.test/', host: '{self}', status: 404 },
  // The absolute form keeps only its path: its authority does not replace ours.
  { name: 'absolute-form target with a foreign authority', method: 'POST', target: 'http://evil.test/mcp', host: '{self}', origin: 'http://evil.test', status: 403, rpcCode: -32000 },
  { name: 'asterisk-form target', method: 'OPTIONS', target: '*', host: '{self}', status: 400, error: 'invalid_request' },
  // A Host that is more than an authority.
  { name: 'Host carrying credentials', method: 'GET', target: '/', host: 'user@evil.test', status: 400, error: 'invalid_request' },
];

/** The key directory requested under a foreign Host: its signature binds the configured origin's authority. */
export const DIRECTORY_FOREIGN_HOSTS = ['evil.test', 'evil.test:8443', 'localhost:1'];

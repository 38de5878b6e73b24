/**
 * MCP front-door attack table, kept as data: each row is a raw request to `POST /mcp` (body, headers) and the
 * JSON-RPC answer required back: its HTTP status and error code (or a result), never a 5xx, never -32603,
 * never a schema dump. Run through the local server by tests/integration/mcp.test.ts. Control rows (a result
 * expected) prove the runner would notice a refusal for the wrong reason.
 */
export interface McpCase {
  name: string;
  /** Request headers besides `content-type: application/json` (null drops it). */
  headers?: Record<string, string | null>;
  body: string;
  /** `code` undefined: a result (or, for a batch, an array of answers). */
  expect: { status: number; code?: number };
}

const MODERN = '2026-07-28';
const meta = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} };
const rpc = (method: string, params?: unknown, id: unknown = 1) => JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
const modernHeaders = (method: string, name?: string) => ({ 'mcp-protocol-version': MODERN, 'mcp-method': method, ...(name ? { 'mcp-name': name } : {}) });
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const init = (protocolVersion: unknown) => ({ protocolVersion, capabilities: {}, clientInfo: { name: 'ataque', version: '1' } });

export const MCP_CASES: readonly McpCase[] = [
  // Controls.
  { name: 'controle: tools/list legado', body: rpc('tools/list'), expect: { status: 200 } },
  { name: 'controle: server/discover 2026-07-28', headers: modernHeaders('server/discover'), body: rpc('server/discover', { _meta: meta }), expect: { status: 200 } },
  { name: 'controle: lote 2025-03-26 sem cabeçalho', body: `[${rpc('tools/list')},${rpc('ping', undefined, 2)}]`, expect: { status: 200 } },
  { name: 'controle: argumentos com 3.000 níveis (ignorados pela ferramenta)', body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search","arguments":{"query":"seo","x":${nested(3000)}}}}`, expect: { status: 200 } },

  // Params a method cannot read (issue 18 item 9): -32602, in-band.
  { name: 'arguments null', body: rpc('tools/call', { name: 'search_site', arguments: null }), expect: { status: 200, code: -32602 } },
  { name: 'name null', body: rpc('tools/call', { name: null, arguments: {} }), expect: { status: 200, code: -32602 } },
  { name: 'name objeto', body: rpc('tools/call', { name: { toString: 'x' } }), expect: { status: 200, code: -32602 } },
  { name: 'arguments lista', body: rpc('tools/call', { name: 'search', arguments: ['seo'] }), expect: { status: 200, code: -32602 } },
  { name: 'initialize com campos null', body: rpc('initialize', { protocolVersion: null, capabilities: null, clientInfo: null }), expect: { status: 200, code: -32602 } },
  { name: 'initialize sem params', body: rpc('initialize'), expect: { status: 200, code: -32602 } },
  { name: 'resources/read com uri null', body: rpc('resources/read', { uri: null }), expect: { status: 200, code: -32602 } },
  { name: 'cursor forjado', body: rpc('resources/list', { cursor: Buffer.from('p999999999').toString('base64url') }), expect: { status: 200, code: -32602 } },
  { name: 'arguments null em 2026-07-28', headers: modernHeaders('tools/call', 'search'), body: rpc('tools/call', { name: 'search', arguments: null, _meta: meta }), expect: { status: 200, code: -32602 } },
  { name: 'ferramenta desconhecida', body: rpc('tools/call', { name: '__proto__' }), expect: { status: 200, code: -32602 } },
  { name: 'método desconhecido (legado)', body: rpc('constructor'), expect: { status: 200, code: -32601 } },

  // Versions honoured in full or not at all (issue 18 item 15).
  { name: 'lote em 2025-06-18', headers: { 'mcp-protocol-version': '2025-06-18' }, body: `[${rpc('tools/list')}]`, expect: { status: 400, code: -32600 } },
  { name: 'lote em 2025-11-25', headers: { 'mcp-protocol-version': '2025-11-25' }, body: `[${rpc('tools/list')}]`, expect: { status: 400, code: -32600 } },
  { name: 'lote em 2026-07-28', headers: modernHeaders('tools/list'), body: `[${rpc('tools/list', { _meta: meta })}]`, expect: { status: 400, code: -32600 } },
  { name: 'lote com 51 mensagens', body: `[${Array.from({ length: 51 }, (_, i) => rpc('ping', undefined, i)).join(',')}]`, expect: { status: 400, code: -32600 } },
  { name: 'lote com ids repetidos', body: `[${rpc('tools/list')},${rpc('tools/list')}]`, expect: { status: 400, code: -32600 } },
  { name: 'initialize num lote', body: `[${rpc('initialize', init('2025-03-26'))}]`, expect: { status: 400, code: -32600 } },
  { name: 'lote vazio', body: '[]', expect: { status: 400, code: -32600 } },
  { name: 'cabeçalho com versão desconhecida', headers: { 'mcp-protocol-version': '2024-11-05' }, body: rpc('tools/list'), expect: { status: 400, code: -32022 } },
  { name: 'initialize pedindo 2024-11-05 (responde 2025-11-25)', body: rpc('initialize', init('2024-11-05')), expect: { status: 200 } },

  // The 2026-07-28 envelope and headers.
  { name: '_meta sem capacidades', headers: modernHeaders('tools/list'), body: rpc('tools/list', { _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN } }), expect: { status: 400, code: -32602 } },
  { name: 'versão em _meta como número', body: rpc('tools/list', { _meta: { ...meta, 'io.modelcontextprotocol/protocolVersion': 2026 } }), expect: { status: 400, code: -32602 } },
  { name: '_meta com 3.000 níveis em clientCapabilities', headers: modernHeaders('tools/list'), body: `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"${MODERN}","io.modelcontextprotocol/clientCapabilities":${nested(3000)}}}}`, expect: { status: 200 } },
  { name: 'Mcp-Method trocado', headers: { ...modernHeaders('tools/list'), 'mcp-method': 'tools/call' }, body: rpc('tools/list', { _meta: meta }), expect: { status: 400, code: -32020 } },
  { name: 'Mcp-Name trocado', headers: modernHeaders('tools/call', 'get_page'), body: rpc('tools/call', { name: 'search', arguments: { query: 'seo' }, _meta: meta }), expect: { status: 400, code: -32020 } },
  { name: 'Mcp-Name em base64 inválido', headers: modernHeaders('tools/call', '=?base64?%%%?='), body: rpc('tools/call', { name: 'search', arguments: { query: 'seo' }, _meta: meta }), expect: { status: 400, code: -32020 } },
  { name: 'cabeçalho 2026-07-28 sem _meta', headers: modernHeaders('tools/list'), body: rpc('tools/list'), expect: { status: 400, code: -32602 } },
  { name: 'cabeçalho e _meta com versões diferentes', headers: { ...modernHeaders('tools/list'), 'mcp-protocol-version': '2025-11-25' }, body: rpc('tools/list', { _meta: meta }), expect: { status: 400, code: -32020 } },
  { name: 'initialize em 2026-07-28', headers: modernHeaders('initialize'), body: rpc('initialize', { ...init(MODERN), _meta: meta }), expect: { status: 404, code: -32601 } },
  { name: 'recurso de outra origem', headers: modernHeaders('resources/read', 'file:///etc/passwd'), body: rpc('resources/read', { uri: 'file:///etc/passwd', _meta: meta }), expect: { status: 200, code: -32602 } },
];

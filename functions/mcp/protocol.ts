/**
 * The protocol revisions our MCP servers speak and how a request is assigned to one (MCP 2026-07-28,
 * basic/versioning and basic/transports/streamable-http; docs/mcp.md). One module, read by the HTTP handler
 * before anything runs:
 *
 * - **modern** (2026-07-28): no handshake; every request names its revision and client capabilities in
 *   `params._meta`, mirrored by the `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name` headers;
 * - **legacy** (2025-11-25, 2025-06-18, 2025-03-26): the `initialize` handshake, served statelessly. A request
 *   without `MCP-Protocol-Version` (and without a modern envelope) is a 2025-03-26 request, as those
 *   revisions say, and 2025-03-26 is honoured in full: it is the one revision whose clients may send
 *   JSON-RPC batches. An `initialize` asking for any other revision (2024-11-05, whose HTTP transport is the
 *   HTTP+SSE one we do not serve, or an unknown one) is answered with the newest legacy revision
 *   (`negotiatedLegacyVersion`), as the legacy lifecycle's negotiation prescribes.
 *
 * `classify` returns where a parsed body goes, or the JSON-RPC error that refuses it, with the HTTP status
 * the specification gives that refusal. Messages are pt-BR; codes and `data` are the specification's, so
 * clients recognise them.
 */
import { isObject } from '../../src/model/json-object.ts';
import { HEADERLESS_VERSION, LEGACY_VERSIONS, MODERN_VERSION, SUPPORTED_VERSIONS } from '../../src/model/mcp.ts';
import { RpcError } from './rpc.ts';

/** The revisions are facts of the catalogue (src/model/mcp.ts), spoken here. */
export { HEADERLESS_VERSION, LEGACY_VERSIONS, MODERN_VERSION, SUPPORTED_VERSIONS };
/** The legacy revisions whose clients may send JSON-RPC batches (added in 2025-03-26, removed in 2025-06-18). */
const BATCH_VERSIONS: ReadonlySet<string> = new Set(['2025-03-26']);
/** Messages in one batch at most (each one still runs, and is counted, on its own). */
export const MAX_BATCH = 50;

/** Reserved `_meta` keys of a modern request (basic/index, "Per-request protocol fields"). */
export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  logLevel: 'io.modelcontextprotocol/logLevel',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
} as const;

/** JSON-RPC error codes: JSON-RPC 2.0's and the range MCP 2026-07-28 reserves (basic/index, "Error codes"). */
export const CODES = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** Transport refusals of the SDK's convention (method, host, origin, media type). */
  serverError: -32000,
  headerMismatch: -32020,
  missingClientCapability: -32021,
  unsupportedVersion: -32022,
} as const;

/** The answer an `initialize` gets for the revision it asks for: that revision if we honour it, else our newest legacy one. */
export const negotiatedLegacyVersion = (requested: unknown): string =>
  typeof requested === 'string' && (LEGACY_VERSIONS as readonly string[]).includes(requested) ? requested : LEGACY_VERSIONS[0];

/** The request headers the era rules read (names are case-insensitive: `Headers` handles that). */
export interface McpHeaders {
  protocolVersion?: string;
  method?: string;
  name?: string;
}

export const mcpHeaders = (headers: Headers): McpHeaders => {
  const read = (name: string) => headers.get(name) ?? undefined;
  return { protocolVersion: read('mcp-protocol-version'), method: read('mcp-method'), name: read('mcp-name') };
};

/** A JSON-RPC request or notification as the handler saw it (the body was checked against the SDK's schema). */
export interface RpcMessage {
  jsonrpc: '2.0';
  id?: string | number;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: unknown;
}

export type Classification =
  | { era: 'modern'; message: RpcMessage }
  | { era: 'legacy'; version: string; batch: boolean }
  | { era: 'refused'; status: number; error: RpcError; id: string | number | null };

const idOf = (message: unknown): string | number | null => {
  const id = isObject(message) ? message.id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
};

const refuse = (status: number, code: number, message: string, id: string | number | null, data?: unknown): Classification => ({
  era: 'refused',
  status,
  error: new RpcError(code, message, data),
  id,
});

const unsupported = (requested: string, id: string | number | null): Classification =>
  refuse(400, CODES.unsupportedVersion, `Versão do protocolo MCP não suportada: "${requested}". Versões aceitas: ${SUPPORTED_VERSIONS.join(', ')}.`, id, {
    supported: [...SUPPORTED_VERSIONS],
    requested,
  });

/** The `_meta` object of a message's params, when there is one. */
export const metaOf = (message: unknown): Record<string, unknown> | undefined => {
  const params = isObject(message) ? message.params : undefined;
  return isObject(params) && isObject(params._meta) ? params._meta : undefined;
};

/** Where a body goes: modern, legacy (with the revision in effect), or refused. */
export function classify(body: unknown, headers: McpHeaders): Classification {
  const header = headers.protocolVersion?.trim();
  if (Array.isArray(body)) return classifyBatch(body, header);
  const id = idOf(body);
  const message = body as RpcMessage;
  const meta = metaOf(body);
  const claimed = meta !== undefined && Object.hasOwn(meta, META.protocolVersion);

  if (claimed) {
    const version = meta[META.protocolVersion];
    if (typeof version !== 'string') return refuse(400, CODES.invalidParams, `_meta["${META.protocolVersion}"] deve ser o texto de uma versão do protocolo (ex.: "${MODERN_VERSION}").`, id);
    if (header !== undefined && header !== version) {
      return refuse(400, CODES.headerMismatch, `O cabeçalho MCP-Protocol-Version ("${header}") não confere com _meta["${META.protocolVersion}"] ("${version}").`, id, {
        mismatch: { header: 'MCP-Protocol-Version', value: header, body: version },
      });
    }
    if (!SUPPORTED_VERSIONS.includes(version)) return unsupported(version, id);
    // A legacy revision named in `_meta`: served as that legacy revision (the extra `_meta` keys are ignored).
    if (version !== MODERN_VERSION) return { era: 'legacy', version, batch: false };
    return validateModern(message, meta, headers, id);
  }

  if (header === undefined) return { era: 'legacy', version: HEADERLESS_VERSION, batch: false };
  if (header === MODERN_VERSION) {
    if (message.method === 'initialize') {
      return refuse(400, CODES.headerMismatch, `initialize é o aperto de mão das versões anteriores e não vale com MCP-Protocol-Version: ${MODERN_VERSION} (nessa versão, use server/discover).`, id, {
        mismatch: { header: 'MCP-Protocol-Version', value: header, body: 'initialize' },
      });
    }
    // A notification names no revision in its body: the header decides, and nothing is required of it.
    if (message.id === undefined) return { era: 'modern', message };
    return refuse(400, CODES.invalidParams, `Falta params._meta com "${META.protocolVersion}" e "${META.clientCapabilities}": na versão ${MODERN_VERSION}, toda requisição os leva.`, id, {
      missing: ['_meta'],
    });
  }
  if (!SUPPORTED_VERSIONS.includes(header)) return unsupported(header, id);
  return { era: 'legacy', version: header, batch: false };
}

/** Modern requests: the required envelope (`clientCapabilities`), then the headers that mirror the body (SEP-2243). */
function validateModern(message: RpcMessage, meta: Record<string, unknown>, headers: McpHeaders, id: string | number | null): Classification {
  const capabilities = meta[META.clientCapabilities];
  if (!isObject(capabilities)) {
    return refuse(400, CODES.invalidParams, `Falta _meta["${META.clientCapabilities}"] (um objeto, mesmo vazio): na versão ${MODERN_VERSION}, toda requisição declara as capacidades do cliente.`, id, {
      missing: [META.clientCapabilities],
    });
  }
  const info = meta[META.clientInfo];
  if (info !== undefined && !(isObject(info) && typeof info.name === 'string' && typeof info.version === 'string')) {
    return refuse(400, CODES.invalidParams, `_meta["${META.clientInfo}"], quando presente, é um objeto com name e version (textos).`, id);
  }
  // Notifications carry no header requirements in this revision.
  if (message.id === undefined) return { era: 'modern', message };
  const mismatch = (what: string, value: string, body: string, text: string) =>
    refuse(400, CODES.headerMismatch, text, id, { mismatch: { header: what, value, body } });
  if (headers.protocolVersion === undefined) {
    return mismatch('MCP-Protocol-Version', '(ausente)', MODERN_VERSION, `Falta o cabeçalho MCP-Protocol-Version: ${MODERN_VERSION} (obrigatório em toda requisição desta versão).`);
  }
  const method = message.method ?? '';
  if (headers.method === undefined) return mismatch('Mcp-Method', '(ausente)', method, `Falta o cabeçalho Mcp-Method: ${method} (obrigatório em toda requisição da versão ${MODERN_VERSION}).`);
  if (headers.method.trim() !== method) {
    return mismatch('Mcp-Method', headers.method, method, `O cabeçalho Mcp-Method ("${headers.method.trim()}") não confere com o método do corpo ("${method}").`);
  }
  const field = NAMED_METHODS[method];
  if (field === undefined) return { era: 'modern', message };
  const params = isObject(message.params) ? message.params : {};
  const bodyName = typeof params[field] === 'string' ? (params[field] as string) : undefined;
  if (headers.name === undefined) {
    if (bodyName === undefined) return { era: 'modern', message };
    return mismatch('Mcp-Name', '(ausente)', bodyName, `Falta o cabeçalho Mcp-Name com o valor de params.${field} ("${bodyName}").`);
  }
  const decoded = decodeHeaderValue(headers.name.trim());
  if (decoded === undefined) return mismatch('Mcp-Name', headers.name, bodyName ?? '', 'O cabeçalho Mcp-Name traz um valor em base64 inválido (forma =?base64?…?=).');
  if (bodyName !== undefined && decoded !== bodyName) {
    return mismatch('Mcp-Name', decoded, bodyName, `O cabeçalho Mcp-Name ("${decoded}") não confere com params.${field} ("${bodyName}").`);
  }
  return { era: 'modern', message };
}

/** The methods whose `Mcp-Name` header mirrors a body field. */
const NAMED_METHODS: Readonly<Record<string, 'name' | 'uri'>> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

/** A header value as sent, or decoded from the `=?base64?…?=` sentinel form (undefined when that form is invalid). */
export function decodeHeaderValue(value: string): string | undefined {
  const match = /^=\?base64\?(.*)\?=$/.exec(value);
  if (!match) return value;
  const encoded = match[1]!;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(encoded, 'base64'));
  } catch {
    return undefined;
  }
}

/**
 * A JSON-RPC batch: only for the revision that defined them (2025-03-26, which is also what a request without
 * `MCP-Protocol-Version` is), not empty, at most `MAX_BATCH` messages, no `initialize` (2025-03-26: it MUST NOT
 * be batched), no modern envelope, no repeated request id. Each message is then served, and counted, on its own.
 */
function classifyBatch(batch: readonly unknown[], header: string | undefined): Classification {
  const version = header ?? HEADERLESS_VERSION;
  if (header !== undefined && !SUPPORTED_VERSIONS.includes(header)) return unsupported(header, null);
  if (!BATCH_VERSIONS.has(version)) {
    return refuse(400, CODES.invalidRequest, `Lotes JSON-RPC não existem na versão ${version} do MCP (só na 2025-03-26; removidos na 2025-06-18): envie uma mensagem por requisição.`, null);
  }
  if (batch.length === 0) return refuse(400, CODES.invalidRequest, 'Lote JSON-RPC vazio: envie ao menos uma mensagem.', null);
  if (batch.length > MAX_BATCH) return refuse(400, CODES.invalidRequest, `Lote JSON-RPC com ${batch.length} mensagens: o máximo é ${MAX_BATCH} por requisição.`, null);
  const ids = new Set<string | number>();
  for (const element of batch) {
    if (!isObject(element) || element.jsonrpc !== '2.0') return refuse(400, CODES.invalidRequest, 'Lote JSON-RPC com um elemento que não é uma mensagem JSON-RPC 2.0.', null);
    if (element.method === 'initialize') return refuse(400, CODES.invalidRequest, 'initialize não pode ir num lote JSON-RPC (MCP 2025-03-26): envie-o sozinho.', null);
    const meta = metaOf(element);
    if (meta !== undefined && Object.hasOwn(meta, META.protocolVersion)) {
      return refuse(400, CODES.invalidRequest, `Lote JSON-RPC com uma mensagem da versão ${MODERN_VERSION} ou posterior: essas vão uma por requisição.`, null);
    }
    const id = idOf(element);
    if (id !== null && typeof element.method === 'string') {
      if (ids.has(id)) return refuse(400, CODES.invalidRequest, `Lote JSON-RPC com o id ${JSON.stringify(id)} repetido: cada requisição do lote precisa de um id próprio.`, null);
      ids.add(id);
    }
  }
  return { era: 'legacy', version, batch: true };
}

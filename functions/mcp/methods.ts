/**
 * The MCP methods our servers answer, one table for both eras (protocol.ts): tools and resources. Each method
 * checks its params with its own schema and answers a bad one with JSON-RPC -32602 and a short pt-BR message
 * (never a raw schema dump, never -32603), then returns a plain result; the era's wire adds what the era asks
 * for (modern.ts: `resultType`, caching hints, server identity in `_meta`; the SDK's transport for legacy).
 *
 * `initialize` (legacy) and `server/discover` (modern) answer from the same identity (`serverIdentity`).
 */
import { z } from 'zod';
import { PUBLISHED_DATA_MAX_AGE_SECONDS } from '../../src/model/freshness.ts';
import { CODES } from './protocol.ts';
import { MCP_CAPABILITIES, toolListing } from '../../src/model/mcp.ts';
import { type ToolSources, callTool } from './registry.ts';
import type { McpResource } from './resources.ts';
import { RpcError } from './rpc.ts';
import type { McpServer } from './servers.ts';

export type Era = 'modern' | 'legacy';

export interface MethodContext {
  spec: McpServer;
  sources: ToolSources;
  era: Era;
}

/** Caching hints of the cacheable results (server/utilities/caching): public data, fresh as long as the data files. */
export const CACHE_HINTS = { ttlMs: PUBLISHED_DATA_MAX_AGE_SECONDS * 1000, cacheScope: 'public' as const };

/** Resources per `resources/list` page. */
export const RESOURCES_PAGE_SIZE = 100;

interface MethodDefinition {
  /** Params as the method reads them (`_meta` and unknown members are ignored). */
  params: z.ZodType;
  /** Whether the result carries caching hints in the modern era. */
  cacheable: boolean;
  run(params: never, context: MethodContext): Promise<Record<string, unknown>> | Record<string, unknown>;
}

const define = <S extends z.ZodType>(method: { params: S; cacheable: boolean; run(params: z.output<S>, context: MethodContext): Promise<Record<string, unknown>> | Record<string, unknown> }) =>
  method as unknown as MethodDefinition;

const text = (what: string) => z.string({ error: `deve ser ${what} (um texto)` });
const cursorParams = z.looseObject({ cursor: text('o cursor devolvido em nextCursor').optional() });

/** The identity both eras announce (`initialize`'s serverInfo, `server/discover`'s `_meta` serverInfo). */
export const serverIdentity = (spec: McpServer) => ({ name: spec.name, version: spec.version, title: spec.title });

/** Listings per spec, built once (zod → JSON Schema is not free). */
const listings = new WeakMap<McpServer, ReturnType<typeof toolListing>[]>();

const listingOf = (resource: McpResource) => ({
  uri: resource.uri,
  name: resource.name,
  title: resource.title,
  description: resource.description,
  mimeType: resource.mimeType,
  size: resource.size,
  ...(resource.lastModified ? { annotations: { lastModified: resource.lastModified } } : {}),
});

/** An opaque `resources/list` cursor: the offset of the next page, base64url. */
const cursorFor = (offset: number): string => Buffer.from(`p${offset}`).toString('base64url');

function offsetOf(cursor: string | undefined, total: number): number {
  if (cursor === undefined) return 0;
  const match = /^p(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  const offset = match ? Number(match[1]) : Number.NaN;
  if (!Number.isInteger(offset) || offset <= 0 || offset >= total) {
    throw new RpcError(CODES.invalidParams, 'cursor inválido: use o nextCursor da resposta anterior, ou omita-o para a primeira página.', { cursor });
  }
  return offset;
}

export const METHODS: Readonly<Record<string, MethodDefinition>> = {
  'tools/list': define({
    params: cursorParams,
    cacheable: true,
    run(_params, { spec }) {
      let tools = listings.get(spec);
      if (!tools) listings.set(spec, (tools = spec.tools.map(toolListing)));
      return { tools };
    },
  }),
  'tools/call': define({
    params: z.looseObject({
      name: text('o nome de uma ferramenta'),
      arguments: z.record(z.string(), z.unknown(), { error: 'deve ser um objeto com os argumentos da ferramenta, ou ser omitido' }).optional(),
    }),
    cacheable: false,
    async run({ name, arguments: args }, { spec, sources }) {
      const tool = spec.tools.find((t) => t.name === name);
      if (!tool) {
        throw new RpcError(CODES.invalidParams, `Ferramenta desconhecida: "${name}". Ferramentas deste servidor: ${spec.tools.map((t) => t.name).join(', ')}.`, { name });
      }
      return callTool(tool, args, sources);
    },
  }),
  'resources/list': define({
    params: cursorParams,
    cacheable: true,
    run({ cursor }, { spec, sources }) {
      const all = spec.resources.list(sources);
      const offset = offsetOf(cursor, all.length);
      const next = offset + RESOURCES_PAGE_SIZE;
      return { resources: all.slice(offset, next).map(listingOf), ...(next < all.length ? { nextCursor: cursorFor(next) } : {}) };
    },
  }),
  'resources/templates/list': define({
    params: cursorParams,
    cacheable: true,
    run(_params, { spec, sources }) {
      return { resourceTemplates: spec.resources.templates(sources.origin) };
    },
  }),
  'resources/read': define({
    params: z.looseObject({ uri: text('o endereço (URI) de um recurso de resources/list') }),
    cacheable: true,
    run({ uri }, { spec, sources, era }) {
      const resource = spec.resources.find(uri, sources);
      if (!resource) {
        // Resource not found: -32002 up to 2025-11-25, -32602 (invalid params) from 2026-07-28 on.
        throw new RpcError(era === 'modern' ? CODES.invalidParams : -32002, `Recurso não encontrado: "${uri}". Os endereços válidos estão em resources/list.`, { uri });
      }
      return { contents: [{ uri, mimeType: resource.mimeType, text: resource.text }] };
    },
  }),
};

/** The params of a request as a method reads them, or -32602 with what is wrong (pt-BR, one line). */
export function parseParams<S extends z.ZodType>(method: string, schema: S, params: unknown): z.output<S> {
  const parsed = schema.safeParse(params ?? {}, { reportInput: true });
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.slice(0, 3).map((issue) => {
    if (issue.path.length === 0) return 'params deve ser um objeto';
    const where = issue.path.join('.');
    if (issue.code === 'invalid_type' && issue.input === undefined) return `${where} é obrigatório`;
    return `${where} ${issue.message}${issue.input === null ? ' (recebido: null)' : ''}`;
  });
  throw new RpcError(CODES.invalidParams, `Parâmetros inválidos em ${method}: ${problems.join('; ')}.`);
}

/** Runs a method of the table with raw params (throws `RpcError`); `undefined` when the method is not ours. */
export async function runMethod(method: string, params: unknown, context: MethodContext): Promise<Record<string, unknown> | undefined> {
  const definition = Object.hasOwn(METHODS, method) ? METHODS[method] : undefined;
  if (!definition) return undefined;
  return definition.run(parseParams(method, definition.params, params) as never, context);
}

export const isCacheable = (method: string): boolean => (Object.hasOwn(METHODS, method) ? METHODS[method]!.cacheable : false);

/** `server/discover` (modern): versions, capabilities, instructions; server identity goes in `_meta` (modern.ts). */
export const discoverResult = (spec: McpServer, supportedVersions: readonly string[]) => ({
  supportedVersions: [...supportedVersions],
  capabilities: MCP_CAPABILITIES,
  instructions: spec.instructions,
});

/** Params of a legacy `initialize`: the requested revision, the client's capabilities and identity. */
export const initializeParams = z.looseObject({
  protocolVersion: text('a versão do protocolo pedida (ex.: "2025-11-25")'),
  capabilities: z.looseObject({}, { error: 'deve ser um objeto com as capacidades do cliente (mesmo vazio)' }),
  clientInfo: z.looseObject(
    { name: text('o nome do cliente'), version: text('a versão do cliente') },
    { error: 'deve ser um objeto com name e version do cliente' },
  ),
});


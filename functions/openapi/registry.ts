/**
 * The OpenAPI registry: each area registers its operations (and the named zod schemas of their bodies) here,
 * from the same schemas its handler validates and answers with; `openapiDocument()` (./document.ts) turns
 * the registry into the OpenAPI 3.1 file, and `GET /api` lists the registered operations as `endpoints`.
 *
 * Registration modules must stay free of data imports (they run in the Astro build before
 * `.generated/` exists): schemas and descriptions only. The list of registration modules is ./operations.ts.
 */
import { z } from 'zod';
import { API_RESPONSE_HEADERS } from '../http/cors.ts';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'options' | 'head';

/** Reusable response headers (components.headers); operations name the ones they send. */
export const HEADER_NAMES = API_RESPONSE_HEADERS;
export type HeaderName = (typeof HEADER_NAMES)[number];

/** The five rate-limit headers every API response carries. */
export const RATE_LIMIT_HEADERS: readonly HeaderName[] = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy', 'RateLimit'];

export interface ParameterSpec {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  description: string;
  /** The zod schema the handler validates the (decoded) value with. */
  schema: z.ZodType;
  example?: unknown;
}

export interface ResponseSpec {
  description: string;
  /** Media type → body schema (registered schemas become `$ref`s). */
  content?: Record<string, z.ZodType>;
  /** Headers sent with this response (names of HEADER_NAMES). */
  headers?: readonly HeaderName[];
}

/**
 * Who may call: `open` (no credential), `scope` (bearer with that scope required), `optional` (bearer
 * optional; validated when sent: the sandbox).
 */
export type OperationSecurity = { kind: 'open' } | { kind: 'scope'; scope: string } | { kind: 'optional' };

export interface OperationSpec {
  method: HttpMethod;
  /** OpenAPI path template, e.g. `/api/v1/paginas/{rota}`. */
  path: string;
  operationId: string;
  /** One line in pt-BR; also the `descricao` of the endpoint in `GET /api`. */
  summary: string;
  /** What the summary leaves out (behaviour, limits, errors), in pt-BR: every operation has one. */
  description: string;
  tags: readonly string[];
  security: OperationSecurity;
  parameters?: readonly ParameterSpec[];
  requestBody?: { required: boolean; description?: string; content: Record<string, z.ZodType> };
  responses: Record<string, ResponseSpec>;
  /** Listed in `GET /api` `endpoints` (default true). */
  listed?: boolean;
}

/** Named component schemas (`#/components/schemas/<id>`). */
export const componentSchemas = z.registry<{ id: string }>();
const schemaIds = new Map<string, z.ZodType>();

/** Registers `schema` as the component `id` and returns it (so modules can export the registered schema). */
export function registerSchema<T extends z.ZodType>(id: string, schema: T): T {
  const existing = schemaIds.get(id);
  if (existing === schema) return schema;
  if (existing) throw new Error(`[openapi] esquema ${id} registrado duas vezes com definições diferentes`);
  if (componentSchemas.has(schema)) throw new Error(`[openapi] o mesmo esquema zod foi registrado com dois nomes (${id})`);
  componentSchemas.add(schema, { id });
  schemaIds.set(id, schema);
  return schema;
}

const operations: OperationSpec[] = [];
const tags = new Map<string, string>();

/** Registers an operation (a second registration of the same method and path replaces the first). */
export function registerOperation(operation: OperationSpec): void {
  const index = operations.findIndex((o) => o.method === operation.method && o.path === operation.path);
  if (index >= 0) operations[index] = operation;
  else operations.push(operation);
}

/** Registers the description of a tag (the group an operation belongs to). */
export function registerTag(name: string, description: string): void {
  tags.set(name, description);
}

export const registeredOperations = (): readonly OperationSpec[] => operations;
export const registeredTags = (): ReadonlyMap<string, string> => tags;

/** The scope an operation requires (`''` when open or optional), as `GET /api` lists it. */
export const operationScope = (operation: OperationSpec): string => (operation.security.kind === 'scope' ? operation.security.scope : '');

/** The named component schemas, by id. */
export const registeredSchemas = (): ReadonlyMap<string, z.ZodType> => schemaIds;

/**
 * The shape of an operation table. Each surface (the API function, agent authentication, `/ask`) declares its
 * operations once, as data, in its own table (functions/api/operations.ts, functions/auth/operations.ts,
 * functions/ask/operations.ts); functions/operations.ts lists the surfaces. The OpenAPI document
 * (./document.ts), `GET /api` (`endpoints`, `escopos`), the API router and the agent-auth handler all read
 * those tables. No registry, no side-effect imports.
 *
 * Tables must stay free of data imports (they run in the Astro build before `.generated/` exists):
 * schemas and descriptions only.
 */
import type { z } from 'zod';
import type { Scope } from '../auth/tokens.ts';
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
  /** Media type → body schema (a schema named in a surface's `schemas` becomes a `$ref`). */
  content?: Record<string, z.ZodType>;
  /** Headers sent with this response (names of HEADER_NAMES). */
  headers?: readonly HeaderName[];
}

/**
 * Who may call: `open` (no credential), `scope` (bearer with that scope required), `optional` (bearer
 * optional; validated when sent: the sandbox).
 */
export type OperationSecurity = { kind: 'open' } | { kind: 'scope'; scope: Scope } | { kind: 'optional' };

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

/** One surface's table: its operations, the description of its tags and its named component schemas. */
export interface Surface {
  tags: Readonly<Record<string, string>>;
  /** Component name → schema (`#/components/schemas/<name>`); a name is declared by exactly one surface. */
  schemas: Readonly<Record<string, z.ZodType>>;
  operations: readonly OperationSpec[];
}

/** The scope an operation requires (`''` when open or optional), as `GET /api` lists it. */
export const operationScope = (operation: OperationSpec): string => (operation.security.kind === 'scope' ? operation.security.scope : '');

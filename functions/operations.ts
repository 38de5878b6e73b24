/**
 * Every surface's operation table, in document order: the API function, agent authentication (with its
 * well-known metadata) and `/ask`. The OpenAPI document and `GET /api` read this list; a new surface adds its
 * table here. No data imports: this runs in the static build.
 */
import { API_SURFACE } from './api/operations.ts';
import { ASK_SURFACE } from './ask/operations.ts';
import { AUTH_SURFACE } from './auth/operations.ts';
import { COMMON_SCHEMAS } from './openapi/common.ts';
import type { OperationSpec, Surface } from './openapi/spec.ts';

export const SURFACES: readonly Surface[] = [API_SURFACE, AUTH_SURFACE, ASK_SURFACE];

/** Every documented operation, in document order. */
export const OPERATIONS: readonly OperationSpec[] = SURFACES.flatMap((s) => s.operations);

/** Tag name → description, from every surface. */
export const TAGS: ReadonlyMap<string, string> = new Map(SURFACES.flatMap((s) => Object.entries(s.tags)));

/** Component name → schema: the shared ones and every surface's (a name declared twice is an error). */
export const COMPONENT_SCHEMAS: ReadonlyMap<string, import('zod').ZodType> = (() => {
  const all = new Map<string, import('zod').ZodType>(Object.entries(COMMON_SCHEMAS));
  for (const surface of SURFACES) {
    for (const [name, schema] of Object.entries(surface.schemas)) {
      if (all.has(name)) throw new Error(`[openapi] esquema ${name} declarado duas vezes`);
      all.set(name, schema);
    }
  }
  return all;
})();

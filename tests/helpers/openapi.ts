/**
 * Validates response bodies against the SERVED OpenAPI document: the schema of (path template, method,
 * status, media type) is compiled with ajv (JSON Schema 2020-12, as OpenAPI 3.1 uses, plus formats).
 * `strict` also refuses members the document does not declare (objects without `additionalProperties`
 * get `additionalProperties: false` in a test-only copy), so undocumented fields are caught too.
 */
import assert from 'node:assert/strict';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ValidateFunction } from 'ajv';

// ajv-formats is CommonJS: its default export arrives as the module object under some loaders.
type AddFormats = (ajv: Ajv2020) => unknown;
export const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as unknown as AddFormats;

type Json = Record<string, unknown>;
export interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json> } & Json;
  [key: string]: unknown;
}

const pointer = (...parts: string[]): string => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Adds `additionalProperties: false` to every object schema that declares properties and no policy. */
function strictCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strictCopy);
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) out[k] = strictCopy(v);
  if (out.type === 'object' && out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

export interface ResponseValidator {
  /** Asserts that `body` matches the documented schema of the response; returns the body. */
  check<T = unknown>(path: string, method: string, status: number, body: T, mediaType?: string): T;
  /** The compiled validator of a named component schema. */
  component(name: string): ValidateFunction;
}

export function responseValidator(doc: OpenApiDoc, options: { strict?: boolean } = {}): ResponseValidator {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  const source = (options.strict === false ? doc : strictCopy(doc)) as OpenApiDoc;
  ajv.addSchema(source, 'openapi');
  const compiled = new Map<string, ValidateFunction>();
  const get = (ref: string): ValidateFunction => {
    let fn = compiled.get(ref);
    if (!fn) {
      fn = ajv.getSchema(ref);
      assert.ok(fn, `esquema não encontrado no OpenAPI servido: ${ref}`);
      compiled.set(ref, fn);
    }
    return fn;
  };
  return {
    check(path, method, status, body, mediaType = 'application/json') {
      const operation = doc.paths[path]?.[method.toLowerCase()] as { responses?: Record<string, { content?: Record<string, unknown> }> } | undefined;
      assert.ok(operation, `operação não documentada: ${method} ${path}`);
      const response = operation.responses?.[String(status)];
      assert.ok(response, `status ${status} não declarado em ${method} ${path}`);
      assert.ok(response.content?.[mediaType], `${method} ${path} ${status}: sem esquema para ${mediaType}`);
      const validate = get(`openapi#/${pointer('paths', path, method.toLowerCase(), 'responses', String(status), 'content', mediaType, 'schema')}`);
      const ok = validate(body);
      assert.ok(ok, `${method} ${path} ${status}: corpo fora do esquema servido: ${ajv.errorsText(validate.errors, { separator: '\n' })}\n${JSON.stringify(body).slice(0, 600)}`);
      return body;
    },
    component(name) {
      return get(`openapi#/components/schemas/${pointer(name)}`);
    },
  };
}

/** Every `$ref` in a document, with whether it resolves to an existing location. */
export function unresolvedRefs(doc: unknown): string[] {
  const missing: string[] = [];
  const resolve = (ref: string): boolean => {
    if (!ref.startsWith('#/')) return false;
    let node: unknown = doc;
    for (const raw of ref.slice(2).split('/')) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      if (!node || typeof node !== 'object' || !(key in node)) return false;
      node = (node as Json)[key];
    }
    return true;
  };
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (k === '$ref' && typeof v === 'string') {
          if (!resolve(v)) missing.push(v);
        } else walk(v);
      }
    }
  };
  walk(doc);
  return missing;
}

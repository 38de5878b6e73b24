/**
 * Response helpers of the API: JSON bodies (`application/json; charset=utf-8`, `Cache-Control: no-store`,
 * since every response carries per-client rate-limit headers) and the contract's error bodies.
 */
import { errorResponse } from '../http/errors.ts';
import type { ApiData } from './data.ts';
import { knownBodyResponse } from '../http/known-body.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';

const encoder = new TextEncoder();

/** A JSON response from serialized bytes (with `Content-Length`, so servers need no chunked encoding). */
function jsonBytes(bytes: Uint8Array<ArrayBuffer>, status: number, headers?: HeadersInit): Response {
  const own: [string, string][] = [
    ['content-type', JSON_TYPE],
    ['cache-control', 'no-store'],
    ['content-length', String(bytes.byteLength)],
  ];
  if (headers === undefined) return knownBodyResponse(bytes, { status, headers: own });
  // The caller's headers first, ours over them (set, not appended), as before; the common case (none) builds no Headers.
  const h = new Headers(headers);
  for (const [name, value] of own) h.set(name, value);
  return knownBodyResponse(bytes, { status, headers: h });
}

/** A JSON response from already serialized text. */
export const jsonText = (text: string, status = 200, headers?: HeadersInit): Response => jsonBytes(encoder.encode(text), status, headers);

export const json = (body: unknown, status = 200, headers?: HeadersInit): Response => jsonText(JSON.stringify(body), status, headers);

/** `body` with `sandbox: true` when it comes from the sandbox. */
export const marked = <T extends object>(data: ApiData, body: T): T & { sandbox?: true } => (data.sandbox ? { ...body, sandbox: true as const } : body);

/**
 * The body of `key` from the source's cache, computed, serialized and encoded on first use: bodies that do
 * not depend on the caller (pages, search results, catalogue, prices) are built once per source.
 */
export function cachedJson(data: ApiData, key: string, build: () => object): Response {
  let bytes = data.cache.get(key);
  if (bytes === undefined) {
    bytes = encoder.encode(JSON.stringify(marked(data, build())));
    data.cache.set(key, bytes);
  }
  return jsonBytes(bytes, 200);
}

export const badRequest = (description: string): Response => errorResponse('invalid_request', description);
export const notFound = (description: string): Response => errorResponse('not_found', description);

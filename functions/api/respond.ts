/**
 * Response helpers of the API: JSON bodies (`application/json; charset=utf-8`, `Cache-Control: no-store`,
 * since every response carries per-client rate-limit headers) and the contract's error bodies.
 */
import { errorResponse } from '../http/errors.ts';
import type { ApiData } from './data.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';

/** A JSON response from already serialized text. */
export function jsonText(text: string, status = 200, headers?: HeadersInit): Response {
  const h = new Headers(headers);
  h.set('content-type', JSON_TYPE);
  h.set('cache-control', 'no-store');
  return new Response(text, { status, headers: h });
}

export const json = (body: unknown, status = 200, headers?: HeadersInit): Response => jsonText(JSON.stringify(body), status, headers);

/** `body` with `sandbox: true` when it comes from the sandbox. */
export const marked = <T extends object>(data: ApiData, body: T): T & { sandbox?: true } => (data.sandbox ? { ...body, sandbox: true as const } : body);

/** The body of `key` from the source's cache, computing and serializing it on first use. */
export function cachedJson(data: ApiData, key: string, build: () => object): Response {
  let text = data.cache.get(key);
  if (text === undefined) {
    text = JSON.stringify(marked(data, build()));
    if (data.cache.size >= 5_000) data.cache.clear();
    data.cache.set(key, text);
  }
  return jsonText(text);
}

export const badRequest = (description: string): Response => errorResponse('invalid_request', description);
export const notFound = (description: string): Response => errorResponse('not_found', description);

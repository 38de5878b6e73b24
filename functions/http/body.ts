/**
 * Request bodies read with a byte cap (contract: 4 KB on /agent/identity, 64 KB on the other functions).
 * `Content-Length` is only a hint: the stream itself is counted, so a chunked or lying client cannot push
 * more than `limit` bytes into memory. `readJson` adds the JSON parse and the zod check and returns a value
 * or the reason it failed; each handler words the failure in its own shape.
 */
import type { z } from 'zod';
export const MAX_BODY_BYTES = 64 * 1024;

export type BodyResult = { ok: true; text: string; bytes: number } | { ok: false; reason: 'too_large' | 'encoding' | 'read' };

export async function readBodyText(request: Request, limit = MAX_BODY_BYTES): Promise<BodyResult> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit) {
    await request.body?.cancel().catch(() => {});
    return { ok: false, reason: 'too_large' };
  }
  if (!request.body) return { ok: true, text: '', bytes: 0 };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > limit) {
        await reader.cancel().catch(() => {});
        return { ok: false, reason: 'too_large' };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, reason: 'read' };
  }
  const all = new Uint8Array(bytes);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(all), bytes };
  } catch {
    return { ok: false, reason: 'encoding' };
  }
}

/** The media type of a request without parameters, lower-cased ('' when absent). */
export const mediaType = (request: Request): string => (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

export const isJsonMediaType = (type: string): boolean => type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);

export type JsonBodyFailure = 'too_large' | 'encoding' | 'read' | 'empty' | 'syntax' | 'schema';

export type JsonBody<T> =
  | {
      ok: true;
      /** The value as the schema returns it. */
      value: T;
      /** The value as parsed, before the schema (members the schema drops are still there). */
      raw: unknown;
    }
  | { ok: false; reason: JsonBodyFailure; error?: z.ZodError; raw?: unknown };

/**
 * The body as JSON checked by `schema` (read with the `limit` byte cap): `empty` for a blank body, `syntax`
 * for text that is not JSON, `schema` (with zod's error) for JSON of another shape (`raw` is the parsed value).
 */
export async function readJson<S extends z.ZodType>(request: Request, schema: S, limit = MAX_BODY_BYTES, params?: z.core.ParseContext<z.core.$ZodIssue>): Promise<JsonBody<z.output<S>>> {
  const body = await readBodyText(request, limit);
  if (!body.ok) return { ok: false, reason: body.reason };
  return parseJson(body.text, schema, params);
}

/** Text already read (a body whose format is sniffed first) as JSON checked by `schema`; as `readJson`. */
export function parseJson<S extends z.ZodType>(text: string, schema: S, params?: z.core.ParseContext<z.core.$ZodIssue>): JsonBody<z.output<S>> {
  if (text.trim() === '') return { ok: false, reason: 'empty' };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'syntax' };
  }
  const parsed = schema.safeParse(raw, params);
  if (!parsed.success) return { ok: false, reason: 'schema', error: parsed.error, raw };
  return { ok: true, value: parsed.data, raw };
}

/**
 * Query-parameter parsing shared by the routes: each parameter is read once (a repeated parameter is a
 * 400), integers are plain decimal digits, and values are validated with the same zod schemas the OpenAPI
 * document describes.
 */
import type { z } from 'zod';
import { badRequest } from './respond.ts';

export type Parsed<T> = { ok: true; value: T } | { ok: false; response: Response };

/** The single value of `name` (undefined when absent); a repeated parameter is refused. */
export function single(url: URL, name: string): Parsed<string | undefined> {
  const values = url.searchParams.getAll(name);
  if (values.length > 1) return { ok: false, response: badRequest(`Envie o parâmetro ${name} uma vez só.`) };
  return { ok: true, value: values[0] };
}

/** An integer parameter validated by `schema` (which carries the default); `message` explains the bounds. */
export function integer(url: URL, name: string, schema: z.ZodType<number>, message: string): Parsed<number> {
  const raw = single(url, name);
  if (!raw.ok) return raw;
  if (raw.value !== undefined && !/^[0-9]{1,9}$/.test(raw.value)) return { ok: false, response: badRequest(message) };
  const result = schema.safeParse(raw.value === undefined ? undefined : Number(raw.value));
  return result.success ? { ok: true, value: result.data } : { ok: false, response: badRequest(message) };
}

/** A string parameter validated by `schema`; the first zod message explains a refusal. */
export function text(url: URL, name: string, schema: z.ZodType<string>, missing: string): Parsed<string> {
  const raw = single(url, name);
  if (!raw.ok) return raw;
  if (raw.value === undefined) return { ok: false, response: badRequest(missing) };
  const result = schema.safeParse(raw.value);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  return { ok: false, response: badRequest(`Parâmetro ${name} inválido: ${issue?.message ?? 'valor fora do formato'}.`) };
}

/** Decodes one percent-encoded path value; undefined when the encoding is malformed. */
export function decodePath(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/**
 * An operation's parameters read from a request exactly as its table declares them (./spec.ts `ParameterSpec`): the
 * same zod schemas the OpenAPI document is generated from validate the values, so what the document says is what
 * the router accepts. Query parameters are read once each (a repeated one is refused); integers are plain decimal
 * digits; a path parameter arrives still percent-encoded and is decoded here. A refusal is a 400 `invalid_request`
 * that names the parameter, in pt-BR.
 */
import { z } from 'zod';
import ptBR from 'zod/v4/locales/pt-BR.js';
import type { Problem } from '../http/pipeline.ts';
import type { ParameterSpec } from './spec.ts';

const ptBRErrors = ptBR().localeError;

const invalid = (description: string): { ok: false; problem: Problem } => ({ ok: false, problem: { error: 'invalid_request', description } });

/** The schema under its default (the one that knows the bounds). */
const inner = (schema: z.ZodType): z.ZodType => (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional ? inner(schema.unwrap() as z.ZodType) : schema);

/** What an integer parameter must be, in words: `um inteiro de 1 a 20`. */
function integerWords(schema: z.ZodNumber): string {
  const { minValue, maxValue } = schema;
  if (Number.isFinite(minValue) && Number.isFinite(maxValue)) return `um inteiro de ${minValue} a ${maxValue}`;
  if (Number.isFinite(minValue)) return `um inteiro a partir de ${minValue}`;
  return 'um inteiro';
}

/** The example of a parameter as a query string (`?q=dados+estruturados`), for the message of a missing one. */
const exampleOf = (spec: ParameterSpec): string => (spec.example === undefined ? '' : ` (ex.: ?${new URLSearchParams({ [spec.name]: String(spec.example) })})`);

/**
 * The values of `parameters` in `url` (query) and `pathParam` (the still percent-encoded path parameter), by name:
 * each as its schema outputs it (defaults applied), or the problem with the first one that is not valid.
 */
export function readParameters(
  parameters: readonly ParameterSpec[],
  url: URL,
  pathParam: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; problem: Problem } {
  const value: Record<string, unknown> = {};
  for (const spec of parameters) {
    const { name } = spec;
    const schema = inner(spec.schema);
    let raw: string | undefined;
    if (spec.in === 'path') {
      const max = schema instanceof z.ZodString ? schema.maxLength : null;
      // Percent-encoding triples a character at most: a longer raw value is refused before it is decoded.
      if (max !== null && pathParam.length > max * 3) return invalid(`Parâmetro ${name} longo demais: o limite é ${max} caracteres.`);
      try {
        raw = decodeURIComponent(pathParam);
      } catch {
        return invalid(`Parâmetro ${name} com codificação percentual inválida.`);
      }
    } else if (spec.in === 'query') {
      const values = url.searchParams.getAll(name);
      if (values.length > 1) return invalid(`Envie o parâmetro ${name} uma vez só.`);
      raw = values[0];
    } else {
      continue;
    }
    if (raw === undefined && spec.required) return invalid(`O parâmetro ${name} é obrigatório${exampleOf(spec)}.`);
    // Absent and optional: its default, when it has one; otherwise absent from the input.
    if (raw === undefined && !(spec.schema instanceof z.ZodDefault)) continue;
    if (schema instanceof z.ZodNumber) {
      if (raw !== undefined && !/^[0-9]{1,9}$/.test(raw)) return invalid(`O parâmetro ${name} deve ser ${integerWords(schema)}.`);
      const parsed = spec.schema.safeParse(raw === undefined ? undefined : Number(raw));
      if (!parsed.success) return invalid(`O parâmetro ${name} deve ser ${integerWords(schema)}.`);
      value[name] = parsed.data;
      continue;
    }
    const parsed = spec.schema.safeParse(raw, { error: ptBRErrors });
    if (!parsed.success) return invalid(`Parâmetro ${name} inválido: ${parsed.error.issues[0]?.message ?? 'valor fora do formato'}.`);
    value[name] = parsed.data;
  }
  return { ok: true, value };
}

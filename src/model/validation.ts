/** Friendly build errors for content editors: name the file and the field, in pt-BR. */
import { z } from 'zod';

export class ContentError extends Error {
  constructor(file: string, problems: string[]) {
    super(`Conteúdo inválido em ${file}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ContentError';
  }
}

const TYPE_NAMES: Record<string, string> = {
  string: 'um texto',
  number: 'um número',
  int: 'um número inteiro',
  boolean: 'true ou false',
  array: 'uma lista',
  object: 'um grupo de campos',
  date: 'uma data no formato AAAA-MM-DD',
};
const typeName = (type: string): string => TYPE_NAMES[type] ?? type;
const receivedName = (input: unknown): string =>
  input === null ? 'vazio' : Array.isArray(input) ? 'uma lista' : input instanceof Date ? 'uma data' : typeName(typeof input);
const quoted = (value: unknown): string => (typeof value === 'string' ? `"${value}"` : String(value));
const items = (n: number): string => (n === 1 ? '1 item' : `${n} itens`);

/**
 * pt-BR messages for the zod issues a content editor can cause. Messages the schemas set themselves
 * (src/model/content.ts) take precedence; this map covers the rest (missing fields, types, sizes, enums).
 */
export const contentErrorMap = (issue: z.core.$ZodRawIssue): string => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'campo obrigatório ausente: acrescente-o (os campos de cada tipo de conteúdo estão no README, em "Como editar o conteúdo")';
      return `deve ser ${typeName(issue.expected)}, mas é ${receivedName(issue.input)}`;
    case 'invalid_value':
      if (issue.values.length === 1) return `deve ser ${quoted(issue.values[0])}`;
      return `valor ${quoted(issue.input)} não permitido; use um destes: ${issue.values.map(quoted).join(', ')}`;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return `curto demais (mínimo ${min} ${min === 1 ? 'caractere' : 'caracteres'})`;
      if (issue.origin === 'array') return `precisa de pelo menos ${items(min)}`;
      return issue.inclusive ? `deve ser no mínimo ${min}` : `deve ser maior que ${min}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `longo demais (máximo ${max} ${max === 1 ? 'caractere' : 'caracteres'})`;
      if (issue.origin === 'array') return `aceita no máximo ${items(max)}`;
      return issue.inclusive ? `deve ser no máximo ${max}` : `deve ser menor que ${max}`;
    }
    case 'invalid_format':
      return issue.format === 'regex' && 'pattern' in issue ? `formato inválido (esperado o padrão ${String(issue.pattern)})` : `formato inválido (${issue.format})`;
    case 'unrecognized_keys':
      return `${issue.keys.length === 1 ? 'campo desconhecido' : 'campos desconhecidos'}: ${issue.keys.map(quoted).join(', ')}`;
    case 'invalid_union':
      return 'valor inválido: não corresponde a nenhuma das formas aceitas';
    default:
      return 'valor inválido';
  }
};

export const describeIssues = (error: z.ZodError): string[] =>
  error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : '(raiz)'}: ${issue.message}`);

export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, file: string): T {
  const result = schema.safeParse(value, { error: contentErrorMap });
  if (!result.success) throw new ContentError(file, describeIssues(result.error));
  return result.data;
}

/**
 * The same schema, for Astro's content collections: Astro validates frontmatter with its own (English)
 * error map, which zod consults before ours. This wrapper parses with the pt-BR map instead and reports
 * every issue under the field it concerns (an unknown field under its own name), so Astro's message
 * reads `**campo**: problema` next to the file. The accepted input and the parsed output are unchanged.
 */
export function withContentMessages<T extends z.ZodType>(schema: T): z.ZodType<z.output<T>> {
  return z.any().transform((value, ctx): z.output<T> => {
    const result = schema.safeParse(value, { error: contentErrorMap });
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys)
          ctx.addIssue({ code: 'custom', path: [...issue.path, key], message: 'campo desconhecido (confira a grafia; os campos aceitos estão em src/model/content.ts)' });
      } else {
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }
    }
    return z.NEVER;
  }) as unknown as z.ZodType<z.output<T>>;
}

const WRITTEN_DATE = /^([A-Za-z][A-Za-z0-9_]*):[ \t]*(['"]?)(\d{4})-(\d{2})-(\d{2})\2[ \t]*(?:#.*)?$/gm;

/**
 * YAML turns an impossible date written without quotes (`publicadoEm: 2026-13-01`) into a real one (2027-01-01)
 * before any schema sees it. This reads the front matter as written: every top-level `campo: AAAA-MM-DD` must
 * name a day that exists. Used by the content loaders (src/content.config.ts) and the in-process checks.
 */
export function impossibleDates(frontMatter: string): string[] {
  const problems: string[] = [];
  for (const [, field, , y, m, d] of frontMatter.matchAll(WRITTEN_DATE)) {
    const [year, month, day] = [Number(y), Number(m), Number(d)];
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
      problems.push(`${field}: a data ${y}-${m}-${d} não existe (mês de 01 a 12 e dia que exista no mês)`);
    }
  }
  return problems;
}

const BRAZILIAN_DATE = /^([A-Za-z][A-Za-z0-9_]*):[ \t]*(['"]?)(\d{1,2})[/.](\d{1,2})[/.](\d{4})\2[ \t]*(?:#.*)?$/gm;

/**
 * A date written the Brazilian way (`publicadoEm: 25/11/2026`) is not a date to the front matter: each one is
 * reported with the same day written as the schemas want it (`2026-11-25`).
 */
export function brazilianDates(frontMatter: string): string[] {
  return [...frontMatter.matchAll(BRAZILIAN_DATE)].map(([, field, , d, m, y]) => {
    const iso = `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
    return `${field}: "${d}/${m}/${y}" está no formato dia/mês/ano; no frontmatter a data se escreve ano-mês-dia: ${field}: ${iso}`;
  });
}

/** Every problem of the dates of a front matter as written: impossible days and Brazilian-style dates. */
export const writtenDateProblems = (frontMatter: string): string[] => [...impossibleDates(frontMatter), ...brazilianDates(frontMatter)];

const CONTENT_CHECKED = Symbol.for('site.conteudo-verificado');

/**
 * Set once src/build/content-check.ts has checked every content file of this process's build (dates as
 * written included): the content loaders (src/content.config.ts) then skip reading each file a second time.
 */
export const markContentChecked = (): void => void ((globalThis as Record<symbol, unknown>)[CONTENT_CHECKED] = true);
export const contentChecked = (): boolean => (globalThis as Record<symbol, unknown>)[CONTENT_CHECKED] === true;

/** The front matter of a markdown file as written (between the opening and closing `---`), or '' when there is none. */
export const frontMatterOf = (text: string): string => /^\uFEFF?---\r?\n([\s\S]*?\r?\n)---/.exec(text)?.[1] ?? '';

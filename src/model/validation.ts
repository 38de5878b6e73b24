/** Friendly build errors for content editors: name the file and the field, in pt-BR. */
import type { z } from 'zod';

export class ContentError extends Error {
  constructor(file: string, problems: string[]) {
    super(`Conteúdo inválido em ${file}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ContentError';
  }
}

export const describeIssues = (error: z.ZodError): string[] =>
  error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : '(raiz)'}: ${issue.message}`);

export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, file: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new ContentError(file, describeIssues(result.error));
  return result.data;
}

/** `/busca`: the lexical search over title, description and text (functions/search). */
import type { ApiContext } from '../context.ts';
import { integer, text } from '../params.ts';
import { cachedJson } from '../respond.ts';
import { type SearchResponseBody, querySchema, searchLimitSchema } from '../schemas.ts';

export function search(ctx: ApiContext): Response {
  const q = text(ctx.url, 'q', querySchema, 'O parâmetro q é obrigatório: informe as palavras-chave (ex.: ?q=dados+estruturados).');
  if (!q.ok) return q.response;
  const limite = integer(ctx.url, 'limite', searchLimitSchema, 'O parâmetro limite deve ser um inteiro de 1 a 20.');
  if (!limite.ok) return limite.response;
  // Results depend only on the query and the limit: their serialized body is kept per source.
  return cachedJson(ctx.data, `busca:${limite.value}:${q.value}`, (): SearchResponseBody => {
    const resultados = ctx.data.search.search(q.value, { limite: limite.value });
    return { q: q.value, limite: limite.value, total: resultados.length, resultados };
  });
}

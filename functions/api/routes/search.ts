/** `/busca`: the lexical search over title, description and text (functions/search). */
import type { ApiContext } from '../context.ts';
import { cachedJson } from '../respond.ts';
import type { SearchResponseBody } from '../schemas.ts';

export function search(ctx: ApiContext, { q, limite }: { q: string; limite: number }): Response {
  // Results depend only on the query and the limit: their serialized body is kept per source.
  return cachedJson(ctx.data, `busca:${limite}:${q}`, (): SearchResponseBody => {
    const resultados = ctx.data.search.search(q, { limite });
    return { q, limite, total: resultados.length, resultados };
  });
}

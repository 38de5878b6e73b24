/**
 * `/paginas` (cursor pagination over the page index) and `/paginas/{rota}` (one complete page). The cursor
 * is the base64url (no padding) of the decimal start index; it is checked to be exactly what `proximo`
 * would have produced, so a tampered or foreign cursor is a 400, never a silent restart.
 */
import { Buffer } from 'node:buffer';
import type { ApiContext } from '../context.ts';
import { badRequest, cachedJson, json, marked, notFound } from '../respond.ts';
import { type PageListBody, cursorSchema } from '../schemas.ts';

export const encodeCursor = (start: number): string => Buffer.from(String(start), 'latin1').toString('base64url');

/** The start index of a cursor, or undefined when it is not one `proximo` could have produced. */
export function decodeCursor(cursor: string): number | undefined {
  if (!cursorSchema.safeParse(cursor).success) return undefined;
  const decoded = Buffer.from(cursor, 'base64url').toString('latin1');
  if (!/^(?:0|[1-9][0-9]{0,8})$/.test(decoded)) return undefined;
  const start = Number(decoded);
  return encodeCursor(start) === cursor ? start : undefined;
}

export function listPages(ctx: ApiContext, { limite, cursor }: { limite: number; cursor?: string }): Response {
  const pages = ctx.data.pages;
  let start = 0;
  if (cursor !== undefined) {
    const decoded = decodeCursor(cursor);
    if (decoded === undefined) {
      return badRequest('Cursor inválido: use exatamente o valor de `proximo` da página anterior (índice inicial em base64url).');
    }
    if (decoded >= pages.length && decoded !== 0) return badRequest(`Cursor fora do intervalo: o índice tem ${pages.length} páginas.`);
    start = decoded;
  }
  const end = Math.min(pages.length, start + limite);
  const body: PageListBody = {
    limite,
    ...(cursor !== undefined ? { cursor } : {}),
    total: pages.length,
    ...(end < pages.length ? { proximo: encodeCursor(end) } : {}),
    paginas: pages.slice(start, end),
  };
  return json(marked(ctx.data, body));
}

/**
 * `rota` is the path after `/paginas/`, decoded and checked by its operation's schema (`routeParamSchema`: length,
 * no control characters or backslashes, no `.` or `..` segment). A slash may come escaped (`blog%2Fx`, what a client
 * generated from the OpenAPI sends: OAS 3.1 forbids `/` in a path parameter) or not (`blog/x`): both decode to the
 * same route and get the same answer; `..%2F` is refused like `../`.
 */
export function getPage(ctx: ApiContext, { rota }: { rota: string }): Response {
  const key = `pagina:${rota}`;
  if (!ctx.data.cache.has(key) && !ctx.data.page(rota)) {
    return notFound(`A rota "${rota.slice(0, 80)}" não está no índice de páginas. Liste as rotas em /api/v1/paginas; a página inicial é "index".`);
  }
  return cachedJson(ctx.data, key, () => ctx.data.page(rota)!);
}

/**
 * The API's routes: which area a path belongs to (public index, open reading, v1, sandbox) and, inside v1
 * and the sandbox, which handler answers. Paths, templates and scopes come from the operation table
 * (./operations.ts); this module only binds each route of the table to its handler. The sandbox mounts the very
 * same v1 routes under `/api/v1/sandbox`; only the data source and the credential rules differ (see handler.ts).
 * The handlers stay out of the table because the table runs in the static build and some handlers load data.
 */
import type { Scope } from '../auth/tokens.ts';
import type { OperationSpec } from '../openapi/spec.ts';
import type { ApiContext } from './context.ts';
import { OPEN_READING_OPERATION, PUBLIC_INDEX_OPERATION, V1_ROUTES, type V1RouteDoc, type V1RouteId } from './operations.ts';
import { API_INDEX, OPEN_READING, SANDBOX, V1 } from '../../src/model/paths.ts';
import { authenticatedIndex, publicIndex } from './routes/index-route.ts';
import { prices, solutions } from './routes/catalogue.ts';
import { getPage, listPages } from './routes/pages.ts';
import { openReading, readiness, readinessHistory } from './routes/readiness.ts';
import { search } from './routes/search.ts';

export { SANDBOX, V1 } from '../../src/model/paths.ts';

export type Area = 'index' | 'leitura' | 'v1' | 'sandbox';

/** A route's handler; `param` is the still-encoded part of the path that the template's `{param}` stands for. */
type RouteHandler = (ctx: ApiContext, param: string) => Response | Promise<Response>;

/** Every v1 route of the table has exactly one handler (the compiler checks both ways). */
const V1_HANDLERS: Record<V1RouteId, RouteHandler> = {
  Indice: authenticatedIndex,
  ListarPaginas: listPages,
  ObterPagina: getPage,
  Buscar: search,
  ListarSolucoes: solutions,
  ListarPrecos: prices,
  LerProntidao: readiness,
  LerHistoricoProntidao: readinessHistory,
};

export interface ApiRoute {
  /** OpenAPI path template (for the deprecation table). */
  template: string;
  /** Scope required on v1 (under the sandbox the bearer is optional). */
  scope: Scope;
  handle(ctx: ApiContext): Response | Promise<Response>;
}

export interface ApiMatch {
  area: Area;
  /** Undefined for an unknown path inside the area (404). */
  route?: ApiRoute;
}

interface CompiledRoute {
  doc: V1RouteDoc;
  /** The literal part of the template: the whole template, or what precedes its `{param}`. */
  prefix: string;
  /** The literal part after the `{param}` (`/historico`), empty when the parameter ends the template. */
  suffix: string;
  takesRest: boolean;
}

const COMPILED: readonly CompiledRoute[] = V1_ROUTES.map((doc: V1RouteDoc) => {
  const param = /\{[a-z]+\}/.exec(doc.relative);
  const suffix = param ? doc.relative.slice(param.index + param[0].length) : '';
  if ((!param && /[{}]/.test(doc.relative)) || /[{}]/.test(suffix)) throw new Error(`[api] modelo de rota não suportado: ${doc.relative}`);
  return { doc, prefix: param ? doc.relative.slice(0, param.index) : doc.relative, suffix, takesRest: param !== null };
})
  // Among templates, a literal tail is more specific: `/prontidao/{dominio}/historico` before `/prontidao/{dominio}`.
  .sort((a, b) => b.suffix.length - a.suffix.length);

/**
 * The v1 route of a path relative to the v1 (or sandbox) base: literals first, then templates with a parameter
 * (the parameter takes what lies between the template's literal head and tail, slashes included).
 */
function v1Route(base: string, relative: string): ApiRoute | undefined {
  const bind = ({ doc }: CompiledRoute, param: string): ApiRoute => ({
    template: `${base}${doc.relative}`,
    scope: doc.scope,
    handle: (ctx) => V1_HANDLERS[doc.id as V1RouteId](ctx, param),
  });
  for (const route of COMPILED) {
    if (route.takesRest) continue;
    // A literal template answers with or without a trailing slash (the index `/` also answers the bare base).
    const slashed = route.prefix === '/' ? '' : `${route.prefix}/`;
    if (relative === route.prefix || relative === slashed) return bind(route, '');
  }
  for (const route of COMPILED) {
    const { prefix, suffix } = route;
    if (route.takesRest && relative.startsWith(prefix) && relative.endsWith(suffix) && relative.length > prefix.length + suffix.length) {
      return bind(route, relative.slice(prefix.length, relative.length - suffix.length));
    }
  }
  return undefined;
}

const openRoute = (operation: OperationSpec, handle: ApiRoute['handle']): ApiRoute => ({
  template: operation.path,
  // Open routes check no bearer; the field only keeps ApiRoute's shape.
  scope: 'site.read',
  handle,
});
const PUBLIC_INDEX = openRoute(PUBLIC_INDEX_OPERATION, publicIndex);
const OPEN_READING_ROUTE = openRoute(OPEN_READING_OPERATION, openReading);

/** The area and route of an API path (undefined for paths outside the API). */
export function matchApi(pathname: string): ApiMatch | undefined {
  if (pathname === API_INDEX || pathname === `${API_INDEX}/`) return { area: 'index', route: PUBLIC_INDEX };
  if (pathname === OPEN_READING) return { area: 'leitura', route: OPEN_READING_ROUTE };
  if (pathname === SANDBOX || pathname.startsWith(`${SANDBOX}/`)) {
    return { area: 'sandbox', route: v1Route(SANDBOX, pathname.slice(SANDBOX.length)) };
  }
  if (pathname === V1 || pathname.startsWith(`${V1}/`)) return { area: 'v1', route: v1Route(V1, pathname.slice(V1.length)) };
  return undefined;
}

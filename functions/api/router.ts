/**
 * The API's routes: which area a path belongs to (public index, open reading, v1, sandbox) and, inside v1 and the
 * sandbox, which route of the operation table answers, with the still percent-encoded path parameter. Paths,
 * templates, scopes and parameters come from the operation table (./operations.ts), which the OpenAPI document reads
 * too; ./handler.ts binds each route to its handler and its pipeline. The sandbox mounts the very same v1 routes
 * under `/api/v1/sandbox`; only the data source and the credential rules differ. No handler imports: the table runs
 * in the static build and some handlers load data.
 */
import type { Scope } from '../auth/tokens.ts';
import type { ParameterSpec } from '../openapi/spec.ts';
import { OPEN_READING_OPERATION, PUBLIC_INDEX_OPERATION, V1_ROUTES, type V1RouteDoc, type V1RouteId } from './operations.ts';
import { API_INDEX, OPEN_READING, SANDBOX, V1 } from '../../src/model/paths.ts';

export { SANDBOX, V1 } from '../../src/model/paths.ts';

export type Area = 'index' | 'leitura' | 'v1' | 'sandbox';

/** An operation of the table as the router binds it. */
export interface ApiRoute {
  /** `Indice`, `ListarPaginas`… for v1 and the sandbox; `IndicePublico`, `LeituraAberta` for the open routes. */
  id: V1RouteId | 'IndicePublico' | 'LeituraAberta';
  /** OpenAPI path template (for the deprecation table). */
  template: string;
  /** Scope required on v1 (under the sandbox the bearer is optional; open routes check none). */
  scope: Scope;
  /** The operation's parameters, validated by the pipeline with the operation's own schemas. */
  parameters: readonly ParameterSpec[];
}

export interface ApiMatch {
  area: Area;
  /** Undefined for an unknown path inside the area (404). */
  route?: ApiRoute;
  /** The still percent-encoded part of the path that the template's `{param}` stands for ('' when none). */
  param: string;
}

interface CompiledRoute {
  doc: V1RouteDoc;
  /** The literal part of the template: the whole template, or what precedes its `{param}`. */
  prefix: string;
  /** The literal part after the `{param}` (`/historico`), empty when the parameter ends the template. */
  suffix: string;
  takesRest: boolean;
  /** The route under each base. */
  bound: Record<'v1' | 'sandbox', ApiRoute>;
}

const bind = (base: string, doc: V1RouteDoc): ApiRoute => ({ id: doc.id as V1RouteId, template: `${base}${doc.relative}`, scope: doc.scope, parameters: doc.parameters ?? [] });

const COMPILED: readonly CompiledRoute[] = V1_ROUTES.map((doc: V1RouteDoc) => {
  const param = /\{[a-z]+\}/.exec(doc.relative);
  const suffix = param ? doc.relative.slice(param.index + param[0].length) : '';
  if ((!param && /[{}]/.test(doc.relative)) || /[{}]/.test(suffix)) throw new Error(`[api] modelo de rota não suportado: ${doc.relative}`);
  return {
    doc,
    prefix: param ? doc.relative.slice(0, param.index) : doc.relative,
    suffix,
    takesRest: param !== null,
    bound: { v1: bind(V1, doc), sandbox: bind(SANDBOX, doc) },
  };
})
  // Among templates, a literal tail is more specific: `/prontidao/{dominio}/historico` before `/prontidao/{dominio}`.
  .sort((a, b) => b.suffix.length - a.suffix.length);

/**
 * The v1 route of a path relative to the v1 (or sandbox) base: literals first, then templates with a parameter
 * (the parameter takes what lies between the template's literal head and tail, slashes included).
 */
function v1Route(area: 'v1' | 'sandbox', relative: string): ApiMatch {
  for (const route of COMPILED) {
    if (route.takesRest) continue;
    // A literal template answers with or without a trailing slash (the index `/` also answers the bare base).
    const slashed = route.prefix === '/' ? '' : `${route.prefix}/`;
    if (relative === route.prefix || relative === slashed) return { area, route: route.bound[area], param: '' };
  }
  for (const route of COMPILED) {
    const { prefix, suffix } = route;
    if (route.takesRest && relative.startsWith(prefix) && relative.endsWith(suffix) && relative.length > prefix.length + suffix.length) {
      return { area, route: route.bound[area], param: relative.slice(prefix.length, relative.length - suffix.length) };
    }
  }
  return { area, param: '' };
}

// Open routes check no bearer; `scope` only keeps ApiRoute's shape.
const PUBLIC_INDEX: ApiRoute = { id: 'IndicePublico', template: PUBLIC_INDEX_OPERATION.path, scope: 'site.read', parameters: PUBLIC_INDEX_OPERATION.parameters ?? [] };
const OPEN_READING_ROUTE: ApiRoute = { id: 'LeituraAberta', template: OPEN_READING_OPERATION.path, scope: 'site.read', parameters: OPEN_READING_OPERATION.parameters ?? [] };

/** The area and route of an API path (undefined for paths outside the API). */
export function matchApi(pathname: string): ApiMatch | undefined {
  if (pathname === API_INDEX || pathname === `${API_INDEX}/`) return { area: 'index', route: PUBLIC_INDEX, param: '' };
  if (pathname === OPEN_READING) return { area: 'leitura', route: OPEN_READING_ROUTE, param: '' };
  if (pathname === SANDBOX || pathname.startsWith(`${SANDBOX}/`)) return v1Route('sandbox', pathname.slice(SANDBOX.length));
  if (pathname === V1 || pathname.startsWith(`${V1}/`)) return v1Route('v1', pathname.slice(V1.length));
  return undefined;
}

/** Every route of the table, by area (the handler binds a pipeline to each). */
export const API_ROUTES: readonly { area: Area; route: ApiRoute }[] = [
  { area: 'index', route: PUBLIC_INDEX },
  { area: 'leitura', route: OPEN_READING_ROUTE },
  ...COMPILED.flatMap((c) => [
    { area: 'v1' as const, route: c.bound.v1 },
    { area: 'sandbox' as const, route: c.bound.sandbox },
  ]),
];

/**
 * The API's routes: which area a path belongs to (public index, open reading, v1, sandbox) and, inside v1
 * and the sandbox, which handler answers. The sandbox mounts the very same v1 routes under
 * `/api/v1/sandbox`; only the data source and the credential rules differ (see handler.ts).
 */
import type { Scope } from '../auth/tokens.ts';
import type { ApiContext } from './context.ts';
import { authenticatedIndex, publicIndex } from './routes/index-route.ts';
import { prices, solutions } from './routes/catalogue.ts';
import { getPage, listPages } from './routes/pages.ts';
import { openReading, readiness } from './routes/readiness.ts';
import { search } from './routes/search.ts';

export type Area = 'index' | 'leitura' | 'v1' | 'sandbox';

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

export const V1 = '/api/v1';
export const SANDBOX = '/api/v1/sandbox';

/** Routes relative to the v1 (or sandbox) base; `rest` is the still-encoded remainder of the path. */
function v1Route(base: string, relative: string): ApiRoute | undefined {
  const route = (template: string, scope: Scope, handle: ApiRoute['handle']): ApiRoute => ({ template: `${base}${template}`, scope, handle });
  switch (relative) {
    case '':
    case '/':
      return route('/', 'site.read', authenticatedIndex);
    case '/paginas':
    case '/paginas/':
      return route('/paginas', 'site.read', listPages);
    case '/busca':
    case '/busca/':
      return route('/busca', 'site.read', search);
    case '/solucoes':
    case '/solucoes/':
      return route('/solucoes', 'site.read', solutions);
    case '/precos':
    case '/precos/':
      return route('/precos', 'site.read', prices);
  }
  if (relative.startsWith('/paginas/')) {
    const rest = relative.slice('/paginas/'.length);
    return route('/paginas/{rota}', 'site.read', (ctx) => getPage(ctx, rest));
  }
  if (relative.startsWith('/prontidao/') && relative.length > '/prontidao/'.length) {
    const rest = relative.slice('/prontidao/'.length);
    return route('/prontidao/{dominio}', 'prontidao.read', (ctx) => readiness(ctx, rest));
  }
  return undefined;
}

const PUBLIC_INDEX: ApiRoute = { template: '/api', scope: 'site.read', handle: publicIndex };
const OPEN_READING: ApiRoute = { template: '/api/ia/leitura', scope: 'prontidao.read', handle: openReading };

/** The area and route of an API path (undefined for paths outside the API). */
export function matchApi(pathname: string): ApiMatch | undefined {
  if (pathname === '/api' || pathname === '/api/') return { area: 'index', route: PUBLIC_INDEX };
  if (pathname === '/api/ia/leitura') return { area: 'leitura', route: OPEN_READING };
  if (pathname === SANDBOX || pathname.startsWith(`${SANDBOX}/`)) {
    return { area: 'sandbox', route: v1Route(SANDBOX, pathname.slice(SANDBOX.length)) };
  }
  if (pathname === V1 || pathname.startsWith(`${V1}/`)) return { area: 'v1', route: v1Route(V1, pathname.slice(V1.length)) };
  return undefined;
}

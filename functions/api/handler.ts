/**
 * The API function (`/api`, `/api/`, `/api/v1`, `/api/v1/*`, `/api/ia/leitura`): each operation of the table
 * (./router.ts) as a route of the app's pipeline, with the credential and quota rules of its area, then its handler
 * (./routes/*.ts) with the parameters its operation declares, validated by their own schemas.
 *
 * - `GET /api` and `/api/ia/leitura`: open; quota `v1-public` per client (hashed address, the /64 for IPv6).
 * - `/api/v1/...`: bearer required (401/403 from functions/auth/bearer.ts); quota `v1` per registration_id.
 *   Requests refused before a registration is known count against `v1-public` of the client.
 * - `/api/v1/sandbox/...`: fixed data, bearer optional (validated and echoed), `X-Sandbox: true`, quota
 *   `v1-public`: the client's one counter, the same as `GET /api`'s, in the configured store (the sandbox's data
 *   never comes from storage; its quota does, like every quota: functions/limits/quotas.ts).
 * - Methods other than GET/HEAD: 405 with `Allow` (counted, like every request but OPTIONS); OPTIONS: the CORS
 *   preflight answer.
 *
 * The pipeline of a v1 route: the API's headers on the way out (rate limits, `X-Sandbox`, deprecation, CORS), the
 * bearer read, the quota, the methods, the bearer's verdict, the parameters, the handler; each once.
 */
import { authenticate, type AuthenticateResult, refusalResponse } from '../auth/bearer.ts';
import { withCors } from '../http/cors.ts';
import type { Step } from '../http/pipeline.ts';
import { cors, methods, validate } from '../http/steps.ts';
import { type RateLimitResult, rateLimit, rateLimitedResponse, withHeaders } from '../limits/rate-limit.ts';
import { readParameters } from '../openapi/parameters.ts';
import { type FunctionModule, type Route, route, type RouteExchange } from '../route.ts';
import type { ApiContext } from './context.ts';
import { siteApiData } from './data.ts';
import { deprecationOf, setDeprecationHeaders } from './deprecations.ts';
import { notFound } from './respond.ts';
import { API_ROUTES, type ApiRoute, type Area, matchApi } from './router.ts';
import { authenticatedIndex, publicIndex } from './routes/index-route.ts';
import { prices, solutions } from './routes/catalogue.ts';
import { getPage, listPages } from './routes/pages.ts';
import { openReading, readiness, readinessHistory } from './routes/readiness.ts';
import { search } from './routes/search.ts';
import { sandboxApiData } from './sandbox/fixtures.ts';

const METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;
const METHOD_POLICY = {
  methods: METHODS,
  cors: {},
  notAllowed: (method: string) => `O método ${method.slice(0, 16)} não é aceito aqui: a API é somente leitura (use GET).`,
} as const;

/** A route's handler: the request's API context and the operation's parameters, validated. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ApiHandler = (ctx: ApiContext, input: any) => Response | Promise<Response>;

/** Every operation of the table has exactly one handler (the compiler checks both ways). */
const HANDLERS: Record<ApiRoute['id'], ApiHandler> = {
  IndicePublico: publicIndex,
  LeituraAberta: openReading,
  Indice: authenticatedIndex,
  ListarPaginas: listPages,
  ObterPagina: getPage,
  Buscar: search,
  ListarSolucoes: solutions,
  ListarPrecos: prices,
  LerProntidao: readiness,
  LerHistoricoProntidao: readinessHistory,
};

/** What the API's steps find: the bearer's verdict and the quota's count. */
interface ApiFound {
  identity?: AuthenticateResult;
  limit?: RateLimitResult;
}
const foundOf = (x: RouteExchange): ApiFound => x.found as ApiFound;

/** The headers every API response carries, added on the way out (a preflight, which counted nothing, keeps its own). */
const apiHeaders = (area: Area, route: ApiRoute | undefined): Step<RouteExchange> => ({
  name: 'api-headers',
  async run(x, next) {
    const response = await next();
    const { limit } = foundOf(x);
    if (!limit) return response;
    const out = withHeaders(response, limit.fields);
    if (area === 'sandbox') out.headers.set('X-Sandbox', 'true');
    const deprecated = route && deprecationOf(x.context.deprecations, x.method === 'HEAD' ? 'GET' : x.method, route.template);
    if (deprecated) setDeprecationHeaders(out.headers, deprecated, `${x.context.config.origin}/api/versioning.md`);
    return withCors(out);
  },
});

/** The bearer read (v1: required; sandbox: optional, validated when sent) and checked for the route's scope; the verdict waits for the quota. */
const bearer = (area: 'v1' | 'sandbox', scope: ApiRoute['scope']): Step<RouteExchange> => ({
  name: 'bearer',
  async run(x, next) {
    foundOf(x).identity = await authenticate(x.context, x.request, { scope, sandbox: area === 'sandbox' });
    return next();
  },
});

/**
 * The quota, counted once for every request but OPTIONS: `v1` per registration for an authenticated v1 request with
 * an allowed method, `v1-public` per client for everything else (open routes, the sandbox, refused methods, refused
 * bearers). Over it: 429 before anything else is said.
 */
const quota = (area: Area): Step<RouteExchange> => ({
  name: 'quota',
  async run(x, next) {
    if (x.method === 'OPTIONS') return next();
    const found = foundOf(x);
    const { identity } = found;
    const allowed = (METHODS as readonly string[]).includes(x.method);
    const limit =
      area === 'v1' && allowed && identity?.ok && identity.registrationId !== null
        ? await rateLimit(x.context, 'v1', identity.registrationId)
        : await rateLimit(x.context, 'v1-public');
    found.limit = limit;
    if (limit.limited) return rateLimitedResponse(limit.headers, limit.limited);
    return next();
  },
});

/** The bearer's verdict: 401 (missing or bad token) or 403 (scope), with the challenge. */
const authorize: Step<RouteExchange> = {
  name: 'authorize',
  run(x, next) {
    const { identity } = foundOf(x);
    if (identity && !identity.ok) return refusalResponse(x.context.config.origin, identity.refusal);
    return next();
  },
};

/** The API context of a request: the data of its area (site data, or the sandbox's fixed data) and who calls. */
function apiContext(x: RouteExchange, area: Area): ApiContext {
  const { origin } = x.context.config;
  const sandbox = area === 'sandbox';
  const identity = foundOf(x).identity;
  return {
    ...x.context,
    url: x.url,
    origin,
    data: sandbox ? sandboxApiData(origin) : siteApiData(origin),
    sandbox,
    registrationId: identity?.ok ? identity.registrationId : null,
  };
}

/** The pipeline of a route of an area (no route: the area's 404 for an unknown path, after the same checks). */
function apiRoute(area: Area, api: ApiRoute | undefined): Route {
  const guarded = area === 'v1' || area === 'sandbox';
  const scope = api?.scope ?? 'site.read';
  const handler = api && HANDLERS[api.id];
  return route<Record<string, unknown>>({
    name: `api.${area}.${api?.id ?? 'nao-encontrada'}`,
    steps: [
      apiHeaders(area, api),
      ...(guarded ? [bearer(area, scope)] : []),
      quota(area),
      methods(METHOD_POLICY),
      ...(guarded ? [authorize] : []),
      ...(api ? [validate<RouteExchange, Record<string, unknown>>((x) => readParameters(api.parameters, x.url, x.param))] : []),
    ],
    handle: (input, x) =>
      handler ? handler(apiContext(x, area), input) : notFound(`Rota desconhecida: ${x.url.pathname.slice(0, 120)}. Veja a lista de rotas em GET /api.`),
  });
}

const ROUTES = new Map<ApiRoute, Route>(API_ROUTES.map(({ area, route: api }) => [api, apiRoute(area, api)]));
const UNKNOWN = { v1: apiRoute('v1', undefined), sandbox: apiRoute('sandbox', undefined) } as const;

/** A path of the function outside the API's areas (none today: the route table mounts only the areas). */
const OUTSIDE = route({ name: 'api.fora', steps: [cors()], handle: () => notFound('Rota desconhecida da API. Veja GET /api.') });

const api: FunctionModule = {
  resolve(pathname) {
    const match = matchApi(pathname);
    if (!match) return { route: OUTSIDE };
    const bound = match.route ? ROUTES.get(match.route) : match.area === 'v1' || match.area === 'sandbox' ? UNKNOWN[match.area] : undefined;
    return bound && { route: bound, param: match.param };
  },
};

export default api;

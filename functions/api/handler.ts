/**
 * The API function (`/api`, `/api/`, `/api/v1`, `/api/v1/*`, `/api/ia/leitura`). Thin: it finds the route
 * (./router.ts), applies the credential and quota rules of the area, calls the route's handler and adds the
 * headers every API response carries (rate limits, CORS, deprecation, `X-Sandbox`).
 *
 * - `GET /api` and `/api/ia/leitura`: open; quota `v1-public` per client (hashed address, the /64 for IPv6).
 * - `/api/v1/...`: bearer required (401/403 from functions/auth/bearer.ts); quota `v1` per registration_id.
 *   Requests refused before a registration is known count against `v1-public` of the client.
 * - `/api/v1/sandbox/...`: fixed data, bearer optional (validated and echoed), `X-Sandbox: true`, quota
 *   `v1-public`: the client's one counter, the same as `GET /api`'s, in the configured store (the sandbox's data
 *   never comes from storage; its quota does, like every quota: functions/limits/quotas.ts).
 * - Methods other than GET/HEAD: 405 with `Allow`; OPTIONS: the CORS preflight answer.
 */
import { authenticate, refusalResponse } from '../auth/bearer.ts';
import { withCors } from '../http/cors.ts';
import { answerMethod } from '../http/methods.ts';
import type { Handler, RequestContext } from '../context.ts';
import { type RateLimitResult, rateLimit, rateLimitedResponse, withHeaders } from '../limits/rate-limit.ts';
import type { ApiContext } from './context.ts';
import { siteApiData } from './data.ts';
import { deprecationOf, setDeprecationHeaders } from './deprecations.ts';
import { notFound } from './respond.ts';
import { type ApiMatch, matchApi } from './router.ts';
import { sandboxApiData } from './sandbox/fixtures.ts';

const METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;
const METHOD_POLICY = {
  methods: METHODS,
  cors: {},
  notAllowed: (method: string) => `O método ${method.slice(0, 16)} não é aceito aqui: a API é somente leitura (use GET).`,
} as const;

const publicLimit = (context: RequestContext): Promise<RateLimitResult> => rateLimit(context, 'v1-public');

/** Adds the headers every API response carries. */
function finish(context: RequestContext, response: Response, limit: RateLimitResult | undefined, match: ApiMatch, method: string, origin: string): Response {
  let out = limit ? withHeaders(response, limit.headers) : response;
  if (match.area === 'sandbox') out.headers.set('X-Sandbox', 'true');
  const deprecated = match.route && deprecationOf(context.deprecations, method === 'HEAD' ? 'GET' : method, match.route.template);
  if (deprecated) setDeprecationHeaders(out.headers, deprecated, `${origin}/api/versioning.md`);
  out = withCors(out);
  return out;
}

export const api: Handler = async (request, context) => {
  const url = new URL(request.url);
  const match = matchApi(url.pathname);
  const { origin } = context.config;
  if (!match) return withCors(notFound('Rota desconhecida da API. Veja GET /api.'));

  const sandbox = match.area === 'sandbox';

  const refused = await answerMethod(request, METHOD_POLICY);
  if (refused) {
    if (request.method === 'OPTIONS') return refused;
    // A refused method still counts against the caller's quota.
    const limit = await publicLimit(context);
    return finish(context, limit.limited ? rateLimitedResponse(limit.headers, limit.limited) : refused, limit, match, request.method, origin);
  }

  let registrationId: string | null = null;
  let limit: RateLimitResult;
  if (match.area === 'v1' || sandbox) {
    const auth = await authenticate(context, request, { scope: match.route?.scope ?? 'site.read', sandbox });
    if (!auth.ok) {
      const refused = await publicLimit(context);
      return finish(context, refused.limited ? rateLimitedResponse(refused.headers, refused.limited) : refusalResponse(origin, auth.refusal), refused, match, request.method, origin);
    }
    registrationId = auth.registrationId;
    limit = sandbox ? await publicLimit(context) : await rateLimit(context, 'v1', auth.registrationId!);
  } else {
    limit = await publicLimit(context);
  }
  if (limit.limited) return finish(context, rateLimitedResponse(limit.headers, limit.limited), limit, match, request.method, origin);

  if (!match.route) {
    return finish(context, notFound(`Rota desconhecida: ${url.pathname.slice(0, 120)}. Veja a lista de rotas em GET /api.`), limit, match, request.method, origin);
  }
  const ctx: ApiContext = {
    ...context,
    url,
    origin,
    data: sandbox ? sandboxApiData(origin) : siteApiData(origin),
    sandbox,
    registrationId,
  };
  return finish(context, await match.route.handle(ctx), limit, match, request.method, origin);
};

export default api;

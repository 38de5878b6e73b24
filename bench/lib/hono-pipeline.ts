/**
 * The v1 search route (`GET /api/v1/busca` with a bearer) mounted in Hono instead of the app's own pipeline
 * (functions/app.ts), to measure which serves better: the same steps in the same order, each calling the same
 * domain code (the bearer, the quota, the operation's parameters, the handler, the security headers), only the
 * router, the composition and the context object are Hono's (`app.on`, its `compose`, `c.set`/`c.get`).
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { withSecurityHeaders } from '../../src/model/security-headers.ts';
import { authenticate, type AuthenticateResult, refusalResponse } from '../../functions/auth/bearer.ts';
import type { RequestContext } from '../../functions/context.ts';
import { withCors } from '../../functions/http/cors.ts';
import { answerMethod } from '../../functions/http/methods.ts';
import { type RateLimitResult, rateLimit, rateLimitedResponse, withHeaders } from '../../functions/limits/rate-limit.ts';
import { readParameters } from '../../functions/openapi/parameters.ts';
import type { ApiContext } from '../../functions/api/context.ts';
import { siteApiData } from '../../functions/api/data.ts';
import { matchApi } from '../../functions/api/router.ts';
import { search } from '../../functions/api/routes/search.ts';

type Env = { Bindings: RequestContext; Variables: { identity: AuthenticateResult; limit: RateLimitResult; input: Record<string, unknown> } };

const route = matchApi('/api/v1/busca')!.route!;

const guard: MiddlewareHandler<Env> = async (c, next) => {
  await next();
  withSecurityHeaders(c.res.headers);
};
const apiHeaders: MiddlewareHandler<Env> = async (c, next) => {
  await next();
  const limit = c.get('limit');
  if (limit) c.res = withCors(withHeaders(c.res, limit.headers));
};
const bearer: MiddlewareHandler<Env> = async (c, next) => {
  c.set('identity', await authenticate(c.env, c.req.raw, { scope: route.scope, sandbox: false }));
  await next();
};
const quota: MiddlewareHandler<Env> = async (c, next) => {
  const identity = c.get('identity');
  const limit = identity.ok && identity.registrationId !== null ? await rateLimit(c.env, 'v1', identity.registrationId) : await rateLimit(c.env, 'v1-public');
  c.set('limit', limit);
  if (limit.limited) return rateLimitedResponse(limit.headers, limit.limited);
  await next();
};
const methods: MiddlewareHandler<Env> = async (c, next) => {
  const refused = await answerMethod(c.req.raw, { methods: ['GET', 'HEAD', 'OPTIONS'], cors: {}, notAllowed: () => 'Somente leitura.' });
  if (refused) return refused;
  await next();
};
const authorize: MiddlewareHandler<Env> = async (c, next) => {
  const identity = c.get('identity');
  if (!identity.ok) return refusalResponse(c.env.config.origin, identity.refusal);
  await next();
};
const params: MiddlewareHandler<Env> = async (c, next) => {
  const read = readParameters(route.parameters, new URL(c.req.url), '');
  if (!read.ok) return c.json({ error: read.problem.error, error_description: read.problem.description }, 400);
  c.set('input', read.value);
  await next();
};

/** The Hono app of the one route. */
export const honoSearch = new Hono<Env>().on(['GET', 'HEAD', 'OPTIONS'], route.template, guard, apiHeaders, bearer, quota, methods, authorize, params, (c) => {
  const origin = c.env.config.origin;
  const identity = c.get('identity');
  const ctx: ApiContext = { ...c.env, url: new URL(c.req.url), origin, data: siteApiData(origin), sandbox: false, registrationId: identity.ok ? identity.registrationId : null };
  return search(ctx, c.get('input') as { q: string; limite: number });
});

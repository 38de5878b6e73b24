/**
 * The API's quotas over HTTP (contract, Limits): policy `v1` (per registration_id) and `v1-public` (per client:
 * hashed address, the /64 for IPv6), counted by the quota table (./quotas.ts) in the configured store, and the
 * one builder of the rate-limit header fields every quota announces: the legacy trio `RateLimit-Limit` /
 * `-Remaining` / `-Reset` and the structured fields `RateLimit-Policy` and `RateLimit`
 * (draft-ietf-httpapi-ratelimit-headers), serialized with `structured-headers`; both forms carry the same
 * numbers. When the store fails, the API's limits fail open: the request goes through with full-quota headers.
 */
import { serializeList } from 'structured-headers';
import type { RateLimitPolicyName } from '../config.ts';
import { errorResponse } from '../http/errors.ts';
import type { RequestContext, Services } from '../context.ts';
import { storeFailureWarner } from '../store/guarded.ts';
import { type QuotaName, QUOTAS, countQuota, overQuota, quotaKey } from './quotas.ts';

export type { RateLimitPolicyName } from '../config.ts';
/** The client key lives in ./client.ts; re-exported for the callers that count by hand in tests. */
export { clientKey } from './client.ts';

/** A spent quota: what the 429 says (`rateLimitedResponse` words it for HTTP). */
export interface QuotaSpent {
  policy: RateLimitPolicyName;
  limit: number;
  windowSeconds: number;
  /** Until the window turns (`Retry-After`), integer seconds ≥ 1. */
  retryAfterSeconds: number;
}

export interface RateLimitResult {
  /** The rate-limit header fields for the response (always present), as name-value pairs. */
  fields: readonly (readonly [string, string])[];
  /** The same fields as `Headers`. */
  readonly headers: Headers;
  /** The spent quota when the request is over it; null otherwise. */
  limited: QuotaSpent | null;
}

/** The 429 `rate_limited` of a spent quota: the rate-limit headers plus `Retry-After`. */
export function rateLimitedResponse(rateHeaders: Headers, spent: QuotaSpent): Response {
  const { policy, limit, windowSeconds, retryAfterSeconds } = spent;
  const headers = new Headers(rateHeaders);
  headers.set('Retry-After', String(retryAfterSeconds));
  return errorResponse(
    'rate_limited',
    `Cota de ${limit} requisições por ${windowSeconds} s excedida (política ${policy}). Aguarde ${retryAfterSeconds} s (Retry-After) e repita.`,
    { headers },
  );
}

const policyFieldCache = new Map<string, string>();

/** `"v1";q=120;w=60` — constant per policy and quota, so serialized once. */
function policyField(policy: QuotaName, limit: number, windowSeconds: number): string {
  const cacheKey = `${policy}\0${limit}\0${windowSeconds}`;
  let value = policyFieldCache.get(cacheKey);
  if (value === undefined) {
    value = serializeList([[policy, new Map([['q', limit], ['w', windowSeconds]])]]);
    policyFieldCache.set(cacheKey, value);
  }
  return value;
}

/**
 * `"v1";r=119;t=60`: the policy's name serialized once (a structured-fields string), its two parameters appended as
 * structured-fields integers (plain decimal digits: `remaining` and `reset` are non-negative integers).
 */
const policyNames = new Map<string, string>();
function stateField(policy: QuotaName, remaining: number, reset: number): string {
  let name = policyNames.get(policy);
  if (name === undefined) policyNames.set(policy, (name = serializeList([[policy, new Map()]])));
  return `${name};r=${remaining};t=${reset}`;
}

/** The five rate-limit header fields of a quota's state, as name-value pairs: the one builder every quota's headers come from. */
export function rateLimitFields(policy: QuotaName, state: { limit: number; windowSeconds: number; remaining: number; resetSeconds: number }): readonly (readonly [string, string])[] {
  const remaining = Math.max(0, Math.floor(state.remaining));
  const reset = Math.max(1, Math.ceil(state.resetSeconds));
  return [
    ['RateLimit-Limit', String(state.limit)],
    ['RateLimit-Remaining', String(remaining)],
    ['RateLimit-Reset', String(reset)],
    ['RateLimit-Policy', policyField(policy, state.limit, state.windowSeconds)],
    ['RateLimit', stateField(policy, remaining, reset)],
  ];
}

/** The same fields as `Headers`. */
export const rateLimitHeaders = (policy: QuotaName, state: Parameters<typeof rateLimitFields>[1]): Headers => new Headers(rateLimitFields(policy, state) as [string, string][]);

/**
 * Counts one API request under `policy`: `v1` for the token's registration (`registrationId`), `v1-public` for the
 * request's client (`ctx.clientAddress`).
 */
export async function rateLimit(
  ctx: Pick<Services, 'config' | 'store'> & Partial<Pick<RequestContext, 'clientAddress'>>,
  policy: RateLimitPolicyName,
  registrationId?: string,
): Promise<RateLimitResult> {
  const subject = { ...ctx, registrationId };
  // Outside the try: a missing subject is a programming error, never a store failure to wave through.
  const key = quotaKey(subject, policy);
  let state;
  try {
    state = await countQuota(subject, policy, key);
  } catch (error) {
    // Fail open: no storage, no counting; the request is served with the full quota announced.
    logStoreFailure(error);
    const { windowSeconds } = QUOTAS[policy];
    const limit = QUOTAS[policy].limit(ctx.config);
    return result(rateLimitFields(policy, { limit, windowSeconds, remaining: limit, resetSeconds: windowSeconds }), null);
  }
  const { limit, windowSeconds, count, resetSeconds } = state;
  const fields = rateLimitFields(policy, { limit, windowSeconds, remaining: limit - count, resetSeconds });
  if (!overQuota(state)) return result(fields, null);
  return result(fields, { policy, limit, windowSeconds, retryAfterSeconds: Math.max(1, Math.ceil(resetSeconds)) });
}

/** A count's result: its fields, as `Headers` only when asked for (the hot path sets the pairs on the response). */
function result(fields: RateLimitResult['fields'], limited: QuotaSpent | null): RateLimitResult {
  let headers: Headers | undefined;
  return {
    fields,
    limited,
    get headers() {
      return (headers ??= new Headers(fields as [string, string][]));
    },
  };
}

/**
 * Returns `response` with `headers` added (existing values are replaced). Responses from `fetch` or
 * `Response.error()` have immutable headers, so a copy is made when needed.
 */
export function withHeaders(response: Response, headers: Headers | Iterable<readonly [string, string]>): Response {
  try {
    for (const [name, value] of headers) response.headers.set(name, value);
    return response;
  } catch {
    const merged = new Headers(response.headers);
    for (const [name, value] of headers) merged.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers: merged });
  }
}

/** Logs store failures at most once every 30 s (a dead Redis must not flood the logs). */
const warnStoreFailure = storeFailureWarner('[rate-limit] armazenamento indisponível;');
const logStoreFailure = (error: unknown): void => warnStoreFailure('limites em modo aberto', error);

/**
 * Fixed-window rate limits (contract, Limits): policy `v1` (per registration_id) and `v1-public` (per hashed
 * client address). Every API response carries the legacy trio `RateLimit-Limit` / `-Remaining` / `-Reset` and
 * the structured fields `RateLimit-Policy` and `RateLimit` (draft-ietf-httpapi-ratelimit-headers), serialized
 * with `structured-headers`; both forms carry the same numbers. When the store fails, the limit fails open:
 * the request goes through with full-quota headers.
 */
import { createHash } from 'node:crypto';
import { serializeList } from 'structured-headers';
import type { RateLimitPolicyName } from '../config.ts';
import { errorResponse } from '../http/errors.ts';
import type { Services } from '../http/types.ts';

export type { RateLimitPolicyName } from '../config.ts';

/** A spent quota: what the 429 says (`rateLimitedResponse` words it for HTTP). */
export interface QuotaSpent {
  policy: RateLimitPolicyName;
  limit: number;
  windowSeconds: number;
  /** Until the window turns (`Retry-After`), integer seconds ≥ 1. */
  retryAfterSeconds: number;
  /** Counted apart from the shared store (the sandbox's in-process windows). */
  sandbox?: true;
}

export interface RateLimitResult {
  /** The rate-limit headers for the response (always present). */
  headers: Headers;
  /** The spent quota when the request is over it; null otherwise. */
  limited: QuotaSpent | null;
}

/** The 429 `rate_limited` of a spent quota: the rate-limit headers plus `Retry-After`. */
export function rateLimitedResponse(rateHeaders: Headers, spent: QuotaSpent): Response {
  const { policy, limit, windowSeconds, retryAfterSeconds, sandbox } = spent;
  const headers = new Headers(rateHeaders);
  headers.set('Retry-After', String(retryAfterSeconds));
  return errorResponse(
    'rate_limited',
    `Cota de ${limit} requisições por ${windowSeconds} s excedida${sandbox ? ' no sandbox' : ''} (política ${policy}). Aguarde ${retryAfterSeconds} s (Retry-After) e repita.`,
    { headers },
  );
}

/** The result of a count: the headers, and the spent quota when `count` is over `limit`. */
export function quotaResult(policy: RateLimitPolicyName, state: { limit: number; windowSeconds: number; count: number; resetSeconds: number }, sandbox?: true): RateLimitResult {
  const { limit, windowSeconds, count, resetSeconds } = state;
  const headers = rateLimitHeaders(policy, { limit, windowSeconds, remaining: limit - count, resetSeconds });
  if (count <= limit) return { headers, limited: null };
  return { headers, limited: { policy, limit, windowSeconds, retryAfterSeconds: Math.max(1, Math.ceil(resetSeconds)), ...(sandbox ? { sandbox } : {}) } };
}

const policyFieldCache = new Map<string, string>();

/** `"v1";q=120;w=60` — constant per policy and quota, so serialized once. */
function policyField(policy: RateLimitPolicyName, limit: number, windowSeconds: number): string {
  const cacheKey = `${policy}\0${limit}\0${windowSeconds}`;
  let value = policyFieldCache.get(cacheKey);
  if (value === undefined) {
    value = serializeList([[policy, new Map([['q', limit], ['w', windowSeconds]])]]);
    policyFieldCache.set(cacheKey, value);
  }
  return value;
}

/** The five rate-limit headers for a policy state. */
export function rateLimitHeaders(
  policy: RateLimitPolicyName,
  state: { limit: number; windowSeconds: number; remaining: number; resetSeconds: number },
): Headers {
  const remaining = Math.max(0, Math.floor(state.remaining));
  const reset = Math.max(1, Math.ceil(state.resetSeconds));
  const headers = new Headers();
  headers.set('RateLimit-Limit', String(state.limit));
  headers.set('RateLimit-Remaining', String(remaining));
  headers.set('RateLimit-Reset', String(reset));
  headers.set('RateLimit-Policy', policyField(policy, state.limit, state.windowSeconds));
  headers.set('RateLimit', serializeList([[policy, new Map([['r', remaining], ['t', reset]])]]));
  return headers;
}

/**
 * Counts one request of `key` under `policy`. `key` is the registration_id (`v1`) or `clientKey(address)`
 * (`v1-public`).
 */
export async function rateLimit(ctx: Pick<Services, 'config' | 'store'>, policy: RateLimitPolicyName, key: string): Promise<RateLimitResult> {
  const { config, store } = ctx;
  const { limit, windowSeconds } = config.rateLimits[policy];
  let count: number;
  let resetSeconds: number;
  try {
    // Keyed by identities anyone can mint (registrations, addresses): their own budget in the embedded store.
    ({ count, resetSeconds } = await store.hit(`rl:${policy}:${key}`, windowSeconds, { budget: 'client' }));
  } catch (error) {
    // Fail open: no storage, no counting; the request is served with the full quota announced.
    logStoreFailure(error);
    return { headers: rateLimitHeaders(policy, { limit, windowSeconds, remaining: limit, resetSeconds: windowSeconds }), limited: null };
  }
  return quotaResult(policy, { limit, windowSeconds, count, resetSeconds });
}

/** The rate-limit key of a client address: a salted SHA-256 (the address itself is never stored). */
export function clientKey(ctx: Pick<Services, 'config'>, address: string): string {
  return createHash('sha256').update(ctx.config.addressSalt).update('\0').update(address).digest('base64url').slice(0, 32);
}

/**
 * Returns `response` with `headers` added (existing values are replaced). Responses from `fetch` or
 * `Response.error()` have immutable headers, so a copy is made when needed.
 */
export function withHeaders(response: Response, headers: Headers): Response {
  try {
    headers.forEach((value, name) => response.headers.set(name, value));
    return response;
  } catch {
    const merged = new Headers(response.headers);
    headers.forEach((value, name) => merged.set(name, value));
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers: merged });
  }
}

let lastFailureLog = 0;
/** Logs store failures at most once every 30 s (a dead Redis must not flood the logs). */
function logStoreFailure(error: unknown): void {
  const now = Date.now();
  if (now - lastFailureLog < 30_000) return;
  lastFailureLog = now;
  console.warn('[rate-limit] armazenamento indisponível; limites em modo aberto:', error instanceof Error ? error.message : error);
}

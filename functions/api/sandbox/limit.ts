/**
 * The sandbox's quota: policy `v1-public` (same quota, window and headers as everywhere), counted in this
 * process's memory instead of the shared store, because the sandbox never touches storage. On a platform
 * with several instances the count is per instance (counts are approximate anyway: contract, Limits 3).
 */
import { errorResponse } from '../../http/errors.ts';
import { type RateLimitResult, clientKey, rateLimitHeaders } from '../../limits/rate-limit.ts';
import { MemoryStore } from '../../store/memory.ts';
import type { Config } from '../../config.ts';
import type { RequestContext } from '../../http/types.ts';

const POLICY = 'v1-public';
let counters = new MemoryStore();
let countersFor: Config | undefined;

export async function sandboxRateLimit(ctx: Pick<RequestContext, 'config' | 'now' | 'clientAddress'>): Promise<RateLimitResult> {
  const { config, now } = ctx;
  // A new configuration starts new windows, as a new store would.
  if (countersFor !== config) {
    countersFor = config;
    counters = new MemoryStore({ now });
  }
  const { limit, windowSeconds } = config.rateLimits[POLICY];
  const { count, resetSeconds } = await counters.hit(`sandbox:${clientKey(ctx, ctx.clientAddress)}`, windowSeconds);
  const headers = rateLimitHeaders(POLICY, { limit, windowSeconds, remaining: limit - count, resetSeconds });
  if (count <= limit) return { headers, limited: null };
  const retryAfter = Math.max(1, Math.ceil(resetSeconds));
  const limitedHeaders = new Headers(headers);
  limitedHeaders.set('Retry-After', String(retryAfter));
  return {
    headers,
    limited: errorResponse(
      'rate_limited',
      `Cota de ${limit} requisições por ${windowSeconds} s excedida no sandbox (política ${POLICY}). Aguarde ${retryAfter} s (Retry-After) e repita.`,
      { headers: limitedHeaders },
    ),
  };
}

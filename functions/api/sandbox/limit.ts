/**
 * The sandbox's quota: policy `v1-public` (same quota, window and headers as everywhere), counted in this
 * process's memory instead of the shared store, because the sandbox never touches storage. On a platform
 * with several instances the count is per instance (counts are approximate anyway: contract, Limits 3).
 */
import { type RateLimitResult, clientKey, quotaResult } from '../../limits/rate-limit.ts';
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
  return quotaResult(POLICY, { limit, windowSeconds, count, resetSeconds }, true);
}

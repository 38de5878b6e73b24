/**
 * The free measurement's quota, row `medicao` of the quota table (functions/limits/quotas.ts): 3 measurements per
 * visitor per 24 h (contract, Limits), a visitor being a client (hashed address, the /64 for IPv6; the address
 * itself is never stored). The count is peeked before the instrument gate and incremented only when a measurement
 * actually runs, so a closed gate does not cost the visitor one of the three. The window's start is kept beside
 * the counter so a peek can say when it turns. Store failures propagate (the caller answers 503).
 */
import type { RequestContext } from '../context.ts';
import { countQuota, QUOTAS, quotaKey } from '../limits/quotas.ts';
import { rateLimitHeaders } from '../limits/rate-limit.ts';

const POLICY = 'medicao';
const { windowSeconds: WINDOW_SECONDS } = QUOTAS[POLICY];

/** When the visitor's window started: `readiness:visitor-start:<client>` beside `readiness:visitor:<client>`. */
const startKey = (counter: string) => `readiness:visitor-start${counter.slice(QUOTAS[POLICY].store.prefix.length)}`;

export interface VisitorState {
  /** The store key of the visitor's counter. */
  counter: string;
  limit: number;
  used: number;
  /** Seconds until the 24 h window ends. */
  resetSeconds: number;
}

/** The visitor's state without counting (throws StoreUnavailableError when storage fails). */
export async function peekVisitor(ctx: Pick<RequestContext, 'config' | 'store' | 'now' | 'clientAddress'>): Promise<VisitorState> {
  const { config, store, now } = ctx;
  const counter = quotaKey(ctx, POLICY);
  const [used, start] = await Promise.all([store.get<number>(counter), store.get<number>(startKey(counter))]);
  const elapsed = typeof start === 'number' ? (now() - start) / 1000 : 0;
  const resetSeconds = Math.max(1, Math.ceil(WINDOW_SECONDS - Math.max(0, elapsed)));
  return { counter, limit: QUOTAS[POLICY].limit(config), used: typeof used === 'number' ? used : 0, resetSeconds };
}

/** Counts one measurement for the visitor. */
export async function countVisitor(ctx: Pick<RequestContext, 'config' | 'store' | 'now' | 'clientAddress'>, state: VisitorState): Promise<VisitorState> {
  const { count, resetSeconds } = await countQuota(ctx, POLICY);
  if (count === 1) await ctx.store.set(startKey(state.counter), ctx.now(), { ttlSeconds: WINDOW_SECONDS });
  return { ...state, used: count, resetSeconds };
}

/** The rate-limit fields of the measurement quota (the API's builder, policy "medicao"). */
export const visitorHeaders = (state: VisitorState): Headers =>
  rateLimitHeaders(POLICY, { limit: state.limit, windowSeconds: WINDOW_SECONDS, remaining: state.limit - state.used, resetSeconds: state.resetSeconds });

/**
 * The free measurement's quota: 3 measurements per visitor per 24 h (contract, Limits), counted per hashed
 * client address (`clientKey`: salted SHA-256; the address itself is never stored). The count is peeked
 * before the instrument gate and incremented only when a measurement actually runs, so a closed gate does
 * not cost the visitor one of the three. Store failures propagate (the caller answers 503).
 */
import { serializeList } from 'structured-headers';
import { clientKey } from '../limits/rate-limit.ts';
import type { Services } from '../http/types.ts';

export const VISITOR_WINDOW_SECONDS = 24 * 3600;
export const VISITOR_POLICY = 'medicao';

const counterKey = (visitor: string) => `readiness:visitor:${visitor}`;
const startKey = (visitor: string) => `readiness:visitor-start:${visitor}`;

export interface VisitorState {
  visitor: string;
  limit: number;
  used: number;
  /** Seconds until the 24 h window ends. */
  resetSeconds: number;
}

/** The visitor's state without counting (throws StoreUnavailableError when storage fails). */
export async function peekVisitor(ctx: Services, address: string): Promise<VisitorState> {
  const { config, store, now } = ctx;
  const visitor = clientKey(ctx, address);
  const [used, start] = await Promise.all([store.get<number>(counterKey(visitor)), store.get<number>(startKey(visitor))]);
  const elapsed = typeof start === 'number' ? (now() - start) / 1000 : 0;
  const resetSeconds = Math.max(1, Math.ceil(VISITOR_WINDOW_SECONDS - Math.max(0, elapsed)));
  return { visitor, limit: config.readinessMeasurementsPerDay, used: typeof used === 'number' ? used : 0, resetSeconds };
}

/** Counts one measurement for the visitor. */
export async function countVisitor(ctx: Pick<Services, 'store' | 'now'>, state: VisitorState): Promise<VisitorState> {
  const { store, now } = ctx;
  const { count, resetSeconds } = await store.hit(counterKey(state.visitor), VISITOR_WINDOW_SECONDS);
  if (count === 1) await store.set(startKey(state.visitor), now(), { ttlSeconds: VISITOR_WINDOW_SECONDS });
  return { ...state, used: count, resetSeconds };
}

/** RateLimit headers of the measurement quota (same fields as the API's, policy "medicao"). */
export function visitorHeaders(state: VisitorState): Headers {
  const remaining = Math.max(0, state.limit - state.used);
  const reset = Math.max(1, Math.ceil(state.resetSeconds));
  const headers = new Headers();
  headers.set('RateLimit-Limit', String(state.limit));
  headers.set('RateLimit-Remaining', String(remaining));
  headers.set('RateLimit-Reset', String(reset));
  headers.set('RateLimit-Policy', serializeList([[VISITOR_POLICY, new Map([['q', state.limit], ['w', VISITOR_WINDOW_SECONDS]])]]));
  headers.set('RateLimit', serializeList([[VISITOR_POLICY, new Map([['r', remaining], ['t', reset]])]]));
  return headers;
}

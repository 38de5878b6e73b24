/**
 * The readiness instrument gate (contract, Limits): 8 calls per minute, shared by the readiness reads
 * (`/api/v1/prontidao/{dominio}`, `/api/ia/leitura`, MCP `get_readiness_score`) and the free measurements.
 * A fixed window in the store, one counter for the whole instrument. The operator pause switch
 * (`READINESS_PAUSED=1`) closes the gate for everyone.
 *
 * Fair share: no single client (its hashed address, the /64 for IPv6, as every per-client limit counts it) takes
 * more than a third of the gate per window (8 → 3 calls). The client's own counter is counted first; a call above
 * the share is refused without touching the shared counter, so one client (a batch of 100 MCP calls, a loop)
 * cannot close the instrument for everyone else. Both counters are rows of the quota table
 * (functions/limits/quotas.ts: `instrumento-cliente`, then `instrumento`).
 *
 * Outcomes: paused, busy or share spent → 429 (`estado: limite`); storage failure → 503 (`estado: indisponivel`).
 * `Retry-After` is always an integer number of seconds, at least 1.
 */
import { countQuota, overQuota } from '../limits/quotas.ts';
import type { RequestContext } from '../context.ts';

export type GateResult =
  | { ok: true }
  | {
      ok: false;
      status: 429 | 503;
      retryAfterSeconds: number;
      /**
       * Why the gate is closed: the operator paused it, the minute's calls are spent, this client spent its
       * share of them, or storage failed.
       */
      reason: 'paused' | 'busy' | 'share' | 'unavailable';
    };

/** How long clients are told to wait while the operator has paused the instrument. */
export const PAUSED_RETRY_AFTER_SECONDS = 300;
/** How long clients are told to wait when storage fails. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 30;

/** Counts one call of the request's client (`ctx.clientAddress`) against the instrument gate. */
export async function passGate(ctx: Pick<RequestContext, 'config' | 'store' | 'clientAddress'>): Promise<GateResult> {
  if (ctx.config.readinessPaused) return { ok: false, status: 429, retryAfterSeconds: PAUSED_RETRY_AFTER_SECONDS, reason: 'paused' };
  const closed = (reason: 'busy' | 'share', resetSeconds: number): GateResult => ({ ok: false, status: 429, retryAfterSeconds: Math.max(1, Math.ceil(resetSeconds)), reason });
  try {
    // One counter per client (anyone can have many addresses): the `client` budget, never evicting the shared one.
    const own = await countQuota(ctx, 'instrumento-cliente');
    if (overQuota(own)) return closed('share', own.resetSeconds);
    const shared = await countQuota(ctx, 'instrumento');
    if (overQuota(shared)) return closed('busy', shared.resetSeconds);
  } catch {
    return { ok: false, status: 503, retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS, reason: 'unavailable' };
  }
  return { ok: true };
}

/** ISO 8601 instant `seconds` from now (the envelope's `tentarEm`). */
export const retryInstant = (now: number, seconds: number): string => new Date(now + Math.max(1, Math.ceil(seconds)) * 1000).toISOString();

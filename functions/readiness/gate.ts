/**
 * The readiness instrument gate (contract, Limits): 8 calls per minute, shared by the readiness reads
 * (`/api/v1/prontidao/{dominio}`, `/api/ia/leitura`, MCP `get_readiness_score`) and the free measurements.
 * A fixed window in the store, one counter for the whole instrument. The operator pause switch
 * (`READINESS_PAUSED=1`) closes the gate for everyone.
 *
 * Outcomes: paused or busy → 429 (`estado: limite`); storage failure → 503 (`estado: indisponivel`).
 * `Retry-After` is always an integer number of seconds, at least 1.
 */
import { runtime } from '../runtime.ts';

export type GateResult =
  | { ok: true }
  | {
      ok: false;
      status: 429 | 503;
      retryAfterSeconds: number;
      /** Why the gate is closed: the operator paused it, the minute's calls are spent, or storage failed. */
      reason: 'paused' | 'busy' | 'unavailable';
    };

export const GATE_KEY = 'readiness:gate';
export const GATE_WINDOW_SECONDS = 60;
/** How long clients are told to wait while the operator has paused the instrument. */
export const PAUSED_RETRY_AFTER_SECONDS = 300;
/** How long clients are told to wait when storage fails. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 30;

/** Counts one call against the instrument gate. */
export async function passGate(): Promise<GateResult> {
  const { config, store } = runtime();
  if (config.readinessPaused) return { ok: false, status: 429, retryAfterSeconds: PAUSED_RETRY_AFTER_SECONDS, reason: 'paused' };
  let count: number;
  let resetSeconds: number;
  try {
    ({ count, resetSeconds } = await store.hit(GATE_KEY, GATE_WINDOW_SECONDS));
  } catch {
    return { ok: false, status: 503, retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS, reason: 'unavailable' };
  }
  if (count <= config.readinessGatePerMinute) return { ok: true };
  return { ok: false, status: 429, retryAfterSeconds: Math.max(1, Math.ceil(resetSeconds)), reason: 'busy' };
}

/** ISO 8601 instant `seconds` from now (the envelope's `tentarEm`). */
export const retryInstant = (seconds: number): string => new Date(runtime().now() + Math.max(1, Math.ceil(seconds)) * 1000).toISOString();

/** Alias of `passGate` (the name the API handlers may use). */
export const checkGate = passGate;

/**
 * A store call whose every failure is a `StoreUnavailableError` (a bug in a value's shape as much as a dead
 * backend): the callers that walk several keys degrade in one place.
 */
import { StoreUnavailableError } from './types.ts';

export async function guarded<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw error instanceof StoreUnavailableError ? error : new StoreUnavailableError(error);
  }
}

/** Store failures warned at most once per this many ms, per warner: a dead Redis must not flood the logs. */
export const STORE_FAILURE_LOG_MS = 30_000;

/**
 * A warner for the store failures a caller degrades past (the API's open limits, the A2A task read-back): `warn`
 * logs at most once every `STORE_FAILURE_LOG_MS`, with the error's message only.
 */
export function storeFailureWarner(prefix: string): (what: string, error: unknown) => void {
  let last = 0;
  return (what, error) => {
    const now = Date.now();
    if (now - last < STORE_FAILURE_LOG_MS) return;
    last = now;
    console.warn(`${prefix} ${what}:`, error instanceof Error ? error.message : error);
  };
}

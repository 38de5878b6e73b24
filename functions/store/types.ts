/**
 * The one storage interface. Three implementations: the embedded in-memory store (tests), the file-backed
 * SQLite store (`npm start`, functions/store/sqlite.ts) and
 * Upstash Redis (production, when UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN are set).
 * Every method may throw `StoreUnavailableError` when the backend cannot be reached; callers degrade
 * as the contract says (limits fail open, idempotency reports unsupported, readings answer 503).
 */
/**
 * What a written key counts against. The embedded store caps each budget separately, so keys anyone can mint
 * without being metered never evict metered state; Redis ignores the budget.
 *
 * - `state` (default): readings, the instrument's gate and visitor counters: written only by calls that passed
 *   the instrument's limits.
 * - `client`: rate-limit windows keyed by a client identity (registration, hashed address), which anyone can
 *   mint (free registrations, many addresses); losing one early only restarts that client's window.
 * - `replay`: idempotency records of the credential routes (unmetered), which may be dropped early; the A2A
 *   agent's returned tasks (functions/a2a/task-store.ts) go here too, for the same reasons.
 * - `history`: the readings' history (functions/readiness/history.ts), bounded by its own ring of domains in every
 *   store; a flood of measured domains evicts only other domains' histories, never leads or readings.
 */
export type StoreBudget = 'state' | 'client' | 'replay' | 'history';

export interface StoreHitOptions {
  budget?: StoreBudget;
}

export interface StoreSetOptions {
  ttlSeconds?: number;
  ifAbsent?: boolean;
  budget?: StoreBudget;
}

export interface Store {
  readonly kind: 'memory' | 'sqlite' | 'upstash';
  /** The JSON value under `key`, or null. */
  get<T = unknown>(key: string): Promise<T | null>;
  /**
   * Stores a JSON value. With `ifAbsent`, only when the key does not exist (returns false otherwise).
   * `ttlSeconds` sets the expiry; without it the value does not expire. `budget`: see `StoreBudget`.
   */
  set(key: string, value: unknown, options?: StoreSetOptions): Promise<boolean>;
  /**
   * Fixed-window counter: increments `key`, starting a window of `windowSeconds` on the first hit.
   * Returns the count after the increment and the seconds until the window ends (at least 1).
   */
  hit(key: string, windowSeconds: number, options?: StoreHitOptions): Promise<{ count: number; resetSeconds: number }>;
  delete(key: string): Promise<void>;
}

export class StoreUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('armazenamento indisponível', { cause });
    this.name = 'StoreUnavailableError';
  }
}

/**
 * The one storage interface. Three implementations: the embedded in-memory store (tests), the file-backed
 * SQLite store (`npm start`, functions/store/sqlite.ts) and
 * Upstash Redis (production, when UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN are set).
 * Every method may throw `StoreUnavailableError` when the backend cannot be reached; callers degrade
 * as the contract says (limits fail open, idempotency reports unsupported, readings answer 503).
 */
/**
 * What a written key counts against. Keys anyone can mint without being metered must never crowd out metered
 * state: the embedded store caps each budget separately, and the SQLite and Upstash stores give the `replay`
 * budget a cap of its own (`REPLAY_BUDGET_DEFAULT` records, IDEMPOTENCY_MAX_RECORDS), evicting the oldest
 * records first; leads, readings and counters are never evicted for them.
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

/** Idempotency records the SQLite and Upstash stores keep at most (the oldest go first); about 1 KB each. */
export const REPLAY_BUDGET_DEFAULT = 20_000;

export interface Store {
  /** `unusable`: a storage variable is set but cannot be used (functions/store/unusable.ts). */
  readonly kind: 'memory' | 'sqlite' | 'upstash' | 'unusable';
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
  constructor(cause?: unknown, message = 'armazenamento indisponível') {
    super(message, { cause });
    this.name = 'StoreUnavailableError';
  }
}

/**
 * The value under `key` is there but cannot be read back (not JSON, or not a value at all): the store works,
 * that one record is damaged. A `StoreUnavailableError` for callers that only degrade; callers that walk many
 * records (the contact leads) set that one aside by its key and go on.
 */
export class StoreDataError extends StoreUnavailableError {
  readonly key: string;
  constructor(key: string, cause?: unknown) {
    super(cause, `valor ilegível na chave ${key}`);
    this.name = 'StoreDataError';
    this.key = key;
  }
}

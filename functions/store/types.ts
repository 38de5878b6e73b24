/**
 * The one storage interface. Two implementations: the embedded in-memory store (default, local) and
 * Upstash Redis (production, when UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN are set).
 * Every method may throw `StoreUnavailableError` when the backend cannot be reached; callers degrade
 * as the contract says (limits fail open, idempotency reports unsupported, readings answer 503).
 */
/**
 * What a written key counts against. `state` (default): readings, visitor and limit data, anything metered.
 * `replay`: records anyone can create without being metered (idempotency records of the credential routes),
 * which may be dropped early without harm. The embedded store caps each budget (and the `hit` counters)
 * separately, so unmetered writes never evict metered state; Redis ignores the budget.
 */
export type StoreBudget = 'state' | 'replay';

export interface StoreSetOptions {
  ttlSeconds?: number;
  ifAbsent?: boolean;
  budget?: StoreBudget;
}

export interface Store {
  readonly kind: 'memory' | 'upstash';
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
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetSeconds: number }>;
  delete(key: string): Promise<void>;
}

export class StoreUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('armazenamento indisponível', { cause });
    this.name = 'StoreUnavailableError';
  }
}

/**
 * The embedded in-memory store: the default (local start, tests, benchmarks, and a single Netlify instance
 * without Upstash). Values are kept as JSON text, so callers never share mutable objects with the store.
 * Expiry is honoured on every read; expired keys are purged by an incremental sweep, and the number of
 * keys is capped (the oldest entries go first), so memory stays bounded under any key churn.
 */
import type { Store } from './types.ts';

interface Entry {
  /** JSON text (values) or the counter (windows). */
  value: string | number;
  /** Epoch milliseconds; Infinity when the key does not expire. */
  expiresAt: number;
}

export interface MemoryStoreOptions {
  /** Clock in epoch milliseconds (tests move it). */
  now?: () => number;
  /** Maximum number of live keys (default 100 000); beyond it the oldest keys are evicted. */
  maxKeys?: number;
}

/** How many writes between two sweeps of expired keys. */
const SWEEP_EVERY = 1_000;

export class MemoryStore implements Store {
  readonly kind = 'memory' as const;
  readonly #entries = new Map<string, Entry>();
  readonly #now: () => number;
  readonly #maxKeys: number;
  #writes = 0;

  constructor(options: MemoryStoreOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#maxKeys = options.maxKeys ?? 100_000;
  }

  /** Number of keys currently held (live or not yet swept). */
  get size(): number {
    return this.#entries.size;
  }

  #live(key: string, now: number): Entry | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  #put(key: string, entry: Entry): void {
    // Re-insertion moves the key to the end of the Map's order: the first keys are the oldest writes.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    if (++this.#writes % SWEEP_EVERY === 0) this.sweep();
    while (this.#entries.size > this.#maxKeys) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
  }

  /** Removes every expired key (also runs automatically every 1 000 writes). */
  sweep(): number {
    const now = this.#now();
    let removed = 0;
    for (const [key, entry] of this.#entries) {
      if (entry.expiresAt <= now) {
        this.#entries.delete(key);
        removed++;
      }
    }
    return removed;
  }

  async get<T = unknown>(key: string): Promise<T | null> {
    const entry = this.#live(key, this.#now());
    if (!entry) return null;
    return (typeof entry.value === 'number' ? entry.value : JSON.parse(entry.value)) as T;
  }

  async set(key: string, value: unknown, options: { ttlSeconds?: number; ifAbsent?: boolean } = {}): Promise<boolean> {
    const now = this.#now();
    if (options.ifAbsent && this.#live(key, now)) return false;
    const text = JSON.stringify(value);
    if (text === undefined) throw new TypeError('valor não serializável em JSON');
    const ttl = options.ttlSeconds;
    if (ttl !== undefined && !(ttl > 0)) throw new RangeError('ttlSeconds deve ser positivo');
    this.#put(key, { value: text, expiresAt: ttl === undefined ? Infinity : now + ttl * 1000 });
    return true;
  }

  async hit(key: string, windowSeconds: number): Promise<{ count: number; resetSeconds: number }> {
    if (!(windowSeconds > 0)) throw new RangeError('windowSeconds deve ser positivo');
    const now = this.#now();
    let entry = this.#live(key, now);
    if (!entry || typeof entry.value !== 'number') {
      entry = { value: 0, expiresAt: now + windowSeconds * 1000 };
      this.#put(key, entry);
    }
    entry.value = (entry.value as number) + 1;
    return { count: entry.value, resetSeconds: Math.max(1, Math.ceil((entry.expiresAt - now) / 1000)) };
  }

  async delete(key: string): Promise<void> {
    this.#entries.delete(key);
  }
}

export const createMemoryStore = (options?: MemoryStoreOptions): MemoryStore => new MemoryStore(options);

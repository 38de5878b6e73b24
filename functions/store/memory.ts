/**
 * The embedded in-memory store: the default (local start, tests, benchmarks, and a single Netlify instance
 * without Upstash). Values are kept as JSON text, so callers never share mutable objects with the store.
 * Expiry is honoured on every read; expired keys are purged by an incremental sweep, and the number of
 * keys is capped (the oldest entries go first), so memory stays bounded under any key churn. The cap is per
 * budget (`StoreBudget`: state, client, replay, history), so a flood of keys anyone can mint (idempotency records of
 * fresh registrations, rate-limit windows of fresh registrations or addresses) only evicts its own kind, never
 * readings, visitor counters or gate counters.
 */
import type { Store, StoreBudget, StoreHitOptions, StoreSetOptions } from './types.ts';

const BUDGETS: readonly StoreBudget[] = ['state', 'client', 'replay', 'history'];

function budgetOf(options: { budget?: StoreBudget }): StoreBudget {
  const budget = options.budget ?? 'state';
  if (!BUDGETS.includes(budget)) throw new RangeError(`orçamento desconhecido: ${String(budget)}`);
  return budget;
}

interface Entry {
  /** JSON text (values) or the counter (windows). */
  value: string | number;
  /** Epoch milliseconds; Infinity when the key does not expire. */
  expiresAt: number;
  budget: StoreBudget;
}

export interface MemoryStoreOptions {
  /** Clock in epoch milliseconds (tests move it). */
  now?: () => number;
  /** Maximum number of live keys of each budget (default 100 000); beyond it that budget's oldest keys are evicted. */
  maxKeys?: number;
}

/** How many writes between two sweeps of expired keys. */
const SWEEP_EVERY = 1_000;

export class MemoryStore implements Store {
  readonly kind = 'memory' as const;
  readonly #entries = new Map<string, Entry>();
  /** Keys of each budget in write order (a Set keeps insertion order): the first ones are evicted first. */
  readonly #order: Record<StoreBudget, Set<string>> = { state: new Set(), client: new Set(), replay: new Set(), history: new Set() };
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

  /** Number of keys of one budget (live or not yet swept). */
  sizeOf(budget: StoreBudget): number {
    return this.#order[budget].size;
  }

  #remove(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#order[entry.budget].delete(key);
  }

  #live(key: string, now: number): Entry | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.#remove(key);
      return undefined;
    }
    return entry;
  }

  #put(key: string, entry: Entry): void {
    // Re-insertion moves the key to the end of its budget's order: the first keys are the oldest writes.
    this.#remove(key);
    this.#entries.set(key, entry);
    const order = this.#order[entry.budget];
    order.add(key);
    if (++this.#writes % SWEEP_EVERY === 0) this.sweep();
    while (order.size > this.#maxKeys) {
      const oldest = order.values().next();
      if (oldest.done) break;
      this.#remove(oldest.value);
    }
  }

  /** Removes every expired key (also runs automatically every 1 000 writes). */
  sweep(): number {
    const now = this.#now();
    let removed = 0;
    for (const [key, entry] of this.#entries) {
      if (entry.expiresAt <= now) {
        this.#remove(key);
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

  async set(key: string, value: unknown, options: StoreSetOptions = {}): Promise<boolean> {
    const now = this.#now();
    if (options.ifAbsent && this.#live(key, now)) return false;
    const text = JSON.stringify(value);
    if (text === undefined) throw new TypeError('valor não serializável em JSON');
    const ttl = options.ttlSeconds;
    if (ttl !== undefined && !(ttl > 0)) throw new RangeError('ttlSeconds deve ser positivo');
    const budget = budgetOf(options);
    this.#put(key, { value: text, expiresAt: ttl === undefined ? Infinity : now + ttl * 1000, budget });
    return true;
  }

  async hit(key: string, windowSeconds: number, options: StoreHitOptions = {}): Promise<{ count: number; resetSeconds: number }> {
    if (!(windowSeconds > 0)) throw new RangeError('windowSeconds deve ser positivo');
    const budget = budgetOf(options);
    const now = this.#now();
    let entry = this.#live(key, now);
    if (!entry || typeof entry.value !== 'number') {
      entry = { value: 0, expiresAt: now + windowSeconds * 1000, budget };
      this.#put(key, entry);
    }
    entry.value = (entry.value as number) + 1;
    return { count: entry.value, resetSeconds: Math.max(1, Math.ceil((entry.expiresAt - now) / 1000)) };
  }

  async delete(key: string): Promise<void> {
    this.#remove(key);
  }
}

export const createMemoryStore = (options?: MemoryStoreOptions): MemoryStore => new MemoryStore(options);

/**
 * The Upstash Redis store (production, when UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN are set),
 * over the official `@upstash/redis` REST client. Every failure (network, timeout, HTTP error, bad reply)
 * becomes `StoreUnavailableError`; requests are never retried and abort after a short timeout, so a dead
 * Redis costs a request at most `timeoutMs` and callers degrade as the contract says.
 */
import { Redis } from '@upstash/redis';
import { REPLAY_BUDGET_DEFAULT, type Store, StoreDataError, type StoreHitOptions, type StoreSetOptions, StoreUnavailableError } from './types.ts';

export interface UpstashStoreOptions {
  url: string;
  token: string;
  /** Per-command timeout in milliseconds (default 1 500). */
  timeoutMs?: number;
  /** Prefix of every key (default `sc:`), so the database can be shared. */
  prefix?: string;
  /** Idempotency records kept at most (default `REPLAY_BUDGET_DEFAULT`); the oldest are deleted first. */
  replayBudget?: number;
}

/**
 * The replay budget's index: a sorted set of the idempotency records' keys scored by write time. A write that
 * takes it over the budget deletes the oldest records (ZPOPMIN, then DEL), so records anyone can mint hold a
 * bounded share of the database and never make Redis refuse a lead or a reading (a plan's data size limit,
 * `maxmemory` with `noeviction`). A key already expired is popped all the same (a DEL of nothing).
 */
const REPLAY_INDEX = 'orcamento:replay';

export class UpstashStore implements Store {
  readonly kind = 'upstash' as const;
  /** The REST host (no credentials), for messages. */
  readonly host: string;
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #replayBudget: number;

  constructor(options: UpstashStoreOptions) {
    const timeoutMs = options.timeoutMs ?? 1_500;
    this.#prefix = options.prefix ?? 'sc:';
    this.host = URL.canParse(options.url) ? new URL(options.url).host : '?';
    this.#replayBudget = options.replayBudget ?? REPLAY_BUDGET_DEFAULT;
    if (!(Number.isSafeInteger(this.#replayBudget) && this.#replayBudget >= 1)) throw new RangeError('replayBudget deve ser um inteiro positivo');
    this.#redis = new Redis({
      url: options.url,
      token: options.token,
      // One attempt only: a dead backend must fail fast (the caller degrades instead of waiting).
      retry: { retries: 0 },
      // A fresh timeout signal per request.
      signal: () => AbortSignal.timeout(timeoutMs),
      // Values are JSON text written by us; parse them ourselves so strings stay strings.
      automaticDeserialization: false,
      enableTelemetry: false,
      readYourWrites: false,
    });
  }

  async #run<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw new StoreUnavailableError(error);
    }
  }

  async get<T = unknown>(key: string): Promise<T | null> {
    let raw: unknown;
    try {
      raw = await this.#redis.get<string>(this.#prefix + key);
    } catch (error) {
      // Another type of value (a hash, a list) under the key: that record is damaged, Redis is fine.
      if (error instanceof Error && /\bWRONGTYPE\b/.test(error.message)) throw new StoreDataError(key, error);
      throw new StoreUnavailableError(error);
    }
    if (raw === null || raw === undefined) return null;
    try {
      return JSON.parse(String(raw)) as T;
    } catch (error) {
      throw new StoreDataError(key, error);
    }
  }

  async set(key: string, value: unknown, options: StoreSetOptions = {}): Promise<boolean> {
    const text = JSON.stringify(value);
    if (text === undefined) throw new TypeError('valor não serializável em JSON');
    const ttl = options.ttlSeconds;
    if (ttl !== undefined && !(ttl > 0)) throw new RangeError('ttlSeconds deve ser positivo');
    const k = this.#prefix + key;
    const px = ttl === undefined ? undefined : Math.max(1, Math.round(ttl * 1000));
    const setOptions = px === undefined ? (options.ifAbsent ? { nx: true as const } : undefined) : options.ifAbsent ? { px, nx: true as const } : { px };
    if (options.budget !== 'replay') {
      const reply = await this.#run(() => (setOptions ? this.#redis.set(k, text, setOptions) : this.#redis.set(k, text)));
      return reply === 'OK';
    }
    const index = this.#prefix + REPLAY_INDEX;
    const [reply, , size] = await this.#run(() => {
      const multi = this.#redis.multi();
      (setOptions ? multi.set(k, text, setOptions) : multi.set(k, text)).zadd(index, { score: Date.now(), member: k }).zcard(index);
      return multi.exec<[unknown, unknown, number]>();
    });
    if (Number(size) > this.#replayBudget) await this.#evictReplay(index, Number(size) - this.#replayBudget, k);
    return reply === 'OK';
  }

  /** Deletes the `count` oldest idempotency records (never `keep`, the one just written). Best effort: the next write tries again. */
  async #evictReplay(index: string, count: number, keep: string): Promise<void> {
    try {
      const popped = await this.#redis.zpopmin<string>(index, count);
      // ZPOPMIN answers member, score, member, score…
      const keys = popped.filter((_, i) => i % 2 === 0).map(String).filter((member) => member !== keep);
      if (keys.length) await this.#redis.del(...keys);
    } catch {
      // Redis refused or timed out: the budget is over by a few records until the next replay write.
    }
  }

  async hit(key: string, windowSeconds: number, _options?: StoreHitOptions): Promise<{ count: number; resetSeconds: number }> {
    if (!(windowSeconds > 0)) throw new RangeError('windowSeconds deve ser positivo');
    const k = this.#prefix + key;
    const [, count, pttl] = await this.#run(() =>
      this.#redis
        .multi()
        // Starts the window (counter 0 with its expiry) only when no window is running.
        .set(k, 0, { ex: windowSeconds, nx: true })
        .incr(k)
        .pttl(k)
        .exec<[unknown, number, number]>(),
    );
    const n = Number(count);
    let ms = Number(pttl);
    if (!Number.isFinite(n)) throw new StoreUnavailableError(new Error(`resposta inesperada do INCR: ${String(count)}`));
    if (!(ms > 0)) {
      // A key without expiry (left by another writer) would never reset: give it the window now.
      await this.#run(() => this.#redis.expire(k, windowSeconds));
      ms = windowSeconds * 1000;
    }
    return { count: n, resetSeconds: Math.max(1, Math.ceil(ms / 1000)) };
  }

  async delete(key: string): Promise<void> {
    await this.#run(() => this.#redis.del(this.#prefix + key));
  }
}

export const createUpstashStore = (options: UpstashStoreOptions): UpstashStore => new UpstashStore(options);

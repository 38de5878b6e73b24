/**
 * The Upstash Redis store (production, when UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN are set),
 * over the official `@upstash/redis` REST client. Every failure (network, timeout, HTTP error, bad reply)
 * becomes `StoreUnavailableError`; requests are never retried and abort after a short timeout, so a dead
 * Redis costs a request at most `timeoutMs` and callers degrade as the contract says.
 */
import { Redis } from '@upstash/redis';
import { type Store, type StoreHitOptions, type StoreSetOptions, StoreUnavailableError } from './types.ts';

export interface UpstashStoreOptions {
  url: string;
  token: string;
  /** Per-command timeout in milliseconds (default 1 500). */
  timeoutMs?: number;
  /** Prefix of every key (default `sc:`), so the database can be shared. */
  prefix?: string;
}

export class UpstashStore implements Store {
  readonly kind = 'upstash' as const;
  readonly #redis: Redis;
  readonly #prefix: string;

  constructor(options: UpstashStoreOptions) {
    const timeoutMs = options.timeoutMs ?? 1_500;
    this.#prefix = options.prefix ?? 'sc:';
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
    const raw = await this.#run(() => this.#redis.get<string>(this.#prefix + key));
    if (raw === null || raw === undefined) return null;
    try {
      return JSON.parse(String(raw)) as T;
    } catch (error) {
      throw new StoreUnavailableError(error);
    }
  }

  async set(key: string, value: unknown, options: StoreSetOptions = {}): Promise<boolean> {
    const text = JSON.stringify(value);
    if (text === undefined) throw new TypeError('valor não serializável em JSON');
    const ttl = options.ttlSeconds;
    if (ttl !== undefined && !(ttl > 0)) throw new RangeError('ttlSeconds deve ser positivo');
    const k = this.#prefix + key;
    const reply = await this.#run(() => {
      if (ttl !== undefined) {
        const px = Math.max(1, Math.round(ttl * 1000));
        return options.ifAbsent ? this.#redis.set(k, text, { px, nx: true }) : this.#redis.set(k, text, { px });
      }
      return options.ifAbsent ? this.#redis.set(k, text, { nx: true }) : this.#redis.set(k, text);
    });
    return reply === 'OK';
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

/**
 * The embedded file-backed store (the local default of `npm start`): Node's built-in `node:sqlite`, one file
 * under the data folder (DATA_DIR, default `data/`, ignored by git), so leads, readings and counters survive a
 * restart. Same contract as the other stores (tests/integration/store-contract.test.ts). Values are JSON text;
 * expiry is honoured on every read and expired rows are swept every 1 000 writes. WAL mode with a busy timeout,
 * so `npm run contatos` can read while the server writes. Every SQLite failure becomes `StoreUnavailableError`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { type Store, type StoreHitOptions, type StoreSetOptions, StoreUnavailableError } from './types.ts';

export const SQLITE_FILE = 'armazenamento.sqlite';

export interface SqliteStoreOptions {
  /** Folder of the database file (created when missing). */
  dir: string;
  now?: () => number;
}

const SWEEP_EVERY = 1_000;

export class SqliteStore implements Store {
  readonly kind = 'sqlite' as const;
  readonly file: string;
  readonly #db: DatabaseSync;
  readonly #now: () => number;
  readonly #get: StatementSync;
  readonly #put: StatementSync;
  readonly #putIfAbsent: StatementSync;
  readonly #del: StatementSync;
  readonly #delExpired: StatementSync;
  readonly #sweep: StatementSync;
  readonly #getRow: StatementSync;
  #writes = 0;

  constructor(options: SqliteStoreOptions) {
    this.#now = options.now ?? Date.now;
    try {
      mkdirSync(options.dir, { recursive: true });
      this.file = join(options.dir, SQLITE_FILE);
      this.#db = new DatabaseSync(this.file, { timeout: 2_000 });
      this.#db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');
      // expires_at: epoch ms, NULL when the key does not expire.
      this.#db.exec('CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires_at INTEGER) STRICT');
    } catch (error) {
      throw new StoreUnavailableError(error);
    }
    this.#get = this.#db.prepare('SELECT value FROM kv WHERE key = ? AND (expires_at IS NULL OR expires_at > ?)');
    this.#put = this.#db.prepare('INSERT INTO kv (key, value, expires_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at');
    this.#putIfAbsent = this.#db.prepare('INSERT INTO kv (key, value, expires_at) VALUES (?, ?, ?) ON CONFLICT(key) DO NOTHING');
    this.#del = this.#db.prepare('DELETE FROM kv WHERE key = ?');
    this.#delExpired = this.#db.prepare('DELETE FROM kv WHERE key = ? AND expires_at IS NOT NULL AND expires_at <= ?');
    this.#sweep = this.#db.prepare('DELETE FROM kv WHERE expires_at IS NOT NULL AND expires_at <= ?');
    this.#getRow = this.#db.prepare('SELECT value, expires_at FROM kv WHERE key = ?');
  }

  #run<T>(operation: () => T): T {
    try {
      return operation();
    } catch (error) {
      throw new StoreUnavailableError(error);
    }
  }

  #wrote(): void {
    if (++this.#writes % SWEEP_EVERY === 0) this.sweep();
  }

  /** Removes every expired row (also runs automatically every 1 000 writes). */
  sweep(): number {
    return Number(this.#run(() => this.#sweep.run(this.#now())).changes);
  }

  async get<T = unknown>(key: string): Promise<T | null> {
    const row = this.#run(() => this.#get.get(key, this.#now())) as { value: string } | undefined;
    return row ? (JSON.parse(row.value) as T) : null;
  }

  async set(key: string, value: unknown, options: StoreSetOptions = {}): Promise<boolean> {
    const text = JSON.stringify(value);
    if (text === undefined) throw new TypeError('valor não serializável em JSON');
    const ttl = options.ttlSeconds;
    if (ttl !== undefined && !(ttl > 0)) throw new RangeError('ttlSeconds deve ser positivo');
    const now = this.#now();
    const expiresAt = ttl === undefined ? null : now + Math.max(1, Math.round(ttl * 1000));
    const changes = this.#run(() => {
      if (!options.ifAbsent) return this.#put.run(key, text, expiresAt).changes;
      this.#db.exec('BEGIN IMMEDIATE');
      try {
        this.#delExpired.run(key, now);
        const result = this.#putIfAbsent.run(key, text, expiresAt).changes;
        this.#db.exec('COMMIT');
        return result;
      } catch (error) {
        this.#db.exec('ROLLBACK');
        throw error;
      }
    });
    this.#wrote();
    return Number(changes) > 0;
  }

  async hit(key: string, windowSeconds: number, _options?: StoreHitOptions): Promise<{ count: number; resetSeconds: number }> {
    if (!(windowSeconds > 0)) throw new RangeError('windowSeconds deve ser positivo');
    const now = this.#now();
    const row = this.#run(() => {
      this.#db.exec('BEGIN IMMEDIATE');
      try {
        this.#delExpired.run(key, now);
        this.#putIfAbsent.run(key, '0', now + windowSeconds * 1000);
        const current = this.#getRow.get(key) as { value: string; expires_at: number | null };
        let count = Number(JSON.parse(current.value));
        if (!Number.isFinite(count)) count = 0;
        count += 1;
        // A key without expiry (a plain value left there) would never reset: give it the window now.
        const expiresAt = current.expires_at ?? now + windowSeconds * 1000;
        this.#put.run(key, String(count), expiresAt);
        this.#db.exec('COMMIT');
        return { count, expiresAt };
      } catch (error) {
        this.#db.exec('ROLLBACK');
        throw error;
      }
    });
    this.#wrote();
    return { count: row.count, resetSeconds: Math.max(1, Math.ceil((row.expiresAt - now) / 1000)) };
  }

  async delete(key: string): Promise<void> {
    this.#run(() => this.#del.run(key));
  }

  close(): void {
    this.#db.close();
  }
}

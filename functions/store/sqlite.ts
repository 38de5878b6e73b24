/**
 * The embedded file-backed store (the local default of `npm start`): Node's built-in `node:sqlite`, one file
 * under the data folder (DATA_DIR, default `data/`, ignored by git), so leads, readings and counters survive a
 * restart. Same contract as the other stores (tests/integration/store-contract.test.ts). Values are JSON text;
 * expiry is honoured on every read and expired rows are swept every 1 000 writes. WAL mode with a busy timeout,
 * so `npm run contatos` can read while the server writes. Every SQLite failure becomes `StoreUnavailableError`.
 *
 * - **Replay budget.** Idempotency records (`budget: 'replay'`) are numbered in write order; each write drops the
 *   ones more than `replayBudget` writes old, so however many anyone mints, they hold a bounded share of the
 *   file, and leads, readings and counters are never refused or evicted because of them.
 * - **Opening is checked.** A folder that is not one, cannot be created, is read-only without a database, or
 *   holds a file that is not an SQLite database or is corrupted (`PRAGMA quick_check`) is a
 *   `StorageSetupError` with the reason in pt-BR (the caller names DATA_DIR). A read-only folder (or file) that
 *   holds a database opens read-only (`readOnly`): reads work, every write is `StoreUnavailableError`.
 */
import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { REPLAY_BUDGET_DEFAULT, type Store, StoreDataError, type StoreHitOptions, type StoreSetOptions, StoreUnavailableError } from './types.ts';

export const SQLITE_FILE = 'armazenamento.sqlite';

export interface SqliteStoreOptions {
  /** Folder of the database file (created when missing). */
  dir: string;
  now?: () => number;
  /** Idempotency records kept at most (default `REPLAY_BUDGET_DEFAULT`); the oldest are dropped first. */
  replayBudget?: number;
  /** A ceiling on the database's size: writes beyond it fail as on a full disk (SQLITE_FULL). */
  maxBytes?: number;
}

/** The data folder cannot be used; `message` says why, in pt-BR, to follow the folder's name. */
export class StorageSetupError extends StoreUnavailableError {
  constructor(message: string, cause?: unknown) {
    super(cause, message);
    this.name = 'StorageSetupError';
  }
}

const SWEEP_EVERY = 1_000;
/** SQLite's primary result codes met when opening. */
const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;

const writable = (path: string): boolean => {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
};

const errno = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;
const sqliteCode = (error: unknown): number => Number((error as { errcode?: number } | undefined)?.errcode ?? 0) & 0xff;

/** Why the folder cannot be created, in words. */
function mkdirReason(error: unknown): string {
  switch (errno(error)) {
    case 'EACCES':
    case 'EPERM':
      return 'sem permissão para criá-la';
    case 'EROFS':
      return 'o disco é somente leitura';
    case 'ENOTDIR':
      return 'um dos nomes do caminho é um arquivo, não uma pasta';
    default:
      return (error as Error | undefined)?.message ?? String(error);
  }
}

/** The database file is not SQLite (or is damaged), in words with the way out. */
function damagedDatabase(error: unknown, detail?: string): StorageSetupError {
  const code = sqliteCode(error);
  if (code === SQLITE_NOTADB) {
    return new StorageSetupError(
      `tem um arquivo ${SQLITE_FILE} que não é um banco SQLite. Mova-o para fora da pasta (um banco novo é criado no próximo início) ou restaure uma cópia do banco.`,
      error,
    );
  }
  return new StorageSetupError(
    `tem o banco ${SQLITE_FILE} corrompido (${detail ?? (error as Error | undefined)?.message ?? 'falha na verificação'}). Restaure uma cópia do banco, ou mova o arquivo para fora da pasta para começar um banco vazio.`,
    error,
  );
}

type WriteStatements = Record<'put' | 'putIfAbsent' | 'del' | 'delExpired' | 'sweep' | 'getRow' | 'lastReplay' | 'dropOldReplay', StatementSync>;

export class SqliteStore implements Store {
  readonly kind = 'sqlite' as const;
  readonly file: string;
  /** The folder or the file does not accept writes: the database is open read-only. */
  readonly readOnly: boolean;
  readonly #db: DatabaseSync;
  readonly #now: () => number;
  readonly #replayBudget: number;
  readonly #get: StatementSync;
  #write: WriteStatements | undefined;
  #writes = 0;

  /** Opens (or creates) the database under `options.dir`. Throws `StorageSetupError` when the folder cannot be used. */
  constructor(options: SqliteStoreOptions) {
    this.#now = options.now ?? Date.now;
    this.#replayBudget = options.replayBudget ?? REPLAY_BUDGET_DEFAULT;
    if (!(Number.isSafeInteger(this.#replayBudget) && this.#replayBudget >= 1)) throw new RangeError('replayBudget deve ser um inteiro positivo');
    const dir = resolve(options.dir);
    const folder = statSync(dir, { throwIfNoEntry: false });
    if (folder && !folder.isDirectory()) throw new StorageSetupError('não é uma pasta: é um arquivo. Aponte DATA_DIR para uma pasta (ela é criada se não existir).');
    if (!folder) {
      try {
        mkdirSync(dir, { recursive: true });
      } catch (error) {
        throw new StorageSetupError(`não existe e não pôde ser criada (${mkdirReason(error)}). Crie a pasta ou aponte DATA_DIR para outra.`, error);
      }
    }
    this.file = join(dir, SQLITE_FILE);
    const existing = statSync(this.file, { throwIfNoEntry: false });
    if (existing && !existing.isFile()) throw new StorageSetupError(`tem um ${SQLITE_FILE} que não é um arquivo. Mova-o para fora da pasta.`);
    this.readOnly = !writable(dir) || (existing !== undefined && !writable(this.file));
    if (this.readOnly && !existing) {
      throw new StorageSetupError(
        `é somente leitura e não tem um banco (${SQLITE_FILE}) para ler. Dê permissão de escrita na pasta ao usuário do servidor, ou aponte DATA_DIR para uma pasta gravável.`,
      );
    }
    try {
      if (this.readOnly) {
        // Read-only: SQLite could not create the WAL's shared-memory file, so the file is read as it is.
        const url = pathToFileURL(this.file);
        url.searchParams.set('immutable', '1');
        this.#db = new DatabaseSync(url, { readOnly: true });
      } else {
        this.#db = new DatabaseSync(this.file, { timeout: 2_000 });
      }
    } catch (error) {
      throw new StorageSetupError(`não deixou abrir o banco ${SQLITE_FILE} (${(error as Error).message}).`, error);
    }
    try {
      if (!this.readOnly) this.#db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');
      const check = this.#db.prepare('PRAGMA quick_check(1)').get() as { quick_check?: string } | undefined;
      if (check?.quick_check !== 'ok') throw damagedDatabase(undefined, check?.quick_check);
      if (!this.readOnly) this.#migrate(options.maxBytes);
      this.#get = this.#db.prepare('SELECT value FROM kv WHERE key = ? AND (expires_at IS NULL OR expires_at > ?)');
    } catch (error) {
      this.#db.close();
      if (error instanceof StorageSetupError) throw error;
      if (sqliteCode(error) === SQLITE_NOTADB || sqliteCode(error) === SQLITE_CORRUPT) throw damagedDatabase(error);
      throw new StorageSetupError(`não deixou preparar o banco ${SQLITE_FILE} (${(error as Error).message}).`, error);
    }
  }

  /** Creates the table, or adds the replay columns to a table of an older version. */
  #migrate(maxBytes: number | undefined): void {
    // expires_at: epoch ms, NULL when the key does not expire. budget: NULL, or 'replay' with `written`, its
    // number in the replay write order.
    this.#db.exec('CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires_at INTEGER, budget TEXT, written INTEGER) STRICT');
    const columns = new Set((this.#db.prepare('PRAGMA table_info(kv)').all() as { name: string }[]).map((c) => c.name));
    if (!columns.has('budget')) this.#db.exec('ALTER TABLE kv ADD COLUMN budget TEXT');
    if (!columns.has('written')) this.#db.exec('ALTER TABLE kv ADD COLUMN written INTEGER');
    this.#db.exec('CREATE INDEX IF NOT EXISTS kv_budget ON kv (budget, written) WHERE budget IS NOT NULL');
    if (maxBytes !== undefined) {
      const { page_size: pageSize } = this.#db.prepare('PRAGMA page_size').get() as { page_size: number };
      this.#db.exec(`PRAGMA max_page_count = ${Math.max(1, Math.floor(maxBytes / pageSize))}`);
    }
  }

  /** The write statements, prepared on the first write (a read-only database never needs them). */
  #statements(): WriteStatements {
    this.#write ??= {
      put: this.#db.prepare(
        'INSERT INTO kv (key, value, expires_at, budget, written) VALUES (?, ?, ?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at, budget = excluded.budget, written = excluded.written',
      ),
      putIfAbsent: this.#db.prepare('INSERT INTO kv (key, value, expires_at, budget, written) VALUES (?, ?, ?, ?, ?) ON CONFLICT(key) DO NOTHING'),
      del: this.#db.prepare('DELETE FROM kv WHERE key = ?'),
      delExpired: this.#db.prepare('DELETE FROM kv WHERE key = ? AND expires_at IS NOT NULL AND expires_at <= ?'),
      sweep: this.#db.prepare('DELETE FROM kv WHERE expires_at IS NOT NULL AND expires_at <= ?'),
      getRow: this.#db.prepare('SELECT value, expires_at FROM kv WHERE key = ?'),
      lastReplay: this.#db.prepare("SELECT MAX(written) AS last FROM kv WHERE budget = 'replay'"),
      dropOldReplay: this.#db.prepare("DELETE FROM kv WHERE budget = 'replay' AND written <= ?"),
    };
    return this.#write;
  }

  #run<T>(operation: () => T): T {
    try {
      return operation();
    } catch (error) {
      throw new StoreUnavailableError(error);
    }
  }

  /** `operation` inside one write transaction. */
  #transaction<T>(operation: (statements: WriteStatements) => T): T {
    return this.#run(() => {
      const statements = this.#statements();
      this.#db.exec('BEGIN IMMEDIATE');
      try {
        const result = operation(statements);
        this.#db.exec('COMMIT');
        return result;
      } catch (error) {
        this.#db.exec('ROLLBACK');
        throw error;
      }
    });
  }

  #wrote(): void {
    if (++this.#writes % SWEEP_EVERY === 0) this.sweep();
  }

  /** Removes every expired row (also runs automatically every 1 000 writes). */
  sweep(): number {
    return Number(this.#run(() => this.#statements().sweep.run(this.#now())).changes);
  }

  async get<T = unknown>(key: string): Promise<T | null> {
    const row = this.#run(() => this.#get.get(key, this.#now())) as { value: string } | undefined;
    if (!row) return null;
    try {
      return JSON.parse(row.value) as T;
    } catch (error) {
      throw new StoreDataError(key, error);
    }
  }

  async set(key: string, value: unknown, options: StoreSetOptions = {}): Promise<boolean> {
    const text = JSON.stringify(value);
    if (text === undefined) throw new TypeError('valor não serializável em JSON');
    const ttl = options.ttlSeconds;
    if (ttl !== undefined && !(ttl > 0)) throw new RangeError('ttlSeconds deve ser positivo');
    const now = this.#now();
    const expiresAt = ttl === undefined ? null : now + Math.max(1, Math.round(ttl * 1000));
    const replay = options.budget === 'replay';
    let changes: number | bigint;
    if (!options.ifAbsent && !replay) {
      changes = this.#run(() => this.#statements().put.run(key, text, expiresAt, null, null).changes);
    } else {
      changes = this.#transaction((s) => {
        if (options.ifAbsent) s.delExpired.run(key, now);
        if (!replay) return s.putIfAbsent.run(key, text, expiresAt, null, null).changes;
        // The replay budget: this record is the newest; the ones `replayBudget` writes older go.
        const { last } = s.lastReplay.get() as { last: number | null };
        const written = (last ?? 0) + 1;
        const result = (options.ifAbsent ? s.putIfAbsent : s.put).run(key, text, expiresAt, 'replay', written).changes;
        if (Number(result) > 0) s.dropOldReplay.run(written - this.#replayBudget);
        return result;
      });
    }
    this.#wrote();
    return Number(changes) > 0;
  }

  async hit(key: string, windowSeconds: number, _options?: StoreHitOptions): Promise<{ count: number; resetSeconds: number }> {
    if (!(windowSeconds > 0)) throw new RangeError('windowSeconds deve ser positivo');
    const now = this.#now();
    const row = this.#transaction((s) => {
      s.delExpired.run(key, now);
      s.putIfAbsent.run(key, '0', now + windowSeconds * 1000, null, null);
      const current = s.getRow.get(key) as { value: string; expires_at: number | null };
      let count = Number(JSON.parse(current.value));
      if (!Number.isFinite(count)) count = 0;
      count += 1;
      // A key without expiry (a plain value left there) would never reset: give it the window now.
      const expiresAt = current.expires_at ?? now + windowSeconds * 1000;
      s.put.run(key, String(count), expiresAt, null, null);
      return { count, expiresAt };
    });
    this.#wrote();
    return { count: row.count, resetSeconds: Math.max(1, Math.ceil((row.expiresAt - now) / 1000)) };
  }

  async delete(key: string): Promise<void> {
    this.#run(() => this.#statements().del.run(key));
  }

  close(): void {
    this.#db.close();
  }
}

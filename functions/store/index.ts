/**
 * Chooses the store: Upstash when its REST URL and token are configured, otherwise the file-backed SQLite
 * store when a data folder is configured (DATA_DIR; `npm start` sets `data/`), otherwise the in-memory store
 * (tests, benchmarks).
 */
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.ts';
import { MemoryStore } from './memory.ts';
import { SqliteStore } from './sqlite.ts';
import type { Store } from './types.ts';
import { UpstashStore } from './upstash.ts';

export type { Store } from './types.ts';
export { StoreUnavailableError } from './types.ts';

/** The data folder `npm start` and `npm run contatos` use when DATA_DIR is not set: `data/` of the project (ignored by git). */
export const LOCAL_DATA_DIR = fileURLToPath(new URL('../../data/', import.meta.url));

export function createStore(config: Pick<Config, 'upstash'> & { dataDir?: string | undefined }): Store {
  if (!config.upstash) return config.dataDir ? new SqliteStore({ dir: config.dataDir }) : new MemoryStore();
  try {
    return new UpstashStore(config.upstash);
  } catch (error) {
    // A malformed UPSTASH_REDIS_REST_URL must not take every function down with it.
    console.error('[store] configuração do Upstash inválida; usando o armazenamento em memória:', error instanceof Error ? error.message : error);
    return new MemoryStore();
  }
}

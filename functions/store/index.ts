/**
 * Chooses the store: Upstash when its REST URL and token are configured, otherwise the file-backed SQLite
 * store when a data folder is configured (DATA_DIR; `npm start` sets `data/`), otherwise the in-memory store
 * (tests, benchmarks). A storage variable that is set but unusable gives the unusable store (./unusable.ts),
 * never a silent fallback: a lead must not be confirmed into memory and lost at the next restart.
 */
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.ts';
import { MemoryStore } from './memory.ts';
import { SqliteStore, StorageSetupError } from './sqlite.ts';
import type { Store } from './types.ts';
import { UnusableStore } from './unusable.ts';
import { UpstashStore } from './upstash.ts';

export type { Store } from './types.ts';
export { StoreUnavailableError } from './types.ts';

/** The data folder `npm start` and `npm run contatos` use when DATA_DIR is not set: `data/` of the project (ignored by git). */
export const LOCAL_DATA_DIR = fileURLToPath(new URL('../../data/', import.meta.url));

type StoreConfig = Pick<Config, 'upstash'> & Partial<Pick<Config, 'storageProblem' | 'replayBudget'>> & { dataDir?: string | undefined };

export function createStore(config: StoreConfig): Store {
  if (config.storageProblem) return new UnusableStore(config.storageProblem);
  const replayBudget = config.replayBudget;
  if (config.upstash) {
    try {
      return new UpstashStore({ ...config.upstash, replayBudget });
    } catch {
      // The variables passed our checks (./settings.ts); the client's own message may quote the URL, so it is not repeated.
      return new UnusableStore('UPSTASH_REDIS_REST_URL não foi aceita pelo cliente do Upstash: use a URL REST do banco, no formato https://<nome>.upstash.io.');
    }
  }
  if (!config.dataDir) return new MemoryStore();
  try {
    return new SqliteStore({ dir: config.dataDir, replayBudget });
  } catch (error) {
    const reason = error instanceof StorageSetupError ? error.message : `não pôde ser usada (${error instanceof Error ? error.message : String(error)}).`;
    return new UnusableStore(`DATA_DIR (${config.dataDir}) ${reason}`);
  }
}

/** Where the data is, for a person (`npm start`, `npm run contatos`): never a credential. */
export function describeStore(store: Store): string {
  if (store instanceof SqliteStore) return `arquivo ${store.file}${store.readOnly ? ' (somente leitura)' : ''}`;
  if (store instanceof UpstashStore) return `Upstash (${store.host})`;
  if (store instanceof UnusableStore) return 'armazenamento mal configurado';
  return 'memória';
}

/** What an operator must know before serving with this store: the reason it cannot be used (stop), or a warning. */
export function storeStartupNotice(store: Store): { problem?: string; warning?: string } {
  if (store instanceof UnusableStore) return { problem: store.problem };
  if (store instanceof SqliteStore && store.readOnly) {
    return {
      warning:
        `DATA_DIR (${store.file.replace(/[\\/][^\\/]+$/, '')}) é somente leitura: o site funciona e os dados guardados podem ser lidos, ` +
        'mas contatos e medições não são registrados (respondem 503, com o e-mail de contato) até a pasta voltar a aceitar escrita.',
    };
  }
  return {};
}

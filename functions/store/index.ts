/**
 * Chooses the store: Upstash when its REST URL and token are configured, otherwise the embedded
 * in-memory store.
 */
import type { Config } from '../config.ts';
import { MemoryStore } from './memory.ts';
import type { Store } from './types.ts';
import { UpstashStore } from './upstash.ts';

export type { Store } from './types.ts';
export { StoreUnavailableError } from './types.ts';

export function createStore(config: Pick<Config, 'upstash'>): Store {
  if (!config.upstash) return new MemoryStore();
  try {
    return new UpstashStore(config.upstash);
  } catch (error) {
    // A malformed UPSTASH_REDIS_REST_URL must not take every function down with it.
    console.error('[store] configuração do Upstash inválida; usando o armazenamento em memória:', error instanceof Error ? error.message : error);
    return new MemoryStore();
  }
}

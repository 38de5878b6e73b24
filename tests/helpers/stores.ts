/**
 * Stores for tests that need one to fail or to be watched: `unavailableStore` fails every call as a dead backend
 * does (`StoreUnavailableError`), `recordingStore` passes every call to a real store and records it.
 */
import type { Store } from '../../functions/store/types.ts';
import { StoreUnavailableError } from '../../functions/store/types.ts';

/** A store whose every call fails as an unreachable backend's would. */
export function unavailableStore(kind: Store['kind'] = 'upstash', cause?: unknown): Store {
  const fail = async (): Promise<never> => {
    throw new StoreUnavailableError(cause);
  };
  return { kind, get: fail, set: fail, hit: fail, delete: fail };
}

/** `inner` with each call recorded as `<method> <key>` in `calls`. */
export function recordingStore(inner: Store, calls: string[]): Store {
  return {
    kind: inner.kind,
    get: (key) => (calls.push(`get ${key}`), inner.get(key)),
    set: (key, value, options) => (calls.push(`set ${key}`), inner.set(key, value, options)),
    hit: (key, windowSeconds, options) => (calls.push(`hit ${key}`), inner.hit(key, windowSeconds, options)),
    delete: (key) => (calls.push(`delete ${key}`), inner.delete(key)),
  };
}

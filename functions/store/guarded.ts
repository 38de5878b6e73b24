/**
 * A store call whose every failure is a `StoreUnavailableError` (a bug in a value's shape as much as a dead
 * backend): the callers that walk several keys degrade in one place.
 */
import { StoreUnavailableError } from './types.ts';

export async function guarded<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw error instanceof StoreUnavailableError ? error : new StoreUnavailableError(error);
  }
}

/**
 * Counting semaphores: at most `limit` tasks run at once, the others wait their turn in order. One per use, never a
 * global: the reading agent's fetcher holds one per host (politeness), a measurement's sampling one for its share of
 * the host's connections.
 */

export interface Semaphore {
  /** Runs `task` when a slot is free; the slot is released when it settles. */
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createSemaphore(limit: number): Semaphore {
  let free = limit;
  const waiting: (() => void)[] = [];
  const acquire = (): Promise<void> => (free > 0 ? (free--, Promise.resolve()) : new Promise((resolve) => waiting.push(resolve)));
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else free++;
  };
  return {
    async run(task) {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}

/** One semaphore of `limit` per key (a host), made on first use and dropped when idle. */
export function keyedSemaphore(limit: number): <T>(key: string, task: () => Promise<T>) => Promise<T> {
  const byKey = new Map<string, { semaphore: Semaphore; users: number }>();
  return async (key, task) => {
    let entry = byKey.get(key);
    if (!entry) byKey.set(key, (entry = { semaphore: createSemaphore(limit), users: 0 }));
    entry.users++;
    try {
      return await entry.semaphore.run(task);
    } finally {
      if (--entry.users === 0) byKey.delete(key);
    }
  };
}

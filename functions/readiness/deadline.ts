/**
 * The measurement's time budget, shared by the fetches and the analyses of what the site returned. Site
 * content is analysed in slices that give the event loop back and stop at the deadline (a hostile page
 * must not freeze the server), and an analysis cut short says so (`AnalysisCutShort`) instead of
 * producing a reading from partial work.
 */
export class AnalysisCutShort extends Error {
  constructor(message = 'a análise passou do limite de tempo da medição') {
    super(message);
    this.name = 'AnalysisCutShort';
  }
}

export interface Deadline {
  /** Aborts at the deadline (fetches listen to it). */
  readonly signal: AbortSignal;
  /** Epoch milliseconds of the deadline. */
  readonly at: number;
  /** Whether the budget is spent (by the clock, even if a busy event loop has not fired the timer yet). */
  expired(): boolean;
  /** Throws `AnalysisCutShort` once the budget is spent. */
  check(): void;
  /** Gives the event loop back when the current slice ran long, then `check()`s. */
  pause(): Promise<void>;
  /** Rejects with `AnalysisCutShort` at the deadline if `work` has not settled by then. */
  race<T>(work: Promise<T>): Promise<T>;
}

/** Longest stretch of synchronous analysis between two returns to the event loop. */
export const SLICE_MS = 10;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export function createDeadline(totalMs: number, clock: () => number = Date.now): Deadline {
  const at = clock() + totalMs;
  const signal = AbortSignal.timeout(totalMs);
  let sliceStart = clock();
  const expired = () => signal.aborted || clock() >= at;
  const check = () => {
    if (expired()) throw new AnalysisCutShort();
  };
  return {
    signal,
    at,
    expired,
    check,
    async pause() {
      check();
      if (clock() - sliceStart < SLICE_MS) return;
      await nextTurn();
      sliceStart = clock();
      check();
    },
    race<T>(work: Promise<T>): Promise<T> {
      if (expired()) return Promise.reject(new AnalysisCutShort());
      return untilAborted(work, signal, () => new AnalysisCutShort());
    },
  };
}

/**
 * `promise`, or a rejection as soon as `signal` aborts, with `reason()` (by default the signal's reason): the
 * work behind `promise` is simply no longer awaited.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal, reason: () => unknown = () => signal.reason): Promise<T> {
  if (signal.aborted) return Promise.reject(reason());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(reason());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

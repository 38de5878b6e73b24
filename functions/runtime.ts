/**
 * The process-wide runtime of the functions: configuration, store and clock, created lazily on first use
 * from process.env. Tests replace parts of it with `setRuntimeForTesting`.
 */
import { type Config, loadConfig } from './config.ts';
import { createStore } from './store/index.ts';
import type { Store } from './store/types.ts';

export interface Runtime {
  config: Config;
  store: Store;
  /** Epoch milliseconds. */
  now(): number;
}

let current: Runtime | undefined;
let overrides: Partial<Runtime> | undefined;

function build(): Runtime {
  const config = overrides?.config ?? loadConfig(process.env);
  return {
    config,
    store: overrides?.store ?? createStore(config),
    now: overrides?.now ?? Date.now,
  };
}

/** The runtime (built once per process, or after each `setRuntimeForTesting`). */
export function runtime(): Runtime {
  current ??= build();
  return current;
}

/**
 * Replaces parts of the runtime (the rest is built from process.env as usual); `undefined` resets to the
 * environment's runtime on the next `runtime()` call.
 */
export function setRuntimeForTesting(partial?: Partial<Runtime>): void {
  overrides = partial;
  current = undefined;
}

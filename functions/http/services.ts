/**
 * Builds the per-process services of the request context from the environment: the one place where the
 * adapters (netlify/functions/*.mts, server/local.ts) turn `process.env` into configuration, store, clock and
 * network. Tests build their own (`createServices(env, { store, now, network })`) and pass them in.
 */
import { DEPRECATIONS } from '../api/deprecations.ts';
import { loadConfig } from '../config.ts';
import { defaultNetwork } from '../readiness/fetch/network.ts';
import { createStore } from '../store/index.ts';
import type { RequestContext, Services } from './types.ts';

export function createServices(env: Record<string, string | undefined>, overrides: Partial<Services> = {}): Services {
  const config = overrides.config ?? loadConfig(env);
  return {
    config,
    store: overrides.store ?? createStore(config),
    now: overrides.now ?? Date.now,
    network: overrides.network ?? defaultNetwork,
    deprecations: overrides.deprecations ?? DEPRECATIONS,
  };
}

/** The context of one request: the services, read now (a test may swap its store between requests), plus the client. */
export const requestContext = (services: Services, clientAddress: string, extra: Pick<RequestContext, 'params' | 'waitUntil'> = {}): RequestContext => ({
  config: services.config,
  store: services.store,
  now: services.now,
  network: services.network,
  deprecations: services.deprecations,
  clientAddress,
  ...extra,
});

/**
 * The composition root of the functions: the services a request needs from the process (configuration, store,
 * clock, network, the API's deprecation table; their shape is ./context.ts), built once per process from the
 * environment, and the context of one request. The one place where the adapters (netlify/functions/*.mts, server/local.ts) turn `process.env` into
 * services; nothing below reads a global. Tests build their own (`createServices(env, { store, now, network })`)
 * and pass them in. It sits above the surfaces and the domains (it wires them), and the HTTP kit
 * (functions/http/) knows nothing of it.
 */
import { DEPRECATIONS } from './api/deprecations.ts';
import { loadConfig } from './config.ts';
import type { RequestContext, Services } from './context.ts';
import { defaultNetwork } from './readiness/fetch/network.ts';
import { createStore } from './store/index.ts';


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

/**
 * The request context for tests: services built from the test's environment (never a global), and the
 * context of one request, so a test calls a handler or a domain function the way an adapter would.
 */
import { createServices, requestContext } from '../../functions/services.ts';
import type { RequestContext, Services } from '../../functions/context.ts';

/** Services from process.env plus `env`, with `overrides` (store, clock, network, or a whole config). */
export const testServices = (env: Record<string, string | undefined> = {}, overrides: Partial<Services> = {}): Services =>
  createServices({ ...process.env, ...env }, overrides);

/** The context of one request from `clientAddress` (default 127.0.0.1). */
export const testContext = (services: Services = testServices(), clientAddress = '127.0.0.1'): RequestContext => requestContext(services, clientAddress);

/**
 * Rebuilds the configuration, store and clock of a test's own `services` in place (its network stays), as a
 * fresh process would build them from process.env and `partial`. A server started with these services
 * serves the next request with them: requests read the services when they arrive.
 */
export function resetServices(services: Services, partial: Partial<Omit<Services, 'network'>> = {}): void {
  Object.assign(services, createServices(process.env, { ...partial, network: services.network }));
}

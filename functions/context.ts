/**
 * The shape of what a request needs from the process and from the platform: the services (built once per process
 * by the composition root, ./services.ts) and the context of one request. Every surface and domain reads what it
 * needs from here; nothing reads a global.
 */
import type { DeprecationTable } from './api/deprecations.ts';
import type { Config } from './config.ts';
import type { NetworkHooks } from './readiness/fetch/network.ts';
import type { Store } from './store/types.ts';

/** The per-process part of the context: what the adapters build once from the environment. */
export interface Services {
  /** Configuration read from the environment; `config.origin` is the service origin ({base_url}). */
  config: Config;
  store: Store;
  /** Epoch milliseconds. */
  now(): number;
  /** DNS and sockets of the reading agent (tests pass a guard that only reaches loopback). */
  network: NetworkHooks;
  /** The deprecation table of the API (`DEPRECATIONS`; tests pass their own). */
  deprecations: DeprecationTable;
}

/** The context of one request: the process's services plus what the platform says about this request. */
export interface RequestContext extends Services {
  /** The client's address as the platform reports it (Netlify `context.ip`, the socket locally). */
  clientAddress: string;
  /** Path parameters, when the platform extracted them (unused by our handlers: they parse the URL). */
  params?: Record<string, string>;
  /** Keep work alive after the response (Netlify `context.waitUntil`); absent locally. */
  waitUntil?: (promise: Promise<unknown>) => void;
}

export type Handler = (request: Request, context: RequestContext) => Promise<Response>;

/**
 * The shape of the functions' routes, declared by each function module (its default export) and run by the app
 * (./app.ts): a route is its steps in order, its handler and how it words a problem; a module resolves a path (and
 * a method) to a route.
 */
import type { RequestContext } from './context.ts';
import type { Exchange, Problem, Step } from './http/pipeline.ts';
import { compilePathPattern } from './routes.ts';

/** A request on its way through a route of the functions. */
export type RouteExchange = Exchange<RequestContext>;

/** One route: its steps in order (after the guard), its handler, and how it words a problem. */
export interface Route<I = unknown> {
  /** `<function>.<route>`, for instrumentation and logs. */
  name: string;
  steps: readonly Step<RouteExchange>[];
  /** The route's own logic, with the input the validation step made (undefined when the route validates nothing). */
  handle(input: I, x: RouteExchange): Response | Promise<Response>;
  /** A problem in the route's shape; the contract's JSON error body by default. */
  refuse?(problem: Problem, x: RouteExchange): Response | Promise<Response>;
}

/** Declares a route (the handler's input typed by the caller). */
export const route = <I>(r: Route<I>): Route => r as Route;

/** A route for a path of the function, and what the path leaves to it (the still percent-encoded rest, or ''). */
export interface Resolved {
  route: Route;
  param?: string;
}

/** What a function module exports: its routes by path (and by method, where one path has routes per method). */
export interface FunctionModule {
  resolve(pathname: string, method: string): Resolved | undefined;
}

/** A route per method of one path (`default` for the other methods: its method step answers OPTIONS and 405). */
export type ByMethod = Readonly<Record<string, Route>> & { default: Route };

/**
 * The function module of routes declared by path pattern (literal segments and `*`, as the route table; the part
 * the first `*` matched is the route's `param`), first match wins; `fallback` answers the function's other paths.
 */
export function byPath(table: readonly (readonly [pattern: string, route: Route | ByMethod])[], fallback?: Route): FunctionModule {
  const compiled = table.map(([pattern, target]) => {
    const star = pattern.indexOf('*');
    return { regex: compilePathPattern(pattern), prefix: star === -1 ? pattern.length : star, target };
  });
  return {
    resolve(pathname, method) {
      for (const { regex, prefix, target } of compiled) {
        if (!regex.test(pathname)) continue;
        const route = 'steps' in target ? (target as Route) : ((target as ByMethod)[method] ?? (target as ByMethod).default);
        return { route, param: pathname.slice(prefix) };
      }
      return fallback ? { route: fallback } : undefined;
    },
  };
}


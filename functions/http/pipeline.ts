/**
 * The pipeline of a route, Hono's `compose` in miniature: an ordered list of steps, each called once with the
 * request's exchange and a `next` that runs the rest. A step answers by returning a response (a refusal, a
 * preflight), passes by returning `next()`, or wraps by awaiting `next()` and adding to what comes back (CORS,
 * the API's rate-limit headers, the security headers). The handler is the last step.
 *
 * Steps find problems in the contract's terms (`Problem`: a code of the error catalogue, a pt-BR description,
 * headers); the route words them in its own shape (`Exchange.refuse`: the JSON error body, an HTML page, a
 * JSON-RPC error). Generic: the steps of the kit (./steps.ts) know nothing of the services or the domains.
 */
import type { ErrorCode } from './errors.ts';

/** A problem a step found with the request (the catalogue's status unless `status` says otherwise). */
export interface Problem {
  error: ErrorCode;
  description: string;
  status?: number;
  headers?: HeadersInit;
  /** What the route's own shape needs beyond the description (a form's values, a JSON-RPC code). */
  detail?: unknown;
}

/** One request on its way through a route's pipeline. */
export interface Exchange<C = unknown> {
  readonly request: Request;
  /** The request's URL, parsed once. */
  readonly url: URL;
  /** The method, upper case. */
  readonly method: string;
  /** What the platform and the process give the request (the functions' `RequestContext`). */
  readonly context: C;
  /** What the route's path pattern left for the route (the still percent-encoded rest of the path), or ''. */
  readonly param: string;
  /** What the steps found, for the steps after them and the handler (the body read, the input, who calls…). */
  readonly found: Found;
  /** The route's answer to a problem, in its own shape. */
  refuse(problem: Problem): Response | Promise<Response>;
}

/** The products of the steps, one member per kind. */
export interface Found {
  /** The body as read by the body step: its text and media type (without parameters, lower case). */
  body?: { text: string; type: string };
  /** The validated input (the validation step's value). */
  input?: unknown;
  [kind: string]: unknown;
}

export type Next = () => Promise<Response>;

export interface Step<X extends Exchange = Exchange> {
  /** What the step does, in a word (instrumentation and logs). */
  readonly name: string;
  run(x: X, next: Next): Response | Promise<Response>;
}

/**
 * The steps as one function: each runs at most once per request, in order. `observe` sees each step as it starts
 * (tests count them). A step that calls `next` twice, or a last step that calls it, is a programming error.
 */
export function compose<X extends Exchange>(steps: readonly Step<X>[], observe?: (step: string) => void): (x: X) => Promise<Response> {
  return (x) => {
    let reached = -1;
    // Not an async function: a step's own promise is passed on as it is (one promise fewer per step).
    const dispatch = (i: number): Promise<Response> => {
      try {
        if (i <= reached) throw new Error('pipeline: next() chamado duas vezes na mesma etapa');
        reached = i;
        const step = steps[i];
        if (!step) throw new Error('pipeline: a última etapa chamou next()');
        observe?.(step.name);
        return Promise.resolve(step.run(x, () => dispatch(i + 1)));
      } catch (error) {
        return Promise.reject(error);
      }
    };
    return dispatch(0);
  };
}

/**
 * The generic steps of a route's pipeline (./pipeline.ts), each one job the handlers used to do by hand: the guard
 * (security headers on every response, no stack trace ever), the methods (OPTIONS and 405), CORS on the way out, the
 * same-origin rule of the site's own forms, the body read under its byte cap and media types, and the validation
 * that turns the request into the handler's input. A surface adds its own steps of the same shape where its
 * protocol needs one (the API's bearer and quota, MCP's host rule).
 */
import { withSecurityHeaders } from '../../src/model/security-headers.ts';
import { readBodyText, mediaType } from './body.ts';
import { withCors } from './cors.ts';
import { type MethodPolicy, answerMethod } from './methods.ts';
import type { Exchange, Problem, Step } from './pipeline.ts';
import { crossSiteReason } from './same-origin.ts';

/**
 * The outermost step of every route: the security headers every function response carries (by media type, never
 * overriding what the route set), and an unexpected exception turned into the contract's JSON error, logged
 * without the request's query.
 */
export const guard: Step = {
  name: 'guard',
  async run(x, next) {
    let response: Response;
    try {
      response = await next();
    } catch (error) {
      console.error(`[${x.method} ${x.url.pathname}]`, error);
      response = Response.json({ error: 'server_error', error_description: 'Erro interno inesperado. Tente novamente em instantes.' }, { status: 500 });
    }
    try {
      // Responses a route builds have mutable headers: add to them in place (no copy on the hot path).
      withSecurityHeaders(response.headers);
      return response;
    } catch {
      // Immutable headers (a response obtained from fetch): copy once.
      const headers = withSecurityHeaders(new Headers(response.headers));
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    }
  },
};

/** OPTIONS (a CORS preflight, or a plain 204) and the 405 with `Allow`, as the route's method policy says. */
export const methods = (policy: MethodPolicy): Step => ({
  name: 'methods',
  async run(x, next) {
    return (await answerMethod(x.request, policy)) ?? next();
  },
});

/** CORS on every response of the route, on the way out (`exposed` replaces the API's list of readable headers). */
export const cors = (exposed?: readonly string[]): Step => ({
  name: 'cors',
  async run(_x, next) {
    return withCors(await next(), exposed);
  },
});

/**
 * The site's own forms only: a request another site's page made (its `Origin` or `Sec-Fetch-Site` says so) is
 * refused 403 `cross_site_request` before anything is read or counted. `hint` ends the description (where to go).
 */
export const sameOrigin = (hint: (origin: string) => string): Step<Exchange<{ config: { origin: string } }>> => ({
  name: 'same-origin',
  async run(x, next) {
    const { origin } = x.context.config;
    const reason = crossSiteReason(x.request, origin);
    if (!reason) return next();
    await x.request.body?.cancel().catch(() => {});
    return x.refuse({ error: 'cross_site_request', description: `${reason} ${hint(origin)}` });
  },
});

export interface BodyPolicy {
  /** Methods whose body is read (default POST); on the others the step passes. */
  methods?: readonly string[];
  /** Byte cap of the body (counted on the stream: `Content-Length` is only a hint). */
  limit: number;
  /** Media types accepted (without parameters; '' when the request names none); absent: any. */
  accepts?: (type: string) => boolean;
  /** The 415 of a media type not accepted. */
  unsupported?: (type: string) => Problem;
  /** The 413 of a body over the cap. */
  tooLarge: Problem;
  /** The 400 of a body that is not UTF-8 text (`encoding`), or could not be read; absent: such a body is read as empty. */
  unreadable?: Problem | ((reason: 'encoding' | 'read') => Problem);
}

/** The body read under its cap: `found.body` holds its text and media type for the validation after it. */
export const readBody = (policy: BodyPolicy): Step => ({
  name: 'body',
  async run(x, next) {
    if (!(policy.methods ?? ['POST']).includes(x.method)) return next();
    const type = mediaType(x.request);
    if (policy.accepts && !policy.accepts(type)) {
      await x.request.body?.cancel().catch(() => {});
      return x.refuse(policy.unsupported?.(type) ?? { error: 'unsupported_media_type', description: `Content-Type ${type} não aceito.` });
    }
    const body = await readBodyText(x.request, policy.limit);
    if (!body.ok) {
      if (body.reason === 'too_large') return x.refuse(policy.tooLarge);
      const { unreadable } = policy;
      if (unreadable) return x.refuse(typeof unreadable === 'function' ? unreadable(body.reason) : unreadable);
    }
    x.found.body = { text: body.ok ? body.text : '', type };
    return next();
  },
});

/** What a validation gives: the handler's input, or what is wrong (a problem the route words, or its own response). */
export type Validated<I> = { ok: true; value: I } | { ok: false; problem: Problem } | { ok: false; response: Response };

/** The validation: the request (and the body read before it) turned into the handler's input, `found.input`. */
export const validate = <X extends Exchange, I>(check: (x: X) => Validated<I> | Promise<Validated<I>>): Step<X> => ({
  name: 'validate',
  async run(x, next) {
    const result = await check(x);
    if (!result.ok) return 'response' in result ? result.response : x.refuse(result.problem);
    x.found.input = result.value;
    return next();
  },
});

/** A condition of the route's configuration or protocol, checked in its place: a problem (or a response) stops it. */
export const precondition = <X extends Exchange>(name: string, check: (x: X) => Problem | Response | undefined | Promise<Problem | Response | undefined>): Step<X> => ({
  name,
  async run(x, next) {
    const found = await check(x);
    if (found === undefined) return next();
    return found instanceof Response ? found : x.refuse(found);
  },
});

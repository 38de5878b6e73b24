/**
 * Method dispatch shared by every handler: the OPTIONS answer (a CORS preflight, or a plain 204 for the
 * surfaces browsers of other sites must not call) and the 405 with `Allow`. A handler declares its methods
 * once and keeps only its own 405 wording (or body shape: JSON-RPC for MCP and A2A).
 */
import { preflightResponse, withCors } from './cors.ts';
import { errorResponse } from './errors.ts';

export interface MethodPolicy {
  /** The methods answered on the path, OPTIONS included (`Allow` lists them in this order). */
  methods: readonly string[];
  /**
   * OPTIONS as a CORS preflight (and the 405 with CORS headers), with the request headers of the path's own
   * protocol allowed besides the common ones; false: a plain 204 with `Allow` and `optionsCacheControl`.
   */
  cors: false | { extraHeaders?: readonly string[] };
  /** `Cache-Control` of the plain OPTIONS answer (default `no-store`). */
  optionsCacheControl?: string;
  /**
   * The 405 of the surface: a pt-BR description for the contract's error body, or a whole response (its own
   * body shape). `Allow` is set by the kit either way.
   */
  notAllowed: (method: string) => string | Response;
}

/**
 * The answer to a request whose method the handler does not serve (OPTIONS or a method outside `methods`),
 * or undefined when the handler should go on. An unread request body is cancelled.
 */
export async function answerMethod(request: Request, policy: MethodPolicy): Promise<Response | undefined> {
  const method = request.method.toUpperCase();
  const allow = policy.methods.join(', ');
  if (method === 'OPTIONS') {
    if (policy.cors) return preflightResponse(policy.methods, policy.cors.extraHeaders);
    return new Response(null, { status: 204, headers: { Allow: allow, 'Cache-Control': policy.optionsCacheControl ?? 'no-store' } });
  }
  if (policy.methods.includes(method)) return undefined;
  await request.body?.cancel().catch(() => {});
  const answer = policy.notAllowed(method);
  const response = typeof answer === 'string' ? errorResponse('method_not_allowed', answer) : answer;
  response.headers.set('Allow', allow);
  return policy.cors ? withCors(response) : response;
}

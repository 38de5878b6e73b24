/**
 * Runs a handler for any adapter (Netlify function or local server): adds the security headers every
 * function response carries, and turns an unexpected exception into the contract's JSON error
 * (never a stack trace).
 */
import { withSecurityHeaders } from '../../src/model/security-headers.ts';

export async function runHandler<C>(handler: (request: Request, context: C) => Promise<Response>, request: Request, context: C): Promise<Response> {
  let response: Response;
  try {
    response = await handler(request, context);
  } catch (error) {
    console.error(`[${request.method} ${new URL(request.url).pathname}]`, error);
    response = Response.json(
      { error: 'server_error', error_description: 'Erro interno inesperado. Tente novamente em instantes.' },
      { status: 500 },
    );
  }
  try {
    // Responses a handler builds have mutable headers: add to them in place (no copy on the hot path).
    withSecurityHeaders(response.headers);
    return response;
  } catch {
    // Immutable headers (a response obtained from fetch): copy once.
    const headers = withSecurityHeaders(new Headers(response.headers));
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

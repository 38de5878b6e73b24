/**
 * The contract's error catalogue. Every error body is `{ error, error_description }` (401 adds `auth` and
 * `sandbox`); descriptions are pt-BR and may be rewritten freely (compatible change).
 */
import { knownBodyResponse } from './known-body.ts';

export const ERROR_STATUS = {
  invalid_request: 400,
  service_auth_not_enabled: 400,
  issuer_not_enabled: 400,
  invalid_grant: 400,
  unsupported_grant_type: 400,
  invalid_target: 400,
  missing_token: 401,
  invalid_token: 401,
  insufficient_scope: 403,
  cross_site_request: 403,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  idempotency_key_reuse: 422,
  rate_limited: 429,
  server_error: 503,
  temporarily_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  error: ErrorCode;
  error_description: string;
  auth?: string;
  sandbox?: string;
}

/** A JSON error response with the catalogue's status (overridable) and extra headers. */
export function errorResponse(
  error: ErrorCode,
  description: string,
  init: { status?: number; headers?: HeadersInit; extra?: Partial<ErrorBody> } = {},
): Response {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.set('cache-control', 'no-store');
  const body: ErrorBody = { error, error_description: description, ...init.extra };
  return knownBodyResponse(JSON.stringify(body), { status: init.status ?? ERROR_STATUS[error], headers });
}

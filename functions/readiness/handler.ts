/**
 * The readiness function:
 *
 * - `POST /api/ia/medicao`: the free measurement of the page /diagnostico-de-visibilidade-cognitiva.
 *   Body JSON `{ "site": "<domínio>" }` or the form field `site` (max 64 KB, else 413). Answers JSON (fetch,
 *   agents), an HTML result page (the form posted without JavaScript, `Accept: text/html`) or NDJSON progress
 *   (`Accept: application/x-ndjson`: one line per finished check, then the result). Limits: the operator
 *   pause, 3 measurements per visitor per 24 h, the instrument gate (8 calls per minute shared with reads).
 *   Storage failure → 503 with Retry-After, never 500. The reading is recorded per domain.
 * - `GET /.well-known/http-message-signatures-directory`: the reading agent's key directory (JWKS), signed
 *   per the Web Bot Auth draft (a static file cannot carry the per-request signature headers).
 * - `GET /diagnostico-de-visibilidade-cognitiva/resultado/<dominio>`: the result page of a recorded reading.
 * - `GET /diagnostico-de-visibilidade-cognitiva/selo/<dominio>.svg`: the badge of a recorded reading (badge.ts).
 */
import { BADGE_PREFIX, RESULT_PREFIX } from '../../src/model/measurement.ts';
import type { Handler } from '../context.ts';
import { DIRECTORY_PATH } from './agent/signing.ts';
import { badge } from './routes/badge.ts';
import { keyDirectory } from './routes/key-directory.ts';
import { measurement } from './routes/measurement.ts';
import { resultPage } from './routes/result.ts';

const handler: Handler = async (request, context) => {
  const { pathname } = new URL(request.url);
  if (pathname === DIRECTORY_PATH) return keyDirectory(request, context);
  if (pathname.startsWith(RESULT_PREFIX)) return resultPage(request, context, pathname.slice(RESULT_PREFIX.length));
  if (pathname.startsWith(BADGE_PREFIX)) return badge(request, context, pathname.slice(BADGE_PREFIX.length));
  return measurement(request, context);
};
export default handler;

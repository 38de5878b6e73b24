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
import { KEY_DIRECTORY_PATH, MEASURE_API_PATH } from '../../src/model/paths.ts';
import { byPath } from '../route.ts';
import { badgeRoute } from './routes/badge.ts';
import { keyDirectoryRoute } from './routes/key-directory.ts';
import { measurementRoute } from './routes/measurement.ts';
import { resultRoute } from './routes/result.ts';

export default byPath(
  [
    [KEY_DIRECTORY_PATH, keyDirectoryRoute],
    [`${RESULT_PREFIX}*`, resultRoute],
    [`${BADGE_PREFIX}*`, badgeRoute],
    [MEASURE_API_PATH, measurementRoute],
  ],
  measurementRoute,
);

/**
 * `Idempotency-Key` on the two credential routes (contract, Authentication, rules 1–7):
 * 1. visible ASCII (0x21–0x7E), 1 to 255 characters, else 400 `invalid_request`;
 * 2. same key and same body → the first response again, with `Idempotency-Replayed: true`;
 * 3. same key, different body → 422 `idempotency_key_reuse`;
 * 4. records live 24 h (registration) / 1 h (exchange) from the first issue; replays do not renew them;
 * 5. only successful responses are stored;
 * 6. storage unavailable → a fresh credential with `Idempotency-Status: unsupported`;
 * 7. no locking: two simultaneous first calls may both issue (the first record written wins).
 * Records are keyed by route, scope and key, never by the key alone: a key is the client's own, not a name in a
 * namespace shared by everyone (a copied or guessed key must not hand over someone else's credential, nor let
 * an attacker who used it first make everyone else's call fail). The handler picks the scope the way payment
 * APIs scope keys to the account: the exchange by the assertion's registration, the registration (whose body
 * is always the same) by the hashed client address. Bodies are compared by the SHA-256 of their normalized form.
 */
import { createHash } from 'node:crypto';
import { errorResponse } from '../http/errors.ts';
import type { Store } from '../store/types.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

export type IdempotencyKeyResult = { ok: true; key: string | null } | { ok: false; response: Response };

/** Reads and validates the `Idempotency-Key` header (null when absent). */
export function parseIdempotencyKey(request: Request): IdempotencyKeyResult {
  const value = request.headers.get(IDEMPOTENCY_HEADER);
  if (value === null) return { ok: true, key: null };
  if (value.length === 0 || value.length > MAX_IDEMPOTENCY_KEY_LENGTH || !VISIBLE_ASCII.test(value)) {
    return {
      ok: false,
      response: errorResponse(
        'invalid_request',
        `Idempotency-Key inválida: use de 1 a ${MAX_IDEMPOTENCY_KEY_LENGTH} caracteres ASCII visíveis (sem espaços nem caracteres de controle), um único cabeçalho.`,
      ),
    };
  }
  return { ok: true, key: value };
}

/** JSON with object keys sorted at every level: equal values give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value as Record<string, unknown>)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 of the normalized body (the parsed value, so form and JSON spellings of the same fields match). */
export const bodyFingerprint = (normalized: unknown): string => createHash('sha256').update(canonicalJson(normalized)).digest('base64url');

interface IdempotencyRecord {
  fingerprint: string;
  status: number;
  headers: [string, string][];
  body: string;
  /** Epoch milliseconds of the first issue. */
  createdAt: number;
}

/** Response headers worth replaying (the rest is added again by the handler and the adapter). */
const REPLAYED_HEADERS = new Set(['content-type', 'cache-control', 'pragma']);

export interface IdempotentOptions {
  store: Store;
  /** Route name (`identity`, `token`): a key is scoped to its route. */
  route: string;
  /** Who owns the key on this route (an opaque, non-secret string such as `reg:<registration_id>`). */
  scope: string;
  /** The validated key, or null when the client sent none. */
  key: string | null;
  fingerprint: string;
  /** Lifetime of a stored response (the lifetime of the credential it carries). */
  ttlSeconds: number;
  now: number;
  /** Produces the response (issues the credential). */
  execute: () => Promise<Response>;
}

/**
 * The storage key of a record: the scope and the key are hashed together (NUL-separated: no two (scope, key)
 * pairs give the same text). Exported for tests that inspect the store.
 */
export const recordKey = (route: string, scope: string, key: string): string =>
  `idem:${route}:${createHash('sha256').update(scope).update('\0').update(key).digest('base64url')}`;

/** Runs `execute` once per (route, scope, key, body), replaying its successful response while the record lives. */
export async function idempotent(options: IdempotentOptions): Promise<Response> {
  const { store, route, scope, key, fingerprint, ttlSeconds, now, execute } = options;
  if (key === null) return execute();

  const storageKey = recordKey(route, scope, key);
  let record: IdempotencyRecord | null;
  try {
    record = await store.get<IdempotencyRecord>(storageKey);
  } catch {
    return markUnsupported(await execute());
  }

  if (record) {
    if (record.fingerprint !== fingerprint) {
      return errorResponse(
        'idempotency_key_reuse',
        'Esta Idempotency-Key já foi usada com outro corpo. Envie a requisição nova com outra chave.',
      );
    }
    const headers = new Headers(record.headers);
    headers.set('Idempotency-Replayed', 'true');
    return new Response(record.body, { status: record.status, headers });
  }

  const response = await execute();
  if (!response.ok) return response; // Failures are never stored (rule 5).
  const body = await response.text();
  const fresh: IdempotencyRecord = {
    fingerprint,
    status: response.status,
    headers: [...response.headers].filter(([name]) => REPLAYED_HEADERS.has(name.toLowerCase())),
    body,
    createdAt: now,
  };
  let stored = true;
  try {
    // ifAbsent: when two first calls race, the first record written wins (rule 7); the TTL is set once (rule 4).
    // Anyone can create these without being metered: the `replay` budget keeps them from evicting metered state.
    await store.set(storageKey, fresh, { ttlSeconds, ifAbsent: true, budget: 'replay' });
  } catch {
    stored = false;
  }
  const out = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  return stored ? out : markUnsupported(out);
}

function markUnsupported(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set('Idempotency-Status', 'unsupported');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

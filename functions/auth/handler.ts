/**
 * The `agent-auth` function (`/agent/*`): anonymous agent registration and the RFC 7523 JWT-bearer exchange.
 *
 *   POST /agent/identity  JSON `{ "type": "anonymous" }` (≤ 4 KB) → 200 Registration
 *   POST /agent/token     form or JSON: grant_type, assertion, resource? (≤ 64 KB) → 200 Token response
 *   OPTIONS               204 (CORS preflight); other methods 405 with `Allow: POST, OPTIONS`
 *   anything else under /agent/ → 404 `not_found`
 *
 * Both POST routes honour `Idempotency-Key`, scoped to its owner (see idempotency.ts): a registration key to
 * the hashed client address (the `v1-public` rate-limit hashing), an exchange key to the registration of the
 * verified assertion. No rate limit applies here (contract, Limits rule 4).
 */
import { z } from 'zod';
import { isJsonMediaType, parseJson } from '../http/body.ts';
import { errorResponse } from '../http/errors.ts';
import type { Problem } from '../http/pipeline.ts';
import { cors, methods, precondition, readBody, validate, type Validated } from '../http/steps.ts';
import type { Config } from '../config.ts';
import { byPath, route, type RouteExchange } from '../route.ts';
import { addressKey } from '../limits/client.ts';
import { IDENTITY_PATH, TOKEN_PATH } from '../../src/model/paths.ts';
import { bodyFingerprint, idempotent, parseIdempotencyKey } from './idempotency.ts';
import { type Registration, type TokenResponse, identityRequestSchema } from './schemas.ts';
import {
  ACCESS_TTL_SECONDS,
  ASSERTION_TTL_SECONDS,
  JWT_BEARER_GRANT,
  SCOPES,
  SCOPE_STRING,
  type TokenFailure,
  type VerifyResult,
  apiResource,
  issueAccessToken,
  issueAssertion,
  newRegistrationId,
  verifyToken,
} from './tokens.ts';

export const IDENTITY_BODY_LIMIT = 4 * 1024;
export const TOKEN_BODY_LIMIT = 64 * 1024;
const ALLOW = ['POST', 'OPTIONS'] as const;
/** Any JSON value: the token body's members are checked one by one below (each with its own message). */
const anyJson = z.unknown();

const FORM_TYPE = 'application/x-www-form-urlencoded';

/** Credentials must never be cached by anyone. */
const credentialHeaders = (): Headers =>
  new Headers({ 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', Pragma: 'no-cache' });

let missingSecretLogged = false;

/** Without the signing secret the credential routes answer 503 (logged once per process). */
const secretConfigured = precondition<RouteExchange>('secret', (x) => {
  const { config } = x.context;
  if (config.jwtSecret) return undefined;
  if (!missingSecretLogged) console.error(`[agent-auth] ${config.jwtSecretProblem ?? 'AGENT_JWT_SECRET ausente.'} As rotas de credencial respondem 503.`);
  missingSecretLogged = true;
  return { error: 'server_error', description: 'O serviço de autenticação está sem o segredo de assinatura configurado. Tente mais tarde.' };
});

/** `Idempotency-Key` (./idempotency.ts), read before the body: a malformed one is a 400; the key goes to the handler. */
const idempotencyKeyOf = precondition<RouteExchange>('idempotency-key', (x) => {
  const parsed = parseIdempotencyKey(x.request);
  if (!parsed.ok) return parsed.response;
  x.found.idempotencyKey = parsed.key;
  return undefined;
});

/** A body that could not be read, in this function's words. */
const unreadableProblem = (reason: 'encoding' | 'read') =>
  reason === 'encoding'
    ? ({ error: 'invalid_request', description: 'O corpo não é UTF-8 válido.' } as const)
    : ({ error: 'invalid_request', description: 'Não foi possível ler o corpo da requisição.' } as const);

const tooLarge = (limit: number) => ({ error: 'payload_too_large', description: `Corpo grande demais: o limite desta rota é ${limit / 1024} KB.` }) as const;

/** POST /agent/identity: an anonymous registration, idempotent per the client's (hashed) address. */
async function registration(body: IdentityBody, x: RouteExchange): Promise<Response> {
  const { context } = x;
  const { config, store } = context;
  const issuedAt = context.now();
  const secret = config.jwtSecret!;
  return idempotent({
    store,
    route: 'identity',
    // Every anonymous registration has the same body: the key belongs to the client's (hashed) address.
    scope: `addr:${addressKey(context, context.clientAddress)}`,
    key: x.found.idempotencyKey as string | null,
    fingerprint: bodyFingerprint(body),
    ttlSeconds: ASSERTION_TTL_SECONDS,
    now: issuedAt,
    execute: () => register(config, body, secret, issuedAt),
  });
}

/** POST /agent/token: the JWT-bearer exchange, idempotent per the registration of a verified assertion. */
async function tokenExchange(body: TokenBody, x: RouteExchange): Promise<Response> {
  const { config, store } = x.context;
  const issuedAt = x.context.now();
  const secret = config.jwtSecret!;
  // Verified once, here: the registration it names owns the key, and `exchange` reuses the result.
  const verified = body.assertion ? await verifyToken(body.assertion, 'assertion', { origin: config.origin, secret, now: issuedAt }) : undefined;
  const execute = () => exchange(config, body, secret, issuedAt, verified);
  // No valid assertion, no owner: the exchange fails (failures are never stored), so there is nothing to replay.
  if (!verified?.ok) return execute();
  return idempotent({
    store,
    route: 'token',
    scope: `reg:${verified.claims.sub}`,
    key: x.found.idempotencyKey as string | null,
    fingerprint: bodyFingerprint(body),
    ttlSeconds: ACCESS_TTL_SECONDS,
    now: issuedAt,
    execute,
  });
}

/** The steps both credential routes share, up to the body (CORS on every answer). */
const credentialSteps = (pathname: string) => [
  cors(),
  methods({ methods: ALLOW, cors: {}, notAllowed: (method) => `Método ${method} não permitido em ${pathname}; use POST.` }),
  secretConfigured,
  idempotencyKeyOf,
];

const identityRoute = (pathname: string) =>
  route<IdentityBody>({
    name: 'auth.identity',
    steps: [
      ...credentialSteps(pathname),
      readBody({
        limit: IDENTITY_BODY_LIMIT,
        accepts: (type) => type === '' || isJsonMediaType(type),
        unsupported: (type) => ({ error: 'unsupported_media_type', description: `Content-Type ${type} não aceito: envie application/json com {"type":"anonymous"}.` }),
        tooLarge: tooLarge(IDENTITY_BODY_LIMIT),
        unreadable: unreadableProblem,
      }),
      validate(identityBody),
    ],
    handle: registration,
  });

const tokenRoute = (pathname: string) =>
  route<TokenBody>({
    name: 'auth.token',
    steps: [
      ...credentialSteps(pathname),
      readBody({
        limit: TOKEN_BODY_LIMIT,
        accepts: (type) => type === '' || type === FORM_TYPE || isJsonMediaType(type),
        unsupported: (type) => ({ error: 'unsupported_media_type', description: `Content-Type ${type} não aceito: envie application/x-www-form-urlencoded ou application/json.` }),
        tooLarge: tooLarge(TOKEN_BODY_LIMIT),
        unreadable: unreadableProblem,
      }),
      validate(tokenBody),
    ],
    handle: tokenExchange,
  });

/** Anything else under /agent/: 404, with CORS. */
const unknownRoute = route({
  name: 'auth.nao-encontrada',
  steps: [cors()],
  handle: () => errorResponse('not_found', `Rota desconhecida. As rotas de autenticação são POST ${IDENTITY_PATH} e POST ${TOKEN_PATH}.`),
});

/** The two credential routes, at the paths of the operation table (./operations.ts), with or without a trailing slash. */
export default byPath(
  [IDENTITY_PATH, `${IDENTITY_PATH}/`, TOKEN_PATH, `${TOKEN_PATH}/`].map((path) => [path, path.startsWith(IDENTITY_PATH) ? identityRoute(path) : tokenRoute(path)] as const),
  unknownRoute,
);

// ---------------------------------------------------------------------------------------------------------
// POST /agent/identity

interface IdentityBody {
  type: string;
}

/** The identity body, JSON `{ "type": … }`, kept whole (unknown members included) for the idempotency fingerprint. */
function identityBody(x: RouteExchange): Validated<IdentityBody> {
  const json = parseJson(x.found.body?.text ?? '', identityRequestSchema);
  if (!json.ok) {
    switch (json.reason) {
      case 'empty':
        return invalid('Corpo ausente: envie {"type":"anonymous"}.');
      case 'syntax':
        return invalid('O corpo não é JSON válido.');
      default:
        return invalid('O corpo deve ser um objeto JSON com o campo "type" (string); o único tipo suportado é "anonymous".');
    }
  }
  // The whole body counts for idempotency (unknown members included), normalized by canonical JSON. The parsed
  // value, not zod's copy: the copy assigns members one by one, so a `__proto__` member became the prototype
  // and vanished from the fingerprint (such a body then replayed instead of getting 422).
  return { ok: true, value: json.raw as IdentityBody };
}

async function register(config: Config, body: IdentityBody, secret: string, now: number): Promise<Response> {
  switch (body.type) {
    case 'anonymous':
      break;
    case 'identity_assertion':
      return errorResponse('issuer_not_enabled', 'Registro por asserção de identidade (ID-JAG) não está habilitado: nenhum emissor é aceito. Use {"type":"anonymous"}.');
    case 'service_auth':
      return errorResponse('service_auth_not_enabled', 'Registro por autenticação de serviço não está habilitado. Use {"type":"anonymous"}.');
    default:
      return errorResponse('invalid_request', `Tipo de identidade desconhecido: ${JSON.stringify(body.type).slice(0, 80)}. O único tipo suportado é "anonymous".`);
  }
  const registrationId = newRegistrationId();
  const { token, claims } = await issueAssertion({ origin: config.origin, secret, now }, registrationId);
  const registration: Registration = {
    registration_id: registrationId,
    registration_type: 'anonymous',
    identity_assertion: token,
    assertion_expires: new Date(claims.exp * 1000).toISOString(),
    pre_claim_scopes: [...SCOPES],
    post_claim_scopes: [...SCOPES],
    scopes: [...SCOPES],
  };
  return new Response(JSON.stringify(registration), { status: 200, headers: credentialHeaders() });
}

// ---------------------------------------------------------------------------------------------------------
// POST /agent/token

interface TokenBody {
  grant_type?: string;
  assertion?: string;
  resource?: string[];
}

/** The token request: a form or JSON; without a Content-Type, a body starting with "{" is JSON, anything else a form (OAuth's default). */
function tokenBody(x: RouteExchange): Validated<TokenBody> {
  const { text, type } = x.found.body ?? { text: '', type: '' };
  const asJson = type === '' ? text.trimStart().startsWith('{') : type !== FORM_TYPE;
  return asJson ? tokenFromJson(text) : tokenFromForm(text);
}

const invalid = (description: string): { ok: false; problem: Problem } => ({ ok: false, problem: { error: 'invalid_request', description } });

function tokenFromForm(text: string): Validated<TokenBody> {
  if (/%(?![0-9A-Fa-f]{2})/.test(text)) return invalid('Formulário malformado: sequência percentual inválida.');
  const params = new URLSearchParams(text);
  const out: TokenBody = {};
  for (const name of ['grant_type', 'assertion'] as const) {
    const values = params.getAll(name);
    if (values.length > 1) return invalid(`O parâmetro ${name} foi enviado mais de uma vez.`);
    if (values.length === 1) out[name] = values[0];
  }
  const resources = params.getAll('resource');
  if (resources.length) out.resource = resources;
  return { ok: true, value: out };
}

function tokenFromJson(text: string): Validated<TokenBody> {
  const json = parseJson(text, anyJson);
  if (!json.ok) return invalid('O corpo não é JSON válido.');
  const value = json.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return invalid('O corpo JSON deve ser um objeto.');
  const record = value as Record<string, unknown>;
  const out: TokenBody = {};
  for (const name of ['grant_type', 'assertion'] as const) {
    const v = record[name];
    if (v === undefined) continue;
    if (typeof v !== 'string') return invalid(`O campo ${name} deve ser uma string.`);
    out[name] = v;
  }
  const resource = record.resource;
  if (resource !== undefined) {
    const list = Array.isArray(resource) ? resource : [resource];
    if (!list.length || !list.every((r): r is string => typeof r === 'string')) return invalid('O campo resource deve ser uma string.');
    out.resource = list;
  }
  return { ok: true, value: out };
}

const GRANT_DESCRIPTIONS: Record<TokenFailure, string> = {
  malformed: 'A asserção não é um JWT válido. Registre-se em POST /agent/identity e use a identity_assertion recebida.',
  signature: 'A assinatura da asserção é inválida (adulterada ou emitida com outro segredo). Registre-se de novo.',
  expired: 'A asserção expirou (vale 24 h). Registre-se de novo em POST /agent/identity.',
  issuer: 'A asserção foi emitida por outra origem. Registre-se nesta origem.',
  audience: 'A asserção não se destina a esta API (aud diferente). Registre-se nesta origem.',
  type: 'O valor enviado não é uma identity_assertion (um token de acesso não serve como asserção).',
  claims: 'A asserção tem declarações inválidas. Registre-se de novo.',
};

async function exchange(config: Config, body: TokenBody, secret: string, now: number, verified: VerifyResult<'assertion'> | undefined): Promise<Response> {
  if (body.grant_type === undefined || body.grant_type === '') {
    return errorResponse('invalid_request', `O parâmetro grant_type é obrigatório: ${JWT_BEARER_GRANT}.`);
  }
  if (body.grant_type !== JWT_BEARER_GRANT) {
    return errorResponse('unsupported_grant_type', `Concessão não suportada: ${body.grant_type.slice(0, 120)}. A única aceita é ${JWT_BEARER_GRANT}.`);
  }
  if (body.assertion === undefined || body.assertion === '') {
    return errorResponse('invalid_request', 'O parâmetro assertion é obrigatório: envie a identity_assertion de POST /agent/identity.');
  }
  const resource = apiResource(config.origin);
  if (body.resource && body.resource.some((r) => r !== resource)) {
    return errorResponse('invalid_target', `resource deve ser exatamente ${resource} (com a barra final) ou ser omitido.`);
  }
  if (!verified?.ok) return errorResponse('invalid_grant', GRANT_DESCRIPTIONS[verified?.reason ?? 'malformed']);

  const { token } = await issueAccessToken({ origin: config.origin, secret, now, sandbox: config.preview }, verified.claims.sub);
  const response: TokenResponse = { access_token: token, token_type: 'Bearer', expires_in: ACCESS_TTL_SECONDS as 3600, scope: SCOPE_STRING };
  return new Response(JSON.stringify(response), { status: 200, headers: credentialHeaders() });
}

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
import { isJsonMediaType, mediaType, parseJson, readBodyText, readJson } from '../http/body.ts';
import { withCors } from '../http/cors.ts';
import { answerMethod } from '../http/methods.ts';
import { errorResponse } from '../http/errors.ts';
import type { Config } from '../config.ts';
import type { Handler, RequestContext } from '../context.ts';
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

type Route = 'identity' | 'token';
/** The two credential routes, at the paths of the operation table (./operations.ts), with or without a trailing slash. */
const ROUTES: Record<string, Route> = Object.fromEntries(
  ([[IDENTITY_PATH, 'identity'], [TOKEN_PATH, 'token']] as const).flatMap(([path, route]) => [[path, route], [`${path}/`, route]]),
);

/** Credentials must never be cached by anyone. */
const credentialHeaders = (): Headers =>
  new Headers({ 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', Pragma: 'no-cache' });

let missingSecretLogged = false;

const handler: Handler = async (request, context) => withCors(await route(request, context));
export default handler;

async function route(request: Request, context: RequestContext): Promise<Response> {
  const { pathname } = new URL(request.url);
  const name = ROUTES[pathname];
  if (!name) {
    return errorResponse('not_found', `Rota desconhecida. As rotas de autenticação são POST ${IDENTITY_PATH} e POST ${TOKEN_PATH}.`);
  }
  const refused = await answerMethod(request, {
    methods: ALLOW,
    cors: {},
    notAllowed: (method) => `Método ${method} não permitido em ${pathname}; use POST.`,
  });
  if (refused) return refused;

  const { config, store, now } = context;
  if (!config.jwtSecret) {
    if (!missingSecretLogged) console.error(`[agent-auth] ${config.jwtSecretProblem ?? 'AGENT_JWT_SECRET ausente.'} As rotas de credencial respondem 503.`);
    missingSecretLogged = true;
    return errorResponse('server_error', 'O serviço de autenticação está sem o segredo de assinatura configurado. Tente mais tarde.');
  }

  const idempotencyKey = parseIdempotencyKey(request);
  if (!idempotencyKey.ok) return idempotencyKey.response;

  const parsed = name === 'identity' ? await readIdentityBody(request) : await readTokenBody(request);
  if (!parsed.ok) return parsed.response;

  const issuedAt = now();
  const secret = config.jwtSecret;
  if (name === 'identity') {
    const body = parsed.normalized as IdentityBody;
    return idempotent({
      store,
      route: name,
      // Every anonymous registration has the same body: the key belongs to the client's (hashed) address.
      scope: `addr:${addressKey(context, context.clientAddress)}`,
      key: idempotencyKey.key,
      fingerprint: bodyFingerprint(body),
      ttlSeconds: ASSERTION_TTL_SECONDS,
      now: issuedAt,
      execute: () => register(config, body, secret, issuedAt),
    });
  }

  const body = parsed.normalized as TokenBody;
  // Verified once, here: the registration it names owns the key, and `exchange` reuses the result.
  const verified = body.assertion ? await verifyToken(body.assertion, 'assertion', { origin: config.origin, secret, now: issuedAt }) : undefined;
  const execute = () => exchange(config, body, secret, issuedAt, verified);
  // No valid assertion, no owner: the exchange fails (failures are never stored), so there is nothing to replay.
  if (!verified?.ok) return execute();
  return idempotent({
    store,
    route: name,
    scope: `reg:${verified.claims.sub}`,
    key: idempotencyKey.key,
    fingerprint: bodyFingerprint(body),
    ttlSeconds: ACCESS_TTL_SECONDS,
    now: issuedAt,
    execute,
  });
}

type Parsed<T> = { ok: true; normalized: T } | { ok: false; response: Response };

/** A body that could not be read, in this function's words. */
function unreadable(reason: 'too_large' | 'encoding' | 'read', limit: number): { ok: false; response: Response } {
  if (reason === 'too_large') return { ok: false, response: errorResponse('payload_too_large', `Corpo grande demais: o limite desta rota é ${limit / 1024} KB.`) };
  if (reason === 'encoding') return { ok: false, response: errorResponse('invalid_request', 'O corpo não é UTF-8 válido.') };
  return { ok: false, response: errorResponse('invalid_request', 'Não foi possível ler o corpo da requisição.') };
}

async function readBody(request: Request, limit: number): Promise<{ ok: true; text: string } | { ok: false; response: Response }> {
  const body = await readBodyText(request, limit);
  return body.ok ? body : unreadable(body.reason, limit);
}


// ---------------------------------------------------------------------------------------------------------
// POST /agent/identity

interface IdentityBody {
  type: string;
}

async function readIdentityBody(request: Request): Promise<Parsed<IdentityBody>> {
  const type = mediaType(request);
  if (type !== '' && !isJsonMediaType(type)) {
    await request.body?.cancel().catch(() => {});
    return {
      ok: false,
      response: errorResponse('unsupported_media_type', `Content-Type ${type} não aceito: envie application/json com {"type":"anonymous"}.`),
    };
  }
  const json = await readJson(request, identityRequestSchema, IDENTITY_BODY_LIMIT);
  if (!json.ok) {
    switch (json.reason) {
      case 'empty':
        return { ok: false, response: errorResponse('invalid_request', 'Corpo ausente: envie {"type":"anonymous"}.') };
      case 'syntax':
        return { ok: false, response: errorResponse('invalid_request', 'O corpo não é JSON válido.') };
      case 'schema':
        return { ok: false, response: errorResponse('invalid_request', 'O corpo deve ser um objeto JSON com o campo "type" (string); o único tipo suportado é "anonymous".') };
      default:
        return unreadable(json.reason, IDENTITY_BODY_LIMIT);
    }
  }
  // The whole body counts for idempotency (unknown members included), normalized by canonical JSON. The parsed
  // value, not zod's copy: the copy assigns members one by one, so a `__proto__` member became the prototype
  // and vanished from the fingerprint (such a body then replayed instead of getting 422).
  return { ok: true, normalized: json.raw as IdentityBody };
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

async function readTokenBody(request: Request): Promise<Parsed<TokenBody>> {
  const type = mediaType(request);
  const isForm = type === 'application/x-www-form-urlencoded';
  if (type !== '' && !isForm && !isJsonMediaType(type)) {
    await request.body?.cancel().catch(() => {});
    return {
      ok: false,
      response: errorResponse('unsupported_media_type', `Content-Type ${type} não aceito: envie application/x-www-form-urlencoded ou application/json.`),
    };
  }
  const body = await readBody(request, TOKEN_BODY_LIMIT);
  if (!body.ok) return body;
  // Without a Content-Type, a body starting with "{" is JSON; anything else is read as a form (OAuth's default).
  const asJson = type === '' ? body.text.trimStart().startsWith('{') : !isForm;
  return asJson ? tokenFromJson(body.text) : tokenFromForm(body.text);
}

const invalid = (description: string): { ok: false; response: Response } => ({ ok: false, response: errorResponse('invalid_request', description) });

function tokenFromForm(text: string): Parsed<TokenBody> {
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
  return { ok: true, normalized: out };
}

function tokenFromJson(text: string): Parsed<TokenBody> {
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
  return { ok: true, normalized: out };
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

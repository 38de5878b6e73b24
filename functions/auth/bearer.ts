/**
 * Bearer authentication of the v1 API (contract, Authentication): the `Authorization: Bearer` header is the
 * only method. No bearer → 401 `missing_token`; a bad, expired, other-origin or wrong-type token, or a
 * preview (sandbox) token outside the sandbox → 401 `invalid_token`; a token without the route's scope →
 * 403 `insufficient_scope`. Under the sandbox the bearer is optional but, when sent, validated.
 *
 * Verification is on the hot path of every v1 request, so verified tokens are remembered (bounded LRU keyed
 * by the token string, until their `exp`) and the HMAC key is imported once.
 */
import { LRUCache } from 'lru-cache';
import type { Config } from '../config.ts';
import { errorResponse } from '../http/errors.ts';
import type { Services } from '../context.ts';
import { type AccessClaims, type Scope, SCOPE_STRING, type TokenFailure, verifyToken } from './tokens.ts';

export type { AccessClaims, Scope } from './tokens.ts';

export interface AuthenticateOptions {
  scope: Scope;
  /** The request is under /api/v1/sandbox/: the bearer is optional and sandbox tokens are accepted. */
  sandbox: boolean;
}

/** Why a request was refused: a value; `refusalResponse` is its HTTP form (401/403 with the challenge). */
export type AuthRefusal =
  | { error: 'missing_token' | 'invalid_token'; description: string }
  | { error: 'insufficient_scope'; description: string; scope: Scope };

export type AuthenticateResult =
  | { ok: true; registrationId: string; claims: AccessClaims }
  /** Sandbox request without a bearer. */
  | { ok: true; registrationId: null; claims: null }
  | { ok: false; refusal: AuthRefusal };

export const authDocumentUrl = (origin: string): string => `${origin}/auth.md`;
export const sandboxUrl = (origin: string): string => `${origin}/api/v1/sandbox/`;
export const protectedResourceMetadataUrl = (origin: string): string => `${origin}/.well-known/oauth-protected-resource`;

/** `WWW-Authenticate` of a 401 (the contract's exact parameters; RFC 6750 `error` added for a bad token). */
export function bearerChallenge(origin: string, error?: 'invalid_token' | 'insufficient_scope', scope = SCOPE_STRING): string {
  const params = [`resource_metadata="${protectedResourceMetadataUrl(origin)}"`, `scope="${scope}"`];
  if (error) params.push(`error="${error}"`);
  return `Bearer ${params.join(', ')}`;
}

/**
 * The HTTP form of a refusal at `origin`: 401 with the challenge and the error body with `auth` and `sandbox`,
 * or 403 `insufficient_scope` with the challenge naming the missing scope.
 */
export function refusalResponse(origin: string, refusal: AuthRefusal): Response {
  if (refusal.error === 'insufficient_scope') {
    return errorResponse('insufficient_scope', refusal.description, {
      headers: { 'WWW-Authenticate': bearerChallenge(origin, 'insufficient_scope', refusal.scope) },
    });
  }
  return errorResponse(refusal.error, refusal.description, {
    headers: { 'WWW-Authenticate': bearerChallenge(origin, refusal.error === 'invalid_token' ? 'invalid_token' : undefined) },
    extra: { auth: authDocumentUrl(origin), sandbox: sandboxUrl(origin) },
  });
}

const invalidToken = (description: string): AuthenticateResult => ({ ok: false, refusal: { error: 'invalid_token', description } });

const DESCRIPTIONS: Record<TokenFailure | 'sandbox', string> = {
  malformed: 'O token de acesso está malformado. Envie o access_token recebido de POST /agent/token.',
  signature: 'A assinatura do token de acesso é inválida (token alterado ou emitido por outra chave).',
  expired: 'O token de acesso expirou. Troque novamente a identity_assertion em POST /agent/token.',
  issuer: 'O token de acesso foi emitido por outra origem; tokens valem só na origem que os emitiu.',
  audience: 'O token de acesso não se destina a esta API (aud diferente).',
  type: 'Este token não é um token de acesso. Troque a identity_assertion por um access_token em POST /agent/token.',
  claims: 'O token de acesso tem declarações inválidas.',
  sandbox: 'Token emitido em ambiente de pré-visualização: vale só sob /api/v1/sandbox/.',
};

/** Verified tokens, keyed by the token string: the most recently used 10,000 (lru-cache, the one cache of the functions). */
const CACHE_LIMIT = 10_000;
const cache = new LRUCache<string, AccessClaims>({ max: CACHE_LIMIT });
let cacheConfig: Config | undefined;

/** Forgets the verified tokens (tests; also done automatically when the context's config changes). */
export function clearTokenCache(): void {
  cache.clear();
}

async function verifyAccess(token: string, config: Config, now: number): Promise<{ ok: true; claims: AccessClaims } | { ok: false; reason: TokenFailure }> {
  if (cacheConfig !== config) {
    cacheConfig = config;
    clearTokenCache();
  }
  const cached = cache.get(token);
  if (cached) {
    if (cached.exp * 1000 > now) return { ok: true, claims: cached };
    cache.delete(token);
    return { ok: false, reason: 'expired' };
  }
  if (!config.jwtSecret) return { ok: false, reason: 'signature' };
  const result = await verifyToken(token, 'access', { origin: config.origin, secret: config.jwtSecret, now });
  if (result.ok) cache.set(token, result.claims);
  return result;
}

/** Extracts the bearer token: undefined when no Bearer credentials were sent, '' when the token is empty. */
function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('authorization');
  if (header === null) return undefined;
  const match = /^\s*Bearer(?:\s+(.*))?$/i.exec(header);
  if (!match) return undefined;
  return (match[1] ?? '').trim();
}

export async function authenticate(ctx: Pick<Services, 'config' | 'now'>, request: Request, opts: AuthenticateOptions): Promise<AuthenticateResult> {
  const { config, now } = ctx;
  const token = bearerToken(request);
  if (token === undefined) {
    if (opts.sandbox) return { ok: true, registrationId: null, claims: null };
    return {
      ok: false,
      refusal: {
        error: 'missing_token',
        description:
          'Esta rota exige Authorization: Bearer <access_token>. Registre-se em POST /agent/identity e troque a asserção em POST /agent/token (veja o documento auth); ou use o sandbox, que dispensa token.',
      },
    };
  }
  if (token === '') return invalidToken(DESCRIPTIONS.malformed);

  const result = await verifyAccess(token, config, now());
  if (!result.ok) return invalidToken(DESCRIPTIONS[result.reason]);
  const claims = result.claims;
  if (claims.sandbox === true && !opts.sandbox) return invalidToken(DESCRIPTIONS.sandbox);
  if (!claims.scope.split(' ').includes(opts.scope)) {
    return { ok: false, refusal: { error: 'insufficient_scope', description: `O token não tem o escopo ${opts.scope}, exigido por esta rota.`, scope: opts.scope } };
  }
  return { ok: true, registrationId: claims.sub, claims };
}

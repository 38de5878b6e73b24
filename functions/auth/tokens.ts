/**
 * The two credentials of agent authentication, both compact JWTs signed by the service (HS256, jose):
 * the identity assertion (`typ: assertion`, 24 h) and the access token (`typ: access`, 1 h). Claims exactly
 * as the contract says: `iss` = service origin, `aud` = `{origin}/api/v1/`, `sub` = registration_id,
 * `scope` on access tokens, `sandbox: true` on access tokens issued by a preview deploy. Verification
 * accepts only HS256 with our key, compares `iss` and `aud` by equality and checks `typ`, so an assertion is
 * never an access token nor the reverse.
 */
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { randomBytes } from 'node:crypto';

export const SCOPES = ['site.read', 'prontidao.read'] as const;
export type Scope = (typeof SCOPES)[number];
export const SCOPE_STRING = SCOPES.join(' ');
export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  'site.read': 'Ler páginas, busca, catálogo de soluções e preços.',
  'prontidao.read': 'Ler leituras registradas de prontidão técnica de domínios.',
};

export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
export const ASSERTION_TTL_SECONDS = 24 * 60 * 60;
export const ACCESS_TTL_SECONDS = 60 * 60;
const ALGORITHM = 'HS256';

/** The audience of every token: the v1 API resource, trailing slash included. */
export const apiResource = (origin: string): string => `${origin}/api/v1/`;

export type TokenType = 'assertion' | 'access';

export interface AssertionClaims {
  iss: string;
  aud: string;
  sub: string;
  typ: 'assertion';
  iat: number;
  exp: number;
}

export interface AccessClaims {
  iss: string;
  aud: string;
  sub: string;
  typ: 'access';
  scope: string;
  iat: number;
  exp: number;
  sandbox?: true;
}

export type ClaimsOf<T extends TokenType> = T extends 'assertion' ? AssertionClaims : AccessClaims;

/** `reg_` + 20 random base64url characters (15 random bytes = 120 bits). */
export const newRegistrationId = (): string => `reg_${randomBytes(15).toString('base64url')}`;
export const REGISTRATION_ID_PATTERN = /^reg_[A-Za-z0-9_-]{20}$/;

let keyCache: { secret: string; key: Promise<CryptoKey> } | undefined;

/** The HMAC key for a secret, imported once and reused (the import costs more than a verification). */
export function signingKey(secret: string): Promise<CryptoKey> {
  if (keyCache?.secret !== secret) {
    const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    keyCache = { secret, key };
  }
  return keyCache.key;
}

export interface SigningContext {
  origin: string;
  secret: string;
  /** Epoch milliseconds. */
  now: number;
}

const seconds = (ms: number): number => Math.floor(ms / 1000);

export async function issueAssertion(ctx: SigningContext, registrationId: string): Promise<{ token: string; claims: AssertionClaims }> {
  const iat = seconds(ctx.now);
  const claims: AssertionClaims = {
    iss: ctx.origin,
    aud: apiResource(ctx.origin),
    sub: registrationId,
    typ: 'assertion',
    iat,
    exp: iat + ASSERTION_TTL_SECONDS,
  };
  const token = await new SignJWT({ ...claims }).setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' }).sign(await signingKey(ctx.secret));
  return { token, claims };
}

export async function issueAccessToken(
  ctx: SigningContext & { sandbox: boolean },
  registrationId: string,
): Promise<{ token: string; claims: AccessClaims }> {
  const iat = seconds(ctx.now);
  const claims: AccessClaims = {
    iss: ctx.origin,
    aud: apiResource(ctx.origin),
    sub: registrationId,
    typ: 'access',
    scope: SCOPE_STRING,
    iat,
    exp: iat + ACCESS_TTL_SECONDS,
    ...(ctx.sandbox ? { sandbox: true as const } : {}),
  };
  const token = await new SignJWT({ ...claims }).setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' }).sign(await signingKey(ctx.secret));
  return { token, claims };
}

/** Why a token was refused (for logs and tests; the client only sees the contract's error code). */
export type TokenFailure = 'malformed' | 'signature' | 'expired' | 'issuer' | 'audience' | 'type' | 'claims';

export type VerifyResult<T extends TokenType> = { ok: true; claims: ClaimsOf<T> } | { ok: false; reason: TokenFailure };

/** Longest token we bother verifying (ours are ~300 characters). */
export const MAX_TOKEN_LENGTH = 4096;

/** Clock difference tolerated between the instance that issued a token and the one verifying it. */
export const CLOCK_SKEW_SECONDS = 60;

/**
 * Verifies a token of the expected type: HS256 only (alg `none` and every other algorithm are refused by
 * jose's `algorithms` allow-list), our key, `iss`/`aud` equal to this origin, not expired, not yet valid
 * (`nbf` or `iat` in the future), `typ` as expected, `sub` a registration_id.
 */
export async function verifyToken<T extends TokenType>(token: string, expected: T, ctx: SigningContext): Promise<VerifyResult<T>> {
  if (token.length > MAX_TOKEN_LENGTH || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token)) {
    return { ok: false, reason: 'malformed' };
  }
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, await signingKey(ctx.secret), {
      algorithms: [ALGORITHM],
      issuer: ctx.origin,
      audience: apiResource(ctx.origin),
      currentDate: new Date(ctx.now),
      requiredClaims: ['iss', 'aud', 'sub', 'exp', 'typ'],
    }));
  } catch (error) {
    return { ok: false, reason: failureOf(error) };
  }
  if (payload.typ !== expected) return { ok: false, reason: 'type' };
  // Not yet valid: jose checks `nbf`, but accepts an `iat` in the future (we never issue one).
  if (typeof payload.iat === 'number' && payload.iat > ctx.now / 1000 + CLOCK_SKEW_SECONDS) return { ok: false, reason: 'claims' };
  if (typeof payload.sub !== 'string' || !REGISTRATION_ID_PATTERN.test(payload.sub)) return { ok: false, reason: 'claims' };
  // Exactly one audience, equal to ours (jose accepts an array containing it).
  if (payload.aud !== apiResource(ctx.origin)) return { ok: false, reason: 'audience' };
  if (expected === 'access' && typeof payload.scope !== 'string') return { ok: false, reason: 'claims' };
  if (payload.sandbox !== undefined && payload.sandbox !== true) return { ok: false, reason: 'claims' };
  return { ok: true, claims: payload as unknown as ClaimsOf<T> };
}

function failureOf(error: unknown): TokenFailure {
  if (error instanceof joseErrors.JWTExpired) return 'expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return 'issuer';
    if (error.claim === 'aud') return 'audience';
    return 'claims';
  }
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'signature';
  return 'malformed';
}

/**
 * JWT attack table, kept as data: each row says how the token is built, where it is sent and what the
 * contract requires back. Run through the local server by tests/integration/jwt-attacks.test.ts.
 *
 * Targets:
 * - `v1`: `GET /api/v1/paginas` with `Authorization: Bearer <token>` (scope `site.read`);
 * - `v1-readiness`: `GET /api/v1/prontidao/exemplo.com.br` (scope `prontidao.read`);
 * - `sandbox`: `GET /api/v1/sandbox/paginas` (bearer optional, but validated when sent);
 * - `token`: `POST /agent/token` with the JWT-bearer grant and the token as `assertion`.
 *
 * A few control rows (valid tokens, expected 200) prove the runner would notice a refusal for the wrong
 * reason.
 */
import { createHmac } from 'node:crypto';
import type { ErrorCode } from '../../functions/http/errors.ts';

export type Target = 'v1' | 'v1-readiness' | 'sandbox' | 'token';

/** What a case may use to build its token. */
export interface JwtKit {
  origin: string;
  /** The signing secret the server uses now. */
  secret: string;
  /** Epoch seconds. */
  now: number;
  /** A registration made through the server, with its assertion and an access token exchanged for it. */
  registrationId: string;
  assertion: string;
  accessToken: string;
  /** The reading agent's public key as published in the key directory (JWK JSON): public, hence "known". */
  publicJwk: string;
}

export interface JwtCase {
  name: string;
  at: Target;
  token(kit: JwtKit): string;
  expect: { status: 200 | 400 | 401 | 403; error?: ErrorCode };
  /**
   * The server's signing secret is rotated after the token was built (and after one accepted use, so that
   * the verified-token cache holds it).
   */
  rotateSecretAfterFirstUse?: boolean;
}

// ---------------------------------------------------------------------------------------------------------
// Builders

const b64 = (value: unknown): string => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A compact JWS over `header` and `payload` with an HMAC of the given hash (whatever `header.alg` claims). */
export function hmacJwt(header: Record<string, unknown>, payload: Record<string, unknown>, key: string | Buffer, hash: 'sha256' | 'sha384' | 'sha512' = 'sha256'): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac(hash, key).update(input).digest('base64url')}`;
}

export const unsignedJwt = (header: Record<string, unknown>, payload: Record<string, unknown>, signature = ''): string => `${b64(header)}.${b64(payload)}.${signature}`;

const HS256 = { alg: 'HS256', typ: 'JWT' };

/** Claims of a valid access token of this origin, with deviations (`undefined` removes a claim). */
export function accessClaims(k: JwtKit, over: Record<string, unknown> = {}): Record<string, unknown> {
  const claims: Record<string, unknown> = {
    iss: k.origin,
    aud: `${k.origin}/api/v1/`,
    sub: k.registrationId,
    typ: 'access',
    scope: 'site.read prontidao.read',
    iat: k.now - 5,
    exp: k.now + 3600,
    ...over,
  };
  for (const [name, value] of Object.entries(claims)) if (value === undefined) delete claims[name];
  return claims;
}

export const assertionClaims = (k: JwtKit, over: Record<string, unknown> = {}): Record<string, unknown> => {
  const claims = accessClaims(k, { typ: 'assertion', scope: undefined, exp: k.now + 24 * 3600, ...over });
  return claims;
};

const access = (k: JwtKit, over: Record<string, unknown> = {}) => hmacJwt(HS256, accessClaims(k, over), k.secret);
const assertion = (k: JwtKit, over: Record<string, unknown> = {}) => hmacJwt(HS256, assertionClaims(k, over), k.secret);

const parts = (token: string): [string, string, string] => token.split('.') as [string, string, string];
const decode = (part: string): Record<string, unknown> => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

const INVALID_TOKEN = { status: 401, error: 'invalid_token' } as const;
const INVALID_GRANT = { status: 400, error: 'invalid_grant' } as const;

// ---------------------------------------------------------------------------------------------------------
// The table

export const JWT_CASES: readonly JwtCase[] = [
  // Controls: the runner accepts what is valid.
  { name: 'controle: token de acesso válido emitido pelo servidor', at: 'v1', token: (k) => k.accessToken, expect: { status: 200 } },
  { name: 'controle: token forjado com o segredo e as declarações certas', at: 'v1-readiness', token: (k) => access(k), expect: { status: 200 } },
  { name: 'controle: asserção válida trocada em /agent/token', at: 'token', token: (k) => k.assertion, expect: { status: 200 } },

  // Algorithm attacks
  { name: 'alg none, assinatura vazia', at: 'v1', token: (k) => unsignedJwt({ alg: 'none', typ: 'JWT' }, accessClaims(k)), expect: INVALID_TOKEN },
  { name: 'alg none com a assinatura original mantida', at: 'v1', token: (k) => unsignedJwt({ alg: 'none' }, accessClaims(k), parts(access(k))[2]), expect: INVALID_TOKEN },
  { name: 'alg "NoNe" (variação de caixa)', at: 'v1', token: (k) => unsignedJwt({ alg: 'NoNe', typ: 'JWT' }, accessClaims(k)), expect: INVALID_TOKEN },
  { name: 'alg none como asserção em /agent/token', at: 'token', token: (k) => unsignedJwt({ alg: 'none' }, assertionClaims(k)), expect: INVALID_GRANT },
  {
    name: 'confusão de chave: cabeçalho RS256 com HMAC do segredo',
    at: 'v1',
    token: (k) => hmacJwt({ alg: 'RS256', typ: 'JWT' }, accessClaims(k), k.secret),
    expect: INVALID_TOKEN,
  },
  {
    name: 'confusão de chave: HS256 assinado com a chave pública publicada (JWK do diretório)',
    at: 'v1',
    token: (k) => hmacJwt(HS256, accessClaims(k), k.publicJwk),
    expect: INVALID_TOKEN,
  },
  {
    name: 'confusão de chave: HS256 assinado com o "x" da chave pública Ed25519',
    at: 'token',
    token: (k) => hmacJwt(HS256, assertionClaims(k), String((JSON.parse(k.publicJwk) as { x: string }).x)),
    expect: INVALID_GRANT,
  },
  { name: 'outro algoritmo HMAC com o mesmo segredo (HS512)', at: 'v1', token: (k) => hmacJwt({ alg: 'HS512' }, accessClaims(k), k.secret, 'sha512'), expect: INVALID_TOKEN },
  {
    name: 'cabeçalho com jwk embutida do atacante (assinado com a chave dele)',
    at: 'v1',
    token: (k) => hmacJwt({ alg: 'HS256', jwk: { kty: 'oct', k: b64('chave-do-atacante') } }, accessClaims(k), 'chave-do-atacante'),
    expect: INVALID_TOKEN,
  },
  {
    name: 'cabeçalho com extensão crítica desconhecida (crit)',
    at: 'v1',
    token: (k) => hmacJwt({ alg: 'HS256', crit: ['exp-extra'], 'exp-extra': true }, accessClaims(k), k.secret),
    expect: INVALID_TOKEN,
  },

  // Tampering
  {
    name: 'cabeçalho adulterado (kid acrescentado, assinatura original)',
    at: 'v1',
    token: (k) => {
      const [, p, s] = parts(k.accessToken);
      return `${b64({ alg: 'HS256', typ: 'JWT', kid: '../../../dev/null' })}.${p}.${s}`;
    },
    expect: INVALID_TOKEN,
  },
  {
    name: 'carga adulterada (sub e escopo trocados, assinatura original)',
    at: 'v1',
    token: (k) => {
      const [h, p, s] = parts(k.accessToken);
      return `${h}.${b64({ ...decode(p), sub: 'reg_AAAAAAAAAAAAAAAAAAAA', scope: 'site.read prontidao.read admin' })}.${s}`;
    },
    expect: INVALID_TOKEN,
  },
  {
    name: 'asserção adulterada (exp estendido) em /agent/token',
    at: 'token',
    token: (k) => {
      const [h, p, s] = parts(k.assertion);
      const payload = decode(p);
      return `${h}.${b64({ ...payload, exp: Number(payload.exp) + 3600 })}.${s}`;
    },
    expect: INVALID_GRANT,
  },
  {
    name: 'um caractere da assinatura trocado',
    at: 'v1',
    token: (k) => `${k.accessToken.slice(0, -2)}${k.accessToken.at(-2) === 'A' ? 'B' : 'A'}${k.accessToken.at(-1)}`,
    expect: INVALID_TOKEN,
  },
  { name: 'assinado com outra chave', at: 'v1', token: (k) => hmacJwt(HS256, accessClaims(k), 'outra-chave-outra-chave-outra-chave'), expect: INVALID_TOKEN },
  { name: 'truncado (sem a assinatura)', at: 'v1', token: (k) => parts(k.accessToken).slice(0, 2).join('.'), expect: INVALID_TOKEN },
  { name: 'truncado no meio da carga', at: 'token', token: (k) => k.assertion.slice(0, Math.floor(k.assertion.length / 2)), expect: INVALID_GRANT },
  { name: 'Bearer vazio', at: 'v1', token: () => '', expect: INVALID_TOKEN },
  { name: 'lixo que não é JWT', at: 'v1', token: () => 'nao-e-um-jwt', expect: INVALID_TOKEN },
  { name: 'longo demais (5 000 caracteres)', at: 'v1', token: (k) => `${parts(k.accessToken)[0]}.${'A'.repeat(5000)}.${parts(k.accessToken)[2]}`, expect: INVALID_TOKEN },
  { name: 'carga que não é objeto JSON', at: 'v1', token: (k) => `${parts(k.accessToken)[0]}.${b64('[1,2,3]')}.${parts(k.accessToken)[2]}`, expect: INVALID_TOKEN },

  // Time
  { name: 'expirado', at: 'v1', token: (k) => access(k, { iat: k.now - 7200, exp: k.now - 3600 }), expect: INVALID_TOKEN },
  { name: 'ainda não válido (nbf no futuro)', at: 'v1', token: (k) => access(k, { nbf: k.now + 3600 }), expect: INVALID_TOKEN },
  { name: 'emitido no futuro (iat daqui a 1 h)', at: 'v1', token: (k) => access(k, { iat: k.now + 3600, exp: k.now + 7200 }), expect: INVALID_TOKEN },
  { name: 'exp como texto', at: 'v1', token: (k) => access(k, { exp: String(k.now + 3600) }), expect: INVALID_TOKEN },
  { name: 'asserção expirada em /agent/token', at: 'token', token: (k) => assertion(k, { iat: k.now - 25 * 3600, exp: k.now - 3600 }), expect: INVALID_GRANT },
  { name: 'asserção ainda não válida (nbf no futuro) em /agent/token', at: 'token', token: (k) => assertion(k, { nbf: k.now + 3600 }), expect: INVALID_GRANT },
  { name: 'asserção emitida no futuro (iat) em /agent/token', at: 'token', token: (k) => assertion(k, { iat: k.now + 3600 }), expect: INVALID_GRANT },

  // Claims
  { name: 'iss de outra origem', at: 'v1', token: (k) => access(k, { iss: 'https://outra.example' }), expect: INVALID_TOKEN },
  { name: 'iss e aud de outra origem (mesmo segredo)', at: 'v1', token: (k) => access(k, { iss: 'https://outra.example', aud: 'https://outra.example/api/v1/' }), expect: INVALID_TOKEN },
  { name: 'aud errada (/api/v2/)', at: 'v1', token: (k) => access(k, { aud: `${k.origin}/api/v2/` }), expect: INVALID_TOKEN },
  { name: 'aud sem a barra final', at: 'v1', token: (k) => access(k, { aud: `${k.origin}/api/v1` }), expect: INVALID_TOKEN },
  { name: 'aud como lista com a nossa e outra', at: 'v1', token: (k) => access(k, { aud: [`${k.origin}/api/v1/`, 'https://outra.example/'] }), expect: INVALID_TOKEN },
  { name: 'asserção de outra origem em /agent/token', at: 'token', token: (k) => assertion(k, { iss: 'https://outra.example', aud: 'https://outra.example/api/v1/' }), expect: INVALID_GRANT },
  { name: 'typ errado (refresh)', at: 'v1', token: (k) => access(k, { typ: 'refresh' }), expect: INVALID_TOKEN },
  { name: 'typ ausente', at: 'v1', token: (k) => access(k, { typ: undefined }), expect: INVALID_TOKEN },
  { name: 'sub ausente', at: 'v1', token: (k) => access(k, { sub: undefined }), expect: INVALID_TOKEN },
  { name: 'sub que não é registration_id', at: 'v1', token: (k) => access(k, { sub: 'admin' }), expect: INVALID_TOKEN },
  { name: 'scope ausente', at: 'v1', token: (k) => access(k, { scope: undefined }), expect: INVALID_TOKEN },
  { name: 'scope sem prontidao.read na rota de prontidão', at: 'v1-readiness', token: (k) => access(k, { scope: 'site.read' }), expect: { status: 403, error: 'insufficient_scope' } },
  { name: 'sandbox com valor que não é true', at: 'sandbox', token: (k) => access(k, { sandbox: 'true' }), expect: INVALID_TOKEN },

  // One credential used as the other
  { name: 'asserção usada como token de acesso', at: 'v1', token: (k) => k.assertion, expect: INVALID_TOKEN },
  { name: 'asserção usada como token de acesso no sandbox', at: 'sandbox', token: (k) => k.assertion, expect: INVALID_TOKEN },
  { name: 'token de acesso usado como asserção em /agent/token', at: 'token', token: (k) => k.accessToken, expect: INVALID_GRANT },

  // Preview tokens
  { name: 'token de pré-visualização (sandbox: true) fora do sandbox', at: 'v1', token: (k) => access(k, { sandbox: true }), expect: INVALID_TOKEN },
  { name: 'token de pré-visualização (sandbox: true) na rota de prontidão', at: 'v1-readiness', token: (k) => access(k, { sandbox: true }), expect: INVALID_TOKEN },
  { name: 'controle: token de pré-visualização aceito dentro do sandbox', at: 'sandbox', token: (k) => access(k, { sandbox: true }), expect: { status: 200 } },
  { name: 'lixo no sandbox (o Bearer enviado é validado)', at: 'sandbox', token: () => 'a.b.c', expect: INVALID_TOKEN },

  // Secret rotation
  { name: 'token assinado antes da rotação do segredo', at: 'v1', token: (k) => access(k), rotateSecretAfterFirstUse: true, expect: INVALID_TOKEN },
  { name: 'asserção assinada antes da rotação do segredo', at: 'token', token: (k) => assertion(k), rotateSecretAfterFirstUse: true, expect: INVALID_GRANT },
];

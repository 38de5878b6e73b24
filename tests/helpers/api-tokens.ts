/**
 * Access tokens for API tests: the real flow through the server (`registerAndExchange`), and tokens signed
 * with the configuration's secret for the cases the flow never issues (a single scope, expired, another origin,
 * a preview token with `sandbox: true`).
 */
import { SignJWT } from 'jose';
import { type Config, loadConfig } from '../../functions/config.ts';

export const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** POST /agent/identity then POST /agent/token against `baseUrl`. */
export async function registerAndExchange(baseUrl: string): Promise<{ token: string; registrationId: string }> {
  const identity = await fetch(`${baseUrl}/agent/identity`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"type":"anonymous"}' });
  if (identity.status !== 200) throw new Error(`registro falhou: ${identity.status} ${await identity.text()}`);
  const registration = (await identity.json()) as { registration_id: string; identity_assertion: string };
  const exchange = await fetch(`${baseUrl}/agent/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: JWT_BEARER, assertion: registration.identity_assertion }),
  });
  if (exchange.status !== 200) throw new Error(`troca falhou: ${exchange.status} ${await exchange.text()}`);
  const { access_token } = (await exchange.json()) as { access_token: string };
  return { token: access_token, registrationId: registration.registration_id };
}

export interface SignOptions {
  sub?: string;
  scope?: string;
  /** Seconds from now (negative: already expired). */
  expiresIn?: number;
  iss?: string;
  aud?: string;
  typ?: string;
  sandbox?: boolean;
  /** The configuration whose secret and origin sign the token (default: the process environment's). */
  config?: Config;
}

/** An access token signed with the configuration's secret, with the given deviations from a valid one. */
export async function signAccessToken(options: SignOptions = {}): Promise<string> {
  // The process's configuration (its ephemeral secret is the one every `loadConfig` of this process shares).
  const config = options.config ?? loadConfig(process.env);
  if (!config.jwtSecret) throw new Error('sem segredo de assinatura na configuração');
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: options.iss ?? config.origin,
    aud: options.aud ?? `${config.origin}/api/v1/`,
    sub: options.sub ?? 'reg_TestTestTestTestTest',
    typ: options.typ ?? 'access',
    scope: options.scope ?? 'site.read prontidao.read',
    iat: now - 10,
    exp: now + (options.expiresIn ?? 3600),
    ...(options.sandbox ? { sandbox: true } : {}),
  };
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(config.jwtSecret));
}

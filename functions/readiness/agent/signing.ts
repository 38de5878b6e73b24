/**
 * Web Bot Auth for the reading agent (draft-ietf-webbotauth-httpsig-protocol-01, RFC 9421, Ed25519):
 *
 * - every outbound request carries `Signature-Agent: sig1="{origin}/.well-known/http-message-signatures-directory"`
 *   (a Dictionary member whose value is the key directory's own URL, with no parameters: -01 makes every value a
 *   direct JWK Set URI and drops the `type=` discovery parameters; the well-known URL binds the key to our
 *   domain), `Signature-Input` and `Signature` over
 *   `("@authority" "@method" "@path" "signature-agent";key="sig1")` with `created`, `expires` (5 min),
 *   `keyid` = the JWK SHA-256 thumbprint (RFC 7638 / RFC 8037), `alg="ed25519"`, a `nonce` and
 *   `tag="web-bot-auth"`;
 * - the key directory (`/.well-known/http-message-signatures-directory`) is a JWKS served with
 *   `application/http-message-signatures-directory+json`, a `Content-Digest` (RFC 9530) and its own
 *   signature: `("@authority";req "content-digest")`, `tag="http-message-signatures-directory"`.
 *
 * The private key is READER_SIGNING_KEY (config); signatures are built with node:crypto and serialized with
 * structured-headers (RFC 9651).
 */
import { createHash, createPrivateKey, createPublicKey, type KeyObject, randomBytes, sign } from 'node:crypto';
import { calculateJwkThumbprint } from 'jose';
import { serializeDictionary, serializeInnerList, serializeItem } from 'structured-headers';
import type { Config } from '../../config.ts';
import { KEY_DIRECTORY_PATH } from '../../../src/model/paths.ts';

export const SIGNATURE_LABEL = 'sig1';
export const DIRECTORY_PATH = KEY_DIRECTORY_PATH;
export const DIRECTORY_MEDIA_TYPE = 'application/http-message-signatures-directory+json';
export const WEB_BOT_AUTH_TAG = 'web-bot-auth';
export const DIRECTORY_TAG = 'http-message-signatures-directory';
/** Lifetime of a request signature. */
export const SIGNATURE_LIFETIME_SECONDS = 300;
/** Lifetime of the directory response signature. */
export const DIRECTORY_SIGNATURE_LIFETIME_SECONDS = 3600;

/** The reading agent's User-Agent: names the service and where it is explained. */
export const readerUserAgent = (origin: string): string => `SinalCognitivoLeitor/1.0 (+${origin}/agentes)`;

export interface ReaderKey {
  privateKey: KeyObject;
  /** The public JWK (kty, crv, x). */
  publicJwk: { kty: 'OKP'; crv: 'Ed25519'; x: string };
  /** base64url JWK SHA-256 thumbprint: the `keyid` and the directory `kid`. */
  keyid: string;
}

const keyCache = new WeakMap<JsonWebKey, Promise<ReaderKey>>();

/** Imports a private Ed25519 JWK (cached per JWK object). */
export function readerKeyFrom(jwk: JsonWebKey): Promise<ReaderKey> {
  let hit = keyCache.get(jwk);
  if (!hit) {
    hit = (async () => {
      const privateKey = createPrivateKey({ key: jwk as never, format: 'jwk' });
      const exported = createPublicKey(privateKey).export({ format: 'jwk' }) as JsonWebKey;
      if (exported.kty !== 'OKP' || exported.crv !== 'Ed25519' || typeof exported.x !== 'string') throw new TypeError('a chave do leitor não é Ed25519');
      const publicJwk = { kty: 'OKP' as const, crv: 'Ed25519' as const, x: exported.x };
      const keyid = await calculateJwkThumbprint(publicJwk, 'sha256');
      return { privateKey, publicJwk, keyid };
    })();
    keyCache.set(jwk, hit);
  }
  return hit;
}

/** The configured reader key, or undefined when none is configured (Netlify without READER_SIGNING_KEY). */
let warnedMissingKey = false;
export async function currentReaderKey(config: Pick<Config, 'readerSigningKey'>): Promise<ReaderKey | undefined> {
  const jwk = config.readerSigningKey;
  if (!jwk && !warnedMissingKey) {
    warnedMissingKey = true;
    console.warn('[readiness] READER_SIGNING_KEY não definido: a medição e o diretório de chaves respondem 503 até que a chave seja configurada.');
  }
  return jwk ? readerKeyFrom(jwk) : undefined;
}

/** RFC 9421 `@authority`: host in lower case, port only when not the scheme's default. */
export function authorityOf(url: URL): string {
  const defaultPort = (url.protocol === 'https:' && url.port === '443') || (url.protocol === 'http:' && url.port === '80');
  return url.port && !defaultPort ? `${url.hostname.toLowerCase()}:${url.port}` : url.hostname.toLowerCase();
}

const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

function signatureParams(components: [string, Map<string, string | boolean>][], params: [string, string | number][]): string {
  return serializeInnerList([components.map(([name, p]) => [name, p]), new Map(params)] as never);
}

/** The reader's `Signature-Agent` member value (-01): the key directory's URL at the agent's origin. */
export const signatureAgentUrl = (agentOrigin: string): string => new URL(DIRECTORY_PATH, agentOrigin).href;

/**
 * The Web Bot Auth headers of one request: `Signature-Agent`, `Signature-Input`, `Signature`.
 * `agentOrigin` is the origin serving the key directory.
 */
export function signRequest(
  key: ReaderKey,
  request: { method: string; url: URL },
  agentOrigin: string,
  now = Date.now(),
): Record<string, string> {
  const created = Math.floor(now / 1000);
  const expires = created + SIGNATURE_LIFETIME_SECONDS;
  const directory = signatureAgentUrl(agentOrigin);
  const signatureAgent = serializeDictionary(new Map([[SIGNATURE_LABEL, [directory, new Map()]]]) as never);
  const memberValue = serializeItem([directory, new Map()] as never);
  const components: [string, Map<string, string | boolean>][] = [
    ['@authority', new Map()],
    ['@method', new Map()],
    ['@path', new Map()],
    ['signature-agent', new Map([['key', SIGNATURE_LABEL]])],
  ];
  const params = signatureParams(components, [
    ['created', created],
    ['expires', expires],
    ['keyid', key.keyid],
    ['alg', 'ed25519'],
    ['nonce', randomBytes(64).toString('base64')],
    ['tag', WEB_BOT_AUTH_TAG],
  ]);
  const base = [
    `"@authority": ${authorityOf(request.url)}`,
    `"@method": ${request.method.toUpperCase()}`,
    `"@path": ${request.url.pathname || '/'}`,
    `"signature-agent";key="${SIGNATURE_LABEL}": ${memberValue}`,
    `"@signature-params": ${params}`,
  ].join('\n');
  const signature = sign(null, Buffer.from(base, 'utf8'), key.privateKey);
  return {
    'signature-agent': signatureAgent,
    'signature-input': `${SIGNATURE_LABEL}=${params}`,
    signature: `${SIGNATURE_LABEL}=:${b64(signature)}:`,
  };
}

/** The directory body (JWKS): the reader's public key with `kid` = thumbprint. */
export function directoryBody(key: ReaderKey): string {
  return JSON.stringify({ keys: [{ ...key.publicJwk, kid: key.keyid, use: 'sig' }] });
}

/** RFC 9530 `Content-Digest` of a body. */
export const contentDigest = (body: string): string => `sha-256=:${createHash('sha256').update(body, 'utf8').digest('base64')}:`;

/**
 * Headers of the signed directory response: content type, `Content-Digest`, `Signature-Input` and
 * `Signature` (label `binding0`), bound to the authority of the configured service origin (the one the
 * reader's `Signature-Agent` names), never to the request's `Host`: a signature over an attacker-chosen
 * authority would vouch for the directory at a host that is not ours.
 */
export function directoryResponseHeaders(key: ReaderKey, serviceOrigin: string, body: string, now = Date.now()): Record<string, string> {
  const created = Math.floor(now / 1000);
  const expires = created + DIRECTORY_SIGNATURE_LIFETIME_SECONDS;
  const digest = contentDigest(body);
  const components: [string, Map<string, string | boolean>][] = [
    ['@authority', new Map([['req', true]])],
    ['content-digest', new Map()],
  ];
  const params = signatureParams(components, [
    ['created', created],
    ['expires', expires],
    ['keyid', key.keyid],
    ['alg', 'ed25519'],
    ['tag', DIRECTORY_TAG],
  ]);
  const base = [`"@authority";req: ${authorityOf(new URL(serviceOrigin))}`, `"content-digest": ${digest}`, `"@signature-params": ${params}`].join('\n');
  const signature = sign(null, Buffer.from(base, 'utf8'), key.privateKey);
  return {
    'content-type': DIRECTORY_MEDIA_TYPE,
    'content-digest': digest,
    'signature-input': `binding0=${params}`,
    signature: `binding0=:${b64(signature)}:`,
  };
}

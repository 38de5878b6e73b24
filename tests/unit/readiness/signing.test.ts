/**
 * Web Bot Auth signatures of the reading agent, verified by an INDEPENDENT implementation: Cloudflare's
 * `web-bot-auth` package (and the `http-message-sig` RFC 9421 library it is built on), plus its own JWK
 * thumbprint (`jsonwebkey-thumbprint`). Only the RFC 9421 `key` parameter (dictionary member of
 * Signature-Agent), which http-message-sig 0.2 does not implement, is resolved here with `structured-headers`
 * before handing the message to the library.
 */
import assert from 'node:assert/strict';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { describe, test } from 'node:test';
import * as httpsig from 'http-message-sig';
import { parseDictionary, serializeItem } from 'structured-headers';
import { helpers, jwkToKeyID, verify } from 'web-bot-auth';
import { verifierFromJWK } from 'web-bot-auth/crypto';
import {
  DIRECTORY_MEDIA_TYPE,
  directoryBody,
  directoryResponseHeaders,
  readerKeyFrom,
  readerUserAgent,
  signRequest,
} from '../../../functions/readiness/agent/signing.ts';

const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }) as JsonWebKey;
const AGENT = 'https://sinal.exemplo.com.br';

/** RFC 9421 §2.1.2: a component with `key` is the serialized dictionary member, not the whole field. */
function memberView(headers: Record<string, string>): Record<string, string> {
  const dictionary = parseDictionary(headers['signature-agent'] ?? '');
  const label = /^([a-z*][a-z0-9_.*-]*)=/.exec(headers['signature-input'] ?? '')?.[1] ?? '';
  const member = dictionary.get(label);
  assert.ok(member, 'Signature-Agent has a member for the signature label');
  return { ...headers, 'signature-agent': serializeItem(member as never) };
}

describe('request signatures (Web Bot Auth)', async () => {
  const key = await readerKeyFrom(jwk);

  test('keyid is the RFC 7638 thumbprint, as computed by web-bot-auth', async () => {
    const independent = await jwkToKeyID(key.publicJwk, helpers.WEBCRYPTO_SHA256, helpers.BASE64URL_DECODE);
    assert.equal(key.keyid, independent);
  });

  test('headers have the draft shape', () => {
    const h = signRequest(key, { method: 'GET', url: new URL('https://alvo.com.br/robots.txt') }, AGENT);
    assert.equal(h['signature-agent'], `sig1="${AGENT}/.well-known/http-message-signatures-directory"`, 'Signature-Agent (-01): a Dictionary member, the directory URL itself, no parameters');
    const input = parseDictionary(h['signature-input'] ?? '');
    const [items, params] = input.get('sig1') as unknown as [[string, Map<string, unknown>][], Map<string, unknown>];
    assert.deepEqual(items.map(([n]) => n), ['@authority', '@method', '@path', 'signature-agent']);
    assert.equal(items[3]?.[1].get('key'), 'sig1');
    assert.equal(params.get('tag'), 'web-bot-auth');
    assert.equal(params.get('keyid'), key.keyid);
    const created = params.get('created') as number;
    const expires = params.get('expires') as number;
    assert.ok(Math.abs(created - Date.now() / 1000) < 5);
    assert.ok(expires > created && expires - created <= 24 * 3600);
    assert.match(h.signature ?? '', /^sig1=:[A-Za-z0-9+/]+=*:$/);
  });

  test('verified by web-bot-auth (GET and POST, ports kept in @authority)', async () => {
    const verifier = await verifierFromJWK(key.publicJwk);
    for (const [method, url] of [
      ['GET', 'https://alvo.com.br/llms.txt'],
      ['POST', 'https://alvo.com.br/mcp'],
      ['GET', 'http://localhost:8890/.well-known/api-catalog'],
    ] as const) {
      const headers = signRequest(key, { method, url: new URL(url) }, AGENT);
      await verify({ method, url, headers: memberView(headers) }, verifier);
    }
  });

  test('tampering is detected by web-bot-auth', async () => {
    const verifier = await verifierFromJWK(key.publicJwk);
    const headers = memberView(signRequest(key, { method: 'GET', url: new URL('https://alvo.com.br/a') }, AGENT));
    await assert.rejects(verify({ method: 'GET', url: 'https://alvo.com.br/b', headers }, verifier));
    await assert.rejects(verify({ method: 'GET', url: 'https://outro.com.br/a', headers }, verifier));
    await assert.rejects(verify({ method: 'GET', url: 'https://alvo.com.br/a', headers: { ...headers, 'signature-agent': '"https://impostor.example"' } }, verifier));
    const other = await readerKeyFrom(generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }) as JsonWebKey);
    await assert.rejects(verify({ method: 'GET', url: 'https://alvo.com.br/a', headers }, await verifierFromJWK(other.publicJwk)));
  });

  test('the User-Agent names the service', () => {
    assert.match(readerUserAgent('https://sinal.exemplo.com.br'), /^SinalCognitivoLeitor\/1\.0 \(\+https:\/\/sinal\.exemplo\.com\.br\/agentes\)$/);
  });
});

describe('signed key directory', async () => {
  const key = await readerKeyFrom(jwk);
  const requestUrl = new URL(`${AGENT}/.well-known/http-message-signatures-directory`);
  const body = directoryBody(key);
  const headers = directoryResponseHeaders(key, AGENT, body);

  test('JWKS with kid = thumbprint and no private material', () => {
    const json = JSON.parse(body) as { keys: Record<string, string>[] };
    assert.equal(json.keys.length, 1);
    assert.equal(json.keys[0]?.kid, key.keyid);
    assert.equal(json.keys[0]?.x, key.publicJwk.x);
    assert.equal(json.keys[0]?.d, undefined);
    assert.equal(headers['content-type'], DIRECTORY_MEDIA_TYPE);
  });

  test('Content-Digest is the SHA-256 of the body (RFC 9530)', () => {
    assert.equal(headers['content-digest'], `sha-256=:${createHash('sha256').update(body).digest('base64')}:`);
  });

  test('response signature verified by http-message-sig with the published key', async () => {
    const verifier = await verifierFromJWK(key.publicJwk);
    let tag: unknown;
    await httpsig.verify(
      { request: { method: 'GET', url: requestUrl.href, headers: {} }, response: { status: 200, headers } },
      (data, signature, params) => {
        tag = params.tag;
        assert.equal(params.keyid, key.keyid);
        return verifier(data, signature, { ...params, tag: 'web-bot-auth' } as never);
      },
    );
    assert.equal(tag, 'http-message-signatures-directory');
    // Bound to the service origin's authority, not to whatever host it was requested at.
    await assert.rejects(
      httpsig.verify({ request: { method: 'GET', url: 'https://outro.example/.well-known/http-message-signatures-directory', headers: {} }, response: { status: 200, headers } }, (d, s, p) =>
        verifier(d, s, { ...p, tag: 'web-bot-auth' } as never),
      ),
    );
  });
});

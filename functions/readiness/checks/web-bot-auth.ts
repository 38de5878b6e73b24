import { createHash, createPublicKey, verify } from 'node:crypto';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { type InnerList, isInnerList, parseDictionary, serializeInnerList } from 'structured-headers';
import { authorityOf, DIRECTORY_MEDIA_TYPE } from '../agent/signing.ts';
import { looksLikeHtml } from '../analysis/llms.ts';
import { isObject, isResponse, parseJson } from '../context.ts';
import { headerLine } from '../evidence.ts';
import type { FetchedResponse } from '../fetch/safe-fetch.ts';
import { type CheckDefinition, failed, notApplicable, partial, passed } from './types.ts';
import { plural } from '../../../src/model/plural.ts';

/**
 * Verifies the directory response signatures (draft-ietf-webbotauth-httpsig-protocol, "Signed Directory
 * Response"): `("@authority";req "content-digest")`, tag `http-message-signatures-directory`, Ed25519.
 * Returns how many keys have a valid signature.
 */
export async function verifyDirectoryResponse(response: FetchedResponse, keys: Record<string, unknown>[]): Promise<{ verified: number; digestOk: boolean }> {
  const digestHeader = response.headers.get('content-digest') ?? '';
  const expected = `sha-256=:${createHash('sha256').update(response.body, 'utf8').digest('base64')}:`;
  const digestOk = digestHeader.replace(/\s/g, '').split(',').includes(expected);
  let verified = 0;
  let inputs: Map<string, unknown>;
  let signatures: Map<string, unknown>;
  try {
    inputs = parseDictionary(response.headers.get('signature-input') ?? '');
    signatures = parseDictionary(response.headers.get('signature') ?? '');
  } catch {
    return { verified: 0, digestOk };
  }
  const thumbprints = new Map<string, Record<string, unknown>>();
  for (const key of keys) {
    try {
      thumbprints.set(await calculateJwkThumbprint(key as JWK, 'sha256'), key);
    } catch {
      // keys that cannot be thumbprinted are skipped
    }
  }
  for (const [label, member] of inputs) {
    if (!isInnerList(member as never)) continue;
    const [items, params] = member as InnerList;
    if (params.get('tag') !== 'http-message-signatures-directory') continue;
    const keyid = params.get('keyid');
    const key = typeof keyid === 'string' ? thumbprints.get(keyid) : undefined;
    const sig = signatures.get(label) as [unknown, unknown] | undefined;
    if (!key || key.crv !== 'Ed25519' || !sig || !(sig[0] instanceof ArrayBuffer)) continue;
    const created = params.get('created');
    if (typeof created === 'number' && created * 1000 > Date.now() + 60_000) continue;
    const lines: string[] = [];
    let ok = true;
    for (const [name, p] of items) {
      const n = String(name);
      const serialized = serializeInnerList([[[n, p]], new Map()] as never).slice(1, -1);
      if (n === '@authority' && p.get('req') === true) lines.push(`${serialized}: ${authorityOf(new URL(response.finalUrl))}`);
      else if (!n.startsWith('@')) lines.push(`${serialized}: ${(response.headers.get(n) ?? '').trim()}`);
      else ok = false;
    }
    if (!ok) continue;
    lines.push(`"@signature-params": ${serializeInnerList(member as InnerList)}`);
    try {
      const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: String(key.x) }, format: 'jwk' });
      if (verify(null, Buffer.from(lines.join('\n'), 'utf8'), publicKey, Buffer.from(sig[0]))) verified++;
    } catch {
      // invalid key material
    }
  }
  return { verified, digestOk };
}

export const webBotAuth: CheckDefinition = {
  id: 'web-bot-auth',
  nome: 'Diretório de chaves Web Bot Auth',
  camada: 'agentes',
  severidade: 'baixa',
  titulo: 'O diretório de chaves Web Bot Auth está incompleto',
  tituloParcial: 'O diretório de chaves Web Bot Auth tem problemas',
  porque:
    'Quem opera robôs ou agentes publica em /.well-known/http-message-signatures-directory as chaves com que assina as requisições (Web Bot Auth), para que os sites verifiquem a identidade do robô. Um diretório malformado ou sem assinatura não serve a essa verificação.',
  comoCorrigir:
    'Sirva o diretório como JWKS com Content-Type: application/http-message-signatures-directory+json, kid igual à impressão digital (RFC 7638) de cada chave, Content-Digest do corpo e uma assinatura por chave com tag="http-message-signatures-directory". Se o site não opera robôs, não publique o diretório.',
  referencia: 'https://datatracker.ietf.org/doc/draft-ietf-webbotauth-httpsig-protocol/',
  async run(ctx) {
    const probe = await ctx.get('/.well-known/http-message-signatures-directory', { accept: DIRECTORY_MEDIA_TYPE, followRedirects: false });
    if (!isResponse(probe)) return notApplicable(`Diretório não consultado (${probe.message}): verificação não se aplica.`, { evidencias: [ctx.evidence(probe)] });
    const status = { evidencias: [ctx.evidence(probe, { em: 'status' as const, decisivo: `HTTP ${probe.status}` })] };
    if (probe.status === 404 || probe.status === 410) return notApplicable('O site não publica diretório de chaves (só é necessário para quem opera robôs ou agentes).', status);
    // A single-page app's fallback answers any path with its HTML page: that is no directory at all.
    if (probe.status === 200 && (probe.contentType.includes('html') || looksLikeHtml(probe.body))) {
      return notApplicable('O endereço do diretório devolve uma página HTML (o site não publica diretório de chaves).', status);
    }
    if (probe.status !== 200) return failed(`O diretório respondeu ${probe.status} (verificadores não seguem redirecionamentos e exigem 200).`, status);
    const json = parseJson(probe.body);
    if (!isObject(json) || !Array.isArray(json.keys)) return failed('O diretório não é um JWKS (objeto com a lista keys).', { evidencias: [ctx.evidence(probe, { em: 'corpo', decisivo: 'sem "keys"' })] });
    const keys = json.keys.filter(isObject);
    const problems: string[] = [];
    if (probe.contentType !== DIRECTORY_MEDIA_TYPE) problems.push(`Content-Type ${probe.contentType || 'ausente'}`);
    for (const key of keys) {
      if (typeof key.kid !== 'string') continue;
      try {
        if ((await calculateJwkThumbprint(key as JWK, 'sha256')) !== key.kid) problems.push(`kid ${key.kid} difere da impressão digital da chave`);
      } catch {
        problems.push('chave malformada');
      }
    }
    const { verified, digestOk } = await verifyDirectoryResponse(probe, keys);
    if (!digestOk) problems.push('Content-Digest ausente ou divergente');
    if (keys.length > 0 && verified === 0) problems.push('resposta sem assinatura válida do diretório');
    const evidencias = [ctx.evidence(probe, { em: 'cabecalho', decisivo: digestOk ? headerLine(probe.headers, 'Signature-Input') : headerLine(probe.headers, 'Content-Digest') })];
    if (problems.length === 0) return passed(`Diretório com ${plural(keys.length, 'chave', 'chaves')}, Content-Digest correto e ${plural(verified, 'assinatura verificada', 'assinaturas verificadas')}.`, { evidencias });
    return partial(Math.max(0.25, 1 - 0.25 * problems.length), `Diretório com ${plural(keys.length, 'chave', 'chaves')}, mas: ${problems.join('; ')}.`, { evidencias });
  },
};

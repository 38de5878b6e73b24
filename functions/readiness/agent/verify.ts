/**
 * Web Bot Auth verification (draft-ietf-webbotauth-httpsig-protocol-01, RFC 9421, Ed25519), the side that judges
 * other operators' agents:
 *
 * - `verifyDirectoryResponse`: the signatures a key directory puts on its own response (`("@authority";req
 *   "content-digest")`, tag `http-message-signatures-directory`), read by the `web-bot-auth` check;
 * - `verifyAgentRequest`: a signed request from another operator's agent. `Signature-Agent` is read in the -01 form
 *   (a Dictionary member whose String value is the JWK Set's own https URL, no parameters) and in the earlier forms
 *   deployments still send, each named as legacy with a migration note: a bare String field (before
 *   architecture-04), a member whose value is only an origin (the directory then at its well-known path), and
 *   members with `type=directory|jwks_uri` parameters (-00). Keys are fetched by the caller (`ResolveKeys`: the
 *   instrument's SSRF-safe fetcher in production), keyed on (URL, keyid) as the draft requires.
 *
 * Verifier outcomes follow the draft's deployment guidance: `verificada`, `invalida` (signature, components,
 * key or freshness fail), `nao_verificada` (not enough to decide: no Web Bot Auth signature, discovery failed,
 * unknown key or algorithm).
 */
import { createHash, createPublicKey, verify } from 'node:crypto';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { type InnerList, isInnerList, type Item, parseDictionary, parseItem, serializeInnerList, serializeItem } from 'structured-headers';
import type { FetchedResponse } from '../fetch/safe-fetch.ts';
import { type RevisaoVerificada, revisionOf } from '../revision.ts';
import { authorityOf, DIRECTORY_PATH, DIRECTORY_TAG, WEB_BOT_AUTH_TAG } from './signing.ts';

/** Clock skew tolerated on `created` (a signature dated further in the future is refused). */
const SKEW_SECONDS = 60;

type Params = Map<string, unknown>;
type Component = [string, Params];

/** RFC 9421 §2.1: the component identifier as it appears in the signature base (`"name";key="x"`). */
const componentId = (name: string, params: Params): string => serializeInnerList([[[name, params]], new Map()] as never).slice(1, -1);

const thumbprints = async (keys: readonly Record<string, unknown>[]): Promise<Map<string, Record<string, unknown>>> => {
  const byThumbprint = new Map<string, Record<string, unknown>>();
  for (const key of keys) {
    try {
      byThumbprint.set(await calculateJwkThumbprint(key as JWK, 'sha256'), key);
    } catch {
      // keys that cannot be thumbprinted are skipped
    }
  }
  return byThumbprint;
};

/** Ed25519 signature over `base` with a public JWK; false on any malformed input. */
function ed25519Verifies(base: string, key: Record<string, unknown>, signature: ArrayBuffer): boolean {
  if (key.kty !== 'OKP' || key.crv !== 'Ed25519' || typeof key.x !== 'string') return false;
  try {
    const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: key.x }, format: 'jwk' });
    return verify(null, Buffer.from(base, 'utf8'), publicKey, Buffer.from(signature));
  } catch {
    return false;
  }
}

const signaturesOf = (input: string | null, signature: string | null): { inputs: Map<string, unknown>; signatures: Map<string, unknown> } | undefined => {
  try {
    return { inputs: parseDictionary(input ?? ''), signatures: parseDictionary(signature ?? '') };
  } catch {
    return undefined;
  }
};

/**
 * Verifies the directory response signatures ("Signed Directory Response"). Returns how many keys have a valid
 * signature and whether `Content-Digest` matches the body.
 */
export async function verifyDirectoryResponse(response: FetchedResponse, keys: Record<string, unknown>[]): Promise<{ verified: number; digestOk: boolean }> {
  const digestHeader = response.headers.get('content-digest') ?? '';
  const expected = `sha-256=:${createHash('sha256').update(response.body, 'utf8').digest('base64')}:`;
  const digestOk = digestHeader.replace(/\s/g, '').split(',').includes(expected);
  const parsed = signaturesOf(response.headers.get('signature-input'), response.headers.get('signature'));
  if (!parsed) return { verified: 0, digestOk };
  const byThumbprint = await thumbprints(keys);
  let verified = 0;
  for (const [label, member] of parsed.inputs) {
    if (!isInnerList(member as never)) continue;
    const [items, params] = member as InnerList;
    if (params.get('tag') !== DIRECTORY_TAG) continue;
    const keyid = params.get('keyid');
    const key = typeof keyid === 'string' ? byThumbprint.get(keyid) : undefined;
    const sig = parsed.signatures.get(label) as [unknown, unknown] | undefined;
    if (!key || !sig || !(sig[0] instanceof ArrayBuffer)) continue;
    const created = params.get('created');
    if (typeof created === 'number' && created * 1000 > Date.now() + SKEW_SECONDS * 1000) continue;
    const lines: string[] = [];
    let ok = true;
    for (const [name, p] of items as Component[]) {
      const n = String(name);
      if (n === '@authority' && p.get('req') === true) lines.push(`${componentId(n, p)}: ${authorityOf(new URL(response.finalUrl))}`);
      else if (!n.startsWith('@')) lines.push(`${componentId(n, p)}: ${(response.headers.get(n) ?? '').trim()}`);
      else ok = false;
    }
    if (!ok) continue;
    lines.push(`"@signature-params": ${serializeInnerList(member as InnerList)}`);
    if (ed25519Verifies(lines.join('\n'), key, sig[0])) verified++;
  }
  return { verified, digestOk };
}

// ---------------------------------------------------------------------------------------------------------
// Signed requests from other operators' agents

/** How a `Signature-Agent` value was written: the -01 form or one of the earlier ones. */
export type SignatureAgentForm =
  | { forma: 'atual'; url: string }
  | { forma: 'legado'; url: string; tipo: 'texto' | 'origem' | 'parametros'; descricao: string };

/** Under -01 an origin-only member is still a direct JWK Set URI: it is tried as such before the well-known path. */
const directFirst = (form: SignatureAgentForm, member: Item): string | undefined =>
  form.forma === 'legado' && form.tipo === 'origem' && typeof member[0] === 'string' ? member[0] : undefined;

export interface SignedRequest {
  method: string;
  url: string;
  headers: Headers;
}

/** The key set published at a URL (`keys` of the JWK Set), or undefined when it could not be resolved. */
export type ResolveKeys = (url: string) => Promise<Record<string, unknown>[] | undefined>;

export interface AgentVerification {
  resultado: 'verificada' | 'invalida' | 'nao_verificada';
  /** What decided (pt-BR). */
  motivo: string;
  /** The signature label judged. */
  rotulo?: string;
  /** The identifier: the URL whose key set verified the request (query dropped), per -01. */
  identificador?: string;
  signatureAgent?: SignatureAgentForm;
  /** The form's verdict against -01 (`atual` or `legado`, with the migration note). */
  revisao?: RevisaoVerificada;
}

const MIGRATION =
  'Envie Signature-Agent como membro de dicionário com o endereço https do próprio diretório de chaves, sem parâmetros: sig1="https://seu-dominio/.well-known/http-message-signatures-directory" (draft-ietf-webbotauth-httpsig-protocol-01).';

const verdictOf = (form: SignatureAgentForm): RevisaoVerificada =>
  form.forma === 'atual' ? revisionOf('web-bot-auth', 'atual') : revisionOf('web-bot-auth', 'legado', { forma: form.descricao, migracao: MIGRATION });

const wellKnownOf = (url: URL): string => new URL(DIRECTORY_PATH, url.origin).href;

/** Whether a URL names only an origin (no path beyond `/`, no query): the pre-01 "directory value is an origin". */
const isOriginOnly = (url: URL): boolean => (url.pathname === '/' || url.pathname === '') && url.search === '';

/**
 * Reads the `Signature-Agent` value a signature covers. `member`: the Dictionary member keyed to the label, or the
 * whole field when it is a bare String (legacy). Undefined when the value is not an https URL.
 */
export function readSignatureAgent(member: Item, bareString: boolean): SignatureAgentForm | undefined {
  const [value, params] = member;
  if (typeof value !== 'string') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:') return undefined;
  if (bareString) {
    return { forma: 'legado', tipo: 'texto', url: isOriginOnly(url) ? wellKnownOf(url) : url.href, descricao: 'Signature-Agent como texto solto, anterior ao dicionário (architecture-04)' };
  }
  if (params.size > 0) {
    const type = params.get('type');
    const typeName = typeof type === 'string' ? type : typeof type === 'object' && type !== null ? String(type) : '';
    // -01 removed the discovery types: a `directory` value was an origin, a `jwks_uri` value the key set itself.
    const target = typeName === 'jwks_uri' ? url.href : wellKnownOf(url);
    return { forma: 'legado', tipo: 'parametros', url: target, descricao: `Signature-Agent com parâmetros (${[...params.keys()].join(', ')}), removidos na -01` };
  }
  if (isOriginOnly(url)) {
    return { forma: 'legado', tipo: 'origem', url: wellKnownOf(url), descricao: 'Signature-Agent só com a origem (o diretório no endereço well-known), anterior à -01' };
  }
  return { forma: 'atual', url: url.href };
}

const componentValue = (name: string, params: Params, request: SignedRequest, url: URL): string | undefined => {
  switch (name) {
    case '@authority':
      return authorityOf(url);
    case '@method':
      return request.method.toUpperCase();
    case '@path':
      return url.pathname || '/';
    case '@query':
      return url.search || '?';
    case '@target-uri':
      return url.href;
    case '@scheme':
      return url.protocol.slice(0, -1);
    default: {
      if (name.startsWith('@')) return undefined;
      const field = request.headers.get(name);
      if (field === null) return undefined;
      const key = params.get('key');
      if (typeof key !== 'string') return field.trim();
      try {
        const member = parseDictionary(field).get(key);
        return member === undefined || isInnerList(member as never) ? undefined : serializeItem(member as Item);
      } catch {
        return undefined;
      }
    }
  }
};

/**
 * Verifies the Web Bot Auth signature of a request (the first `tag="web-bot-auth"` signature that covers its
 * `Signature-Agent`). `now` in milliseconds.
 */
export async function verifyAgentRequest(request: SignedRequest, resolveKeys: ResolveKeys, now = Date.now()): Promise<AgentVerification> {
  const parsed = signaturesOf(request.headers.get('signature-input'), request.headers.get('signature'));
  if (!parsed) return { resultado: 'invalida', motivo: 'Signature-Input ou Signature ilegíveis (dicionários de Structured Fields).' };
  const labels = [...parsed.inputs].filter(([, m]) => isInnerList(m as never) && (m as InnerList)[1].get('tag') === WEB_BOT_AUTH_TAG);
  if (labels.length === 0) return { resultado: 'nao_verificada', motivo: 'Nenhuma assinatura com tag="web-bot-auth".' };
  const [label, member] = labels[0] as [string, InnerList];
  const [items, params] = member;
  const components = items as Component[];
  const field = request.headers.get('signature-agent');
  if (field === null) return { resultado: 'nao_verificada', rotulo: label, motivo: 'A requisição não traz Signature-Agent (exigido em toda requisição assinada).' };
  const bareString = field.trim().startsWith('"');
  let agentMember: Item | undefined;
  try {
    agentMember = bareString ? parseItem(field) : (parseDictionary(field).get(label) as Item | undefined);
  } catch {
    return { resultado: 'invalida', rotulo: label, motivo: 'Signature-Agent ilegível.' };
  }
  if (!agentMember || isInnerList(agentMember as never)) return { resultado: 'invalida', rotulo: label, motivo: `Signature-Agent sem membro para o rótulo ${label}.` };
  const covers = components.some(([n, p]) => n === 'signature-agent' && (bareString ? !p.has('key') : p.get('key') === label));
  if (!covers) return { resultado: 'invalida', rotulo: label, motivo: 'A assinatura não cobre o seu membro de Signature-Agent.' };
  if (!components.some(([n]) => n === '@authority' || n === '@target-uri')) return { resultado: 'invalida', rotulo: label, motivo: 'A assinatura não cobre @authority nem @target-uri.' };
  let form = readSignatureAgent(agentMember, bareString);
  if (!form) return { resultado: 'invalida', rotulo: label, motivo: 'O valor de Signature-Agent não é um endereço https.' };
  const expires = params.get('expires');
  const created = params.get('created');
  if (typeof expires !== 'number' || typeof created !== 'number') return { resultado: 'invalida', rotulo: label, motivo: 'Faltam created ou expires na assinatura.', signatureAgent: form, revisao: verdictOf(form) };
  if (expires * 1000 < now) return { resultado: 'invalida', rotulo: label, motivo: 'A assinatura expirou.', signatureAgent: form, revisao: verdictOf(form) };
  if (created * 1000 > now + SKEW_SECONDS * 1000) return { resultado: 'invalida', rotulo: label, motivo: 'A assinatura é datada no futuro.', signatureAgent: form, revisao: verdictOf(form) };
  const alg = params.get('alg');
  if (alg !== undefined && alg !== 'ed25519') return { resultado: 'nao_verificada', rotulo: label, motivo: `Algoritmo ${String(alg)} não verificado (só Ed25519).`, signatureAgent: form, revisao: verdictOf(form) };
  const keyid = params.get('keyid');
  // An origin-only member that serves the key set itself is the -01 form after all.
  const direct = directFirst(form, agentMember);
  let directKeys: Record<string, unknown>[] | undefined;
  if (direct !== undefined) {
    directKeys = await resolveKeys(direct);
    if (directKeys && typeof keyid === 'string' && (await thumbprints(directKeys)).has(keyid)) form = { forma: 'atual', url: direct };
    else directKeys = undefined;
  }
  const revisao = verdictOf(form);

  // The identifier is the URL resolved, query dropped (-01 §Key Distribution).
  const identifierUrl = new URL(form.url);
  identifierUrl.search = '';
  const identifier = identifierUrl.href;
  const keys = directKeys ?? (await resolveKeys(form.url));
  if (!keys) return { resultado: 'nao_verificada', rotulo: label, motivo: `O diretório ${identifier} não pôde ser lido.`, signatureAgent: form, revisao };
  const key = typeof keyid === 'string' ? (await thumbprints(keys)).get(keyid) : undefined;
  if (!key) return { resultado: 'nao_verificada', rotulo: label, motivo: `Nenhuma chave de ${identifier} tem a impressão digital ${String(keyid)}.`, signatureAgent: form, revisao };

  const url = new URL(request.url);
  const lines: string[] = [];
  for (const [name, p] of components) {
    const value = componentValue(String(name), p, request, url);
    if (value === undefined) return { resultado: 'invalida', rotulo: label, motivo: `Componente ${componentId(String(name), p)} ausente ou não suportado.`, signatureAgent: form, revisao };
    lines.push(`${componentId(String(name), p)}: ${value}`);
  }
  lines.push(`"@signature-params": ${serializeInnerList(member)}`);
  const sig = parsed.signatures.get(label) as [unknown, unknown] | undefined;
  if (!sig || !(sig[0] instanceof ArrayBuffer)) return { resultado: 'invalida', rotulo: label, motivo: `Falta a assinatura ${label} em Signature.`, signatureAgent: form, revisao };
  if (!ed25519Verifies(lines.join('\n'), key, sig[0])) return { resultado: 'invalida', rotulo: label, motivo: 'A assinatura não confere com a chave publicada.', signatureAgent: form, revisao };
  return { resultado: 'verificada', rotulo: label, identificador: identifier, motivo: `Assinatura verificada com a chave ${String(keyid)} de ${identifier}.`, signatureAgent: form, revisao };
}

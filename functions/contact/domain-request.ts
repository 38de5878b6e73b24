/**
 * A person's request about a measured domain, sent by a small form under a result: an e-mail address, the domain and
 * an explicit consent (`email`, `dominio`, `consentimento=sim`, plus the honeypot). Read once for every such form:
 * "Acompanhar este domínio" (functions/follow/handler.ts) and "Receber o relatório por e-mail"
 * (functions/report/handler.ts). The caller checks the origin first (and whatever else it needs), then reads here:
 * the media type, the body (bounded), the domain (normalized), the address (one address, no invisible character, the
 * form `nome@empresa.com.br`) and the consent, in that order. A refusal is the contract's error code with pt-BR words
 * the caller shows as it shows its errors, and the field it is about, when there is one.
 */
import { CONTACT_LIMITS, HONEYPOT_FIELD } from '../../src/model/contact.ts';
import { hasControls } from '../../src/model/controls.ts';
import { mediaType, readBodyText } from '../http/body.ts';
import type { ErrorCode } from '../http/errors.ts';
import { normalizeDomain } from '../readiness/domain.ts';
import { EMAIL } from './fields.ts';

export const DOMAIN_REQUEST_TYPE = 'application/x-www-form-urlencoded';
/** Such a form is far below this. */
export const DOMAIN_REQUEST_MAX_BYTES = 8 * 1024;
/** Zero-width and line/paragraph separators, besides the controls and bidi marks of src/model/controls.ts: never part of an address a person typed. */
const INVISIBLE = /[\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;

/** The words that differ from form to form. */
export interface DomainRequestTexts {
  /** What the 415 asks for ("com o e-mail, o domínio e a autorização"). */
  formato: string;
  /** Why the address is needed ("para recebermos os avisos"). */
  paraQue: string;
  /** What a missing consent is told. */
  consentimento: string;
}

export type DomainRequestField = 'email' | 'consentimento';

export type DomainRequest =
  | { ok: true; dominio: string; email: string; bot: boolean }
  | { ok: false; code: ErrorCode; titulo: string; texto: string; dominio?: string; email?: string; campo?: DomainRequestField };

/** Reads the form of `request` (whose origin the caller already checked). */
export async function readDomainRequest(request: Request, options: { allowLoopback: boolean; texts: DomainRequestTexts }): Promise<DomainRequest> {
  const { texts } = options;
  if (mediaType(request) !== DOMAIN_REQUEST_TYPE) {
    await request.body?.cancel().catch(() => {});
    return { ok: false, code: 'unsupported_media_type', titulo: 'Formato não aceito', texto: `Envie o formulário como ${DOMAIN_REQUEST_TYPE}, ${texts.formato}.` };
  }
  const body = await readBodyText(request, DOMAIN_REQUEST_MAX_BYTES);
  if (!body.ok) {
    return body.reason === 'too_large'
      ? { ok: false, code: 'payload_too_large', titulo: 'Pedido grande demais', texto: `O formulário enviado passa de ${DOMAIN_REQUEST_MAX_BYTES / 1024} KB.` }
      : { ok: false, code: 'invalid_request', titulo: 'Formulário ilegível', texto: 'O formulário enviado não é texto UTF-8 legível.' };
  }
  const form = new URLSearchParams(body.text);
  const domain = normalizeDomain(form.get('dominio') ?? '', { allowLoopback: options.allowLoopback });
  if (!domain.ok) return { ok: false, code: 'invalid_request', titulo: 'Domínio inválido', texto: domain.reason };
  const dominio = domain.domain;
  const email = (form.get('email') ?? '').trim();
  if (!email) return { ok: false, code: 'invalid_request', titulo: 'Confira o e-mail', texto: `Informe o seu e-mail, ${texts.paraQue}.`, dominio, campo: 'email' };
  const kept = email.slice(0, CONTACT_LIMITS.email);
  if (email.length > CONTACT_LIMITS.email || hasControls(email) || INVISIBLE.test(email) || !EMAIL.test(email)) {
    return {
      ok: false,
      code: 'invalid_request',
      titulo: 'Confira o e-mail',
      texto: 'Confira o e-mail: ele precisa ter o formato nome@empresa.com.br, sem espaços nem caracteres invisíveis.',
      dominio,
      email: kept,
      campo: 'email',
    };
  }
  if (form.get('consentimento') !== 'sim') return { ok: false, code: 'invalid_request', titulo: 'Falta a autorização', texto: texts.consentimento, dominio, email, campo: 'consentimento' };
  return { ok: true, dominio, email, bot: (form.get(HONEYPOT_FIELD) ?? '') !== '' };
}

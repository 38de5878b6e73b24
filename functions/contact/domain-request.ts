/**
 * A person's request about a measured domain, sent by a small form under a result: an e-mail address, the domain and
 * an explicit consent (`email`, `dominio`, `consentimento=sim`, plus the honeypot). Declared once for every such form,
 * as two steps of a route's pipeline: "Acompanhar este domínio" (functions/follow/handler.ts) and "Receber o relatório
 * por e-mail" (functions/report/handler.ts). The route checks the origin first (and whatever else it needs), then
 * `domainRequestBody` reads the body (the media type, at most 8 KB, UTF-8) and `domainRequestOf` validates it: the
 * domain (normalized), the address (one address, no invisible character, the form `nome@empresa.com.br`) and the
 * consent, in that order. A refusal is the contract's error code with pt-BR words; its `detail` (a
 * `DomainRequestDetail`) carries the page's heading and what the form shows again (the domain, the address kept, the
 * field it is about).
 */
import { CONTACT_LIMITS, HONEYPOT_FIELD } from '../../src/model/contact.ts';
import { hasControls } from '../../src/model/controls.ts';
import type { Problem } from '../http/pipeline.ts';
import type { BodyPolicy, Validated } from '../http/steps.ts';
import { normalizeDomain } from '../readiness/domain.ts';
import type { RouteExchange } from '../route.ts';
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

/** What a refusal of these steps carries for the page that shows it. */
export interface DomainRequestDetail {
  /** The page's heading. */
  titulo: string;
  dominio?: string;
  email?: string;
  campo?: DomainRequestField;
}

export interface DomainRequest {
  dominio: string;
  email: string;
  /** The honeypot was filled: answer as usual, store and send nothing. */
  bot: boolean;
}

const refusal = (error: Problem['error'], description: string, detail: DomainRequestDetail): Problem => ({ error, description, detail });

/** What a problem of these forms' routes carries for its page (these steps' detail), when it carries one. */
export const refusalDetail = (problem: Problem): DomainRequestDetail | undefined => {
  const { detail } = problem;
  return detail && typeof detail === 'object' && 'titulo' in detail ? (detail as DomainRequestDetail) : undefined;
};

/**
 * The page's heading of a problem of these forms' routes: the one its detail names, else the same-origin step's
 * refusal (which knows no page), else a plain one.
 */
export const refusalTitle = (problem: Problem): string =>
  refusalDetail(problem)?.titulo ?? (problem.error === 'cross_site_request' ? 'Pedido de outro site recusado' : 'Não foi possível continuar');

/** The body step's policy: the form's media type, at most 8 KB, UTF-8 text. */
export const domainRequestBody = (texts: DomainRequestTexts): BodyPolicy => ({
  limit: DOMAIN_REQUEST_MAX_BYTES,
  accepts: (type) => type === DOMAIN_REQUEST_TYPE,
  unsupported: () => refusal('unsupported_media_type', `Envie o formulário como ${DOMAIN_REQUEST_TYPE}, ${texts.formato}.`, { titulo: 'Formato não aceito' }),
  tooLarge: refusal('payload_too_large', `O formulário enviado passa de ${DOMAIN_REQUEST_MAX_BYTES / 1024} KB.`, { titulo: 'Pedido grande demais' }),
  unreadable: refusal('invalid_request', 'O formulário enviado não é texto UTF-8 legível.', { titulo: 'Formulário ilegível' }),
});

/** The validation step's check: the form read by `domainRequestBody`, turned into the route's input. */
export const domainRequestOf =
  (texts: DomainRequestTexts) =>
  (x: RouteExchange): Validated<DomainRequest> => {
    const form = new URLSearchParams(x.found.body?.text ?? '');
    const no = (description: string, detail: DomainRequestDetail) => ({ ok: false as const, problem: refusal('invalid_request', description, detail) });
    const domain = normalizeDomain(form.get('dominio') ?? '', { allowLoopback: x.context.config.readinessAllowLoopback });
    if (!domain.ok) return no(domain.reason, { titulo: 'Domínio inválido' });
    const dominio = domain.domain;
    const email = (form.get('email') ?? '').trim();
    if (!email) return no(`Informe o seu e-mail, ${texts.paraQue}.`, { titulo: 'Confira o e-mail', dominio, campo: 'email' });
    if (email.length > CONTACT_LIMITS.email || hasControls(email) || INVISIBLE.test(email) || !EMAIL.test(email)) {
      return no('Confira o e-mail: ele precisa ter o formato nome@empresa.com.br, sem espaços nem caracteres invisíveis.', {
        titulo: 'Confira o e-mail',
        dominio,
        email: email.slice(0, CONTACT_LIMITS.email),
        campo: 'email',
      });
    }
    if (form.get('consentimento') !== 'sim') return no(texts.consentimento, { titulo: 'Falta a autorização', dominio, email, campo: 'consentimento' });
    return { ok: true, value: { dominio, email, bot: (form.get(HONEYPOT_FIELD) ?? '') !== '' } };
  };

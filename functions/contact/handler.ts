/**
 * The contact function at /contato/formulario, HTTP plumbing only (validation, storage, delivery and retry
 * live in the modules beside it):
 *
 * - `GET`/`HEAD`: the form, prefilled by `?site=`, `?nota=` and `?produto=` (works without JavaScript).
 * - `POST` (`application/x-www-form-urlencoded`, at most 32 KB, same-origin): validates; a filled honeypot gets
 *   the usual confirmation and nothing else; 5 leads per hashed address per hour; stores the lead, then
 *   answers the confirmation and starts the delivery in the background. Errors re-render the form with the
 *   values kept (400 invalid fields, 429 limit, 503 storage down with the e-mail address: never a false
 *   confirmation). Clients that do not accept HTML get JSON (`{ error, error_description }` on errors).
 */
import { contactEmail } from '../../src/config/site.ts';
import { CONTACT_FORM_PATH } from '../../src/model/paths.ts';
import { errorResponse, type ErrorCode } from '../http/errors.ts';
import type { Problem, Step } from '../http/pipeline.ts';
import { methods, readBody, sameOrigin, validate, type Validated } from '../http/steps.ts';
import { countQuota, overQuota } from '../limits/quotas.ts';
import { byPath, route, type RouteExchange } from '../route.ts';
import { type ContactFields, type FieldError, type FormValues, prefillValues, validateContact } from './fields.ts';
import { type FormView, renderConfirmation, renderContactForm } from './form-html.ts';
import { saveLead } from './leads.ts';
import { htmlResponse } from '../html/response.ts';
import { contactPage } from './page.ts';
import { followUp } from './retry.ts';
import { resolveSubject } from './subject.ts';
import { plural } from '../../src/model/plural.ts';

const METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS'] as const;
/** A full form is far below this (5 000 characters of message, percent-encoded, is at most 45 KB in the worst script). */
export const CONTACT_MAX_BODY_BYTES = 48 * 1024;
const FORM_TYPE = 'application/x-www-form-urlencoded';


/** The form's values with `produto` brought to its subject's one code (or dropped), and the subject's name. */
function view(values: Partial<FormValues>, extra: Partial<FormView> = {}): FormView {
  const subject = resolveSubject(values.produto ?? '');
  return { values: { ...values, produto: subject?.code ?? '' }, produtoLabel: subject?.label, email: contactEmail(), ...extra };
}

function formPage(origin: string, values: Partial<FormValues>, status: number, extra: Partial<FormView> = {}, title?: string, headers?: HeadersInit): Response {
  return htmlResponse(contactPage(origin, title, renderContactForm(view(values, extra))), status, headers);
}

const wantsHtml = (request: Request): boolean => (request.headers.get('accept') ?? '').toLowerCase().includes('text/html');

/** The titles of the refusals before the fields could be read (the page's heading and `<title>`). */
const REFUSAL_TITLES: Partial<Record<ErrorCode, string>> = {
  cross_site_request: 'Pedido de outro site recusado',
  unsupported_media_type: 'Formato não aceito',
  payload_too_large: 'Mensagem grande demais',
  invalid_request: 'Formulário ilegível',
};

/** A refusal before the fields could be read: an HTML page with the blank form and the reason, or the JSON error. */
function refusal(origin: string, html: boolean, code: ErrorCode, titulo: string, description: string, headers?: HeadersInit): Response {
  if (!html) return errorResponse(code, description, { headers });
  const status = errorResponse(code, description).status;
  return formPage(origin, {}, status, { aviso: { titulo, texto: description, email: contactEmail() } }, titulo, headers);
}

function invalid(origin: string, html: boolean, errors: FieldError[], values: FormValues): Response {
  if (!html) return errorResponse('invalid_request', errors.map((e) => e.message).join(' '));
  return formPage(origin, values, 400, { errors }, 'Confira o formulário');
}

/** Storage down (or any failure to record): an honest error, the values kept, the e-mail address to write to. */
function notStored(origin: string, html: boolean, values: FormValues): Response {
  const email = contactEmail();
  const description = `Não conseguimos registrar a sua mensagem agora, e ela não foi enviada. Tente de novo em alguns minutos ou escreva para ${email}.`;
  const headers = { 'Retry-After': '60' };
  if (!html) return errorResponse('temporarily_unavailable', description, { headers });
  return formPage(origin, values, 503, { aviso: { titulo: 'A mensagem não foi enviada', texto: 'Não conseguimos registrar a sua mensagem agora. Os seus dados continuam no formulário: tente de novo em alguns minutos.', email } }, 'Mensagem não enviada', headers);
}

/** A submission whose fields passed: what is stored and sent, and the values to show again. */
interface Submission {
  fields: ContactFields;
  values: FormValues;
  /** The honeypot was filled. */
  bot: boolean;
}

/** The form's fields checked (./fields.ts); a field error is the form again with the values kept. */
function submission(x: RouteExchange): Validated<Submission> {
  const validation = validateContact(new URLSearchParams(x.found.body?.text ?? ''));
  if (!validation.ok) return { ok: false, response: invalid(x.context.config.origin, wantsHtml(x.request), validation.errors, validation.values) };
  // Every call to action's subject arrives under its one code (./subject.ts); an unknown one is dropped.
  const fields = { ...validation.fields, produto: resolveSubject(validation.fields.produto)?.code ?? '' };
  const values: FormValues = { ...fields, nota: fields.nota === null ? '' : String(fields.nota), consentimento: true };
  return { ok: true, value: { fields, values, bot: validation.bot } };
}

/**
 * Leads per client per hour: row `contato` of the quota table, counted only for a submission that is stored (a
 * filled honeypot is not). Over it: the form again with the values kept; the store down: the honest error.
 */
const leadQuota: Step<RouteExchange> = {
  name: 'quota',
  async run(x, next) {
    const { values, bot } = x.found.input as Submission;
    if (bot) return next();
    const { origin } = x.context.config;
    const html = wantsHtml(x.request);
    let leads;
    try {
      leads = await countQuota(x.context, 'contato');
    } catch (error) {
      console.error('[contato] não foi possível registrar um contato:', error instanceof Error ? error.message : error);
      return notStored(origin, html, values);
    }
    if (!overQuota(leads)) return next();
    const { limit, resetSeconds } = leads;
    const minutes = Math.max(1, Math.ceil(resetSeconds / 60));
    const description = `Você já enviou ${limit} mensagens na última hora. Tente de novo em cerca de ${plural(minutes, 'minuto', 'minutos')} ou escreva para ${contactEmail()}.`;
    const headers = { 'Retry-After': String(resetSeconds) };
    if (!html) return errorResponse('rate_limited', description, { headers });
    return formPage(origin, values, 429, { aviso: { titulo: 'Limite de mensagens atingido', texto: description, email: contactEmail() } }, 'Limite de mensagens atingido', headers);
  },
};

/** Stores the lead, then answers the confirmation and starts the delivery in the background. */
async function submit({ fields, values, bot }: Submission, x: RouteExchange): Promise<Response> {
  const { context } = x;
  const { origin } = context.config;
  const html = wantsHtml(x.request);
  if (bot) {
    // A filled honeypot: the bot sees the usual answer; nothing is stored or sent.
    console.warn('[contato] envio descartado: campo isca preenchido.');
    return confirmation(origin, html, fields.nome, fields.email);
  }
  let seq: number;
  try {
    seq = (await saveLead(context.store, context.now, fields)).seq;
  } catch (error) {
    console.error('[contato] não foi possível registrar um contato:', error instanceof Error ? error.message : error);
    return notStored(origin, html, values);
  }
  followUp(context, seq, context.waitUntil);
  return confirmation(origin, html, fields.nome, fields.email);
}

function confirmation(origin: string, html: boolean, nome: string, email: string): Response {
  if (!html) return Response.json({ recebido: true }, { status: 201, headers: { 'cache-control': 'no-store' } });
  return htmlResponse(contactPage(origin, 'Mensagem recebida', renderConfirmation(nome, email, contactEmail())), 200);
}

const METHOD_POLICY = {
  methods: METHODS,
  cors: false,
  notAllowed: () => 'Use o formulário da página de contato (POST) ou abra-o com GET.',
} as const;

/** A problem of a step before the fields are read, in the client's format (./handler.ts's refusal). */
const refuse = (problem: Problem, x: RouteExchange): Response =>
  refusal(x.context.config.origin, wantsHtml(x.request), problem.error, REFUSAL_TITLES[problem.error] ?? 'Não foi possível enviar', problem.description, problem.headers);

/** `GET`/`HEAD`: the form, prefilled by `?site=`, `?nota=` and `?produto=`. */
const formRoute = route<FormValues>({
  name: 'contact.form',
  steps: [methods(METHOD_POLICY), validate((x) => ({ ok: true, value: prefillValues(x.url.searchParams) }))],
  handle(values, x) {
    const response = formPage(x.context.config.origin, values, 200);
    return x.method === 'HEAD' ? new Response(null, { status: 200, headers: response.headers }) : response;
  },
});

/** `POST`: same-origin, a form of at most 48 KB, its fields checked, the client's quota, then stored and sent. */
const submitRoute = route<Submission>({
  name: 'contact.submit',
  steps: [
    methods(METHOD_POLICY),
    sameOrigin((origin) => `Use o formulário em ${origin}/contato.`),
    readBody({
      limit: CONTACT_MAX_BODY_BYTES,
      accepts: (type) => type === FORM_TYPE,
      unsupported: () => ({ error: 'unsupported_media_type', description: `Envie o formulário como ${FORM_TYPE}, com os campos nome, email, mensagem e consentimento=sim.` }),
      tooLarge: { error: 'payload_too_large', description: `O formulário enviado passa de ${CONTACT_MAX_BODY_BYTES / 1024} KB; a mensagem pode ter até 5 000 caracteres.` },
      unreadable: { error: 'invalid_request', description: 'O formulário enviado não é texto UTF-8 legível.' },
    }),
    validate(submission),
    leadQuota,
  ],
  handle: submit,
  refuse,
});

export default byPath([[CONTACT_FORM_PATH, { POST: submitRoute, default: formRoute }]]);

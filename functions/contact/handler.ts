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
import { mediaType, readBodyText } from '../http/body.ts';
import { errorResponse, type ErrorCode } from '../http/errors.ts';
import { crossSiteReason } from '../http/same-origin.ts';
import type { Handler, RequestContext } from '../context.ts';
import { countQuota, overQuota } from '../limits/quotas.ts';
import { answerMethod } from '../http/methods.ts';
import { type FieldError, type FormValues, prefillValues, validateContact } from './fields.ts';
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

const handler: Handler = async (request, context) => {
  const refused = await answerMethod(request, {
    methods: METHODS,
    cors: false,
    notAllowed: () => 'Use o formulário da página de contato (POST) ou abra-o com GET.',
  });
  if (refused) return refused;
  const method = request.method.toUpperCase();
  if (method === 'GET' || method === 'HEAD') {
    const response = formPage(context.config.origin, prefillValues(new URL(request.url).searchParams), 200);
    return method === 'HEAD' ? new Response(null, { status: 200, headers: response.headers }) : response;
  }
  return submit(request, context);
};
export default handler;

/** The form's values with `produto` brought to its subject's one code (or dropped), and the subject's name. */
function view(values: Partial<FormValues>, extra: Partial<FormView> = {}): FormView {
  const subject = resolveSubject(values.produto ?? '');
  return { values: { ...values, produto: subject?.code ?? '' }, produtoLabel: subject?.label, email: contactEmail(), ...extra };
}

function formPage(origin: string, values: Partial<FormValues>, status: number, extra: Partial<FormView> = {}, title?: string, headers?: HeadersInit): Response {
  return htmlResponse(contactPage(origin, title, renderContactForm(view(values, extra))), status, headers);
}

const wantsHtml = (request: Request): boolean => (request.headers.get('accept') ?? '').toLowerCase().includes('text/html');

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

async function submit(request: Request, context: RequestContext): Promise<Response> {
  const html = wantsHtml(request);
  const { config, store } = context;
  const { origin } = config;
  const crossSite = crossSiteReason(request, config.origin);
  if (crossSite) {
    await request.body?.cancel().catch(() => {});
    return refusal(origin, html, 'cross_site_request', 'Pedido de outro site recusado', `${crossSite} Use o formulário em ${config.origin}/contato.`);
  }
  if (mediaType(request) !== FORM_TYPE) {
    await request.body?.cancel().catch(() => {});
    return refusal(origin, html, 'unsupported_media_type', 'Formato não aceito', `Envie o formulário como ${FORM_TYPE}, com os campos nome, email, mensagem e consentimento=sim.`);
  }
  const body = await readBodyText(request, CONTACT_MAX_BODY_BYTES);
  if (!body.ok) {
    return body.reason === 'too_large'
      ? refusal(origin, html, 'payload_too_large', 'Mensagem grande demais', `O formulário enviado passa de ${CONTACT_MAX_BODY_BYTES / 1024} KB; a mensagem pode ter até 5 000 caracteres.`)
      : refusal(origin, html, 'invalid_request', 'Formulário ilegível', 'O formulário enviado não é texto UTF-8 legível.');
  }
  const validation = validateContact(new URLSearchParams(body.text));
  if (!validation.ok) return invalid(origin, html, validation.errors, validation.values);
  // Every call to action's subject arrives under its one code (./subject.ts); an unknown one is dropped.
  const fields = { ...validation.fields, produto: resolveSubject(validation.fields.produto)?.code ?? '' };
  const values: FormValues = { ...fields, nota: fields.nota === null ? '' : String(fields.nota), consentimento: true };

  if (validation.bot) {
    // A filled honeypot: the bot sees the usual answer; nothing is stored or sent.
    console.warn('[contato] envio descartado: campo isca preenchido.');
    return confirmation(origin, html, fields.nome, fields.email);
  }

  let seq: number;
  try {
    // Leads per client per hour: row `contato` of the quota table.
    const leads = await countQuota(context, 'contato');
    if (overQuota(leads)) {
      const { limit, resetSeconds } = leads;
      const minutes = Math.max(1, Math.ceil(resetSeconds / 60));
      const description = `Você já enviou ${limit} mensagens na última hora. Tente de novo em cerca de ${plural(minutes, 'minuto', 'minutos')} ou escreva para ${contactEmail()}.`;
      const headers = { 'Retry-After': String(resetSeconds) };
      if (!html) return errorResponse('rate_limited', description, { headers });
      return formPage(origin, values, 429, { aviso: { titulo: 'Limite de mensagens atingido', texto: description, email: contactEmail() } }, 'Limite de mensagens atingido', headers);
    }
    seq = (await saveLead(store, context.now, fields)).seq;
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

/**
 * The report function, HTTP plumbing only (./report.ts decides and stores, ./form-html.ts is the form):
 *
 * - `POST ${REPORT_PATH}` (form `email`, `dominio`, `consentimento=sim`; same-origin; at most 8 KB): asks for the
 *   report of a domain's scored reading. Answers a confirmation page in the site's layout, or JSON 201
 *   `{ recebido: true, enviadoPorEmail }` to a client that does not accept HTML (/medicao.js asks for JSON).
 * - Refusals say what to do, in the client's format: 400 on a bad e-mail, a missing consent or a bad domain (the page
 *   shows the form again, the address kept, the error beside the field), 404 when the domain has no scored reading,
 *   429 over the leads' hourly limit, 503 with the e-mail address when the store fails (never a false confirmation),
 *   403 from another site, 413, 415. A filled honeypot gets the usual confirmation and nothing is stored.
 *
 * Pages are `noindex`, never cached. The address is never written to a log or a URL.
 */
import { contactEmail } from '../../src/config/site.ts';
import { escapeHtml } from '../../src/model/escape.ts';
import { MEASURE_PATH, resultPath } from '../../src/model/measurement.ts';
import { REPORT_PATH } from '../../src/model/paths.ts';
import { plural } from '../../src/model/plural.ts';
import { type DomainRequest, type DomainRequestField, domainRequestBody, domainRequestOf, refusalDetail, refusalTitle } from '../contact/domain-request.ts';
import type { RequestContext } from '../context.ts';
import { htmlResponse } from '../html/response.ts';
import { renderShellPage } from '../html/shell.ts';
import { type ErrorCode, errorResponse } from '../http/errors.ts';
import type { Problem } from '../http/pipeline.ts';
import { methods, readBody, sameOrigin, validate } from '../http/steps.ts';
import { byPath, route, type RouteExchange } from '../route.ts';
import { renderReportSection } from './form-html.ts';
import { requestReport } from './report.ts';

const RETRY_SECONDS = 60;
/** When the team sends the report itself (no SMTP, or sending failed): the contact page's promise. */
const TEAM_DELAY = 'em até 2 dias úteis';

const wantsHtml = (request: Request): boolean => (request.headers.get('accept') ?? '').toLowerCase().includes('text/html');

/** A page of this function in the site's layout (`noindex`, never cached: contact/page.ts). */
const page = (origin: string, titulo: string, conteudo: string, status: number, headers?: HeadersInit): Response =>
  htmlResponse(renderShellPage({ titulo, descricao: 'O relatório da medição gratuita de prontidão para IA, por e-mail.', conteudo, estilos: ['/medicao.css'] }, origin), status, headers);

const backTo = (dominio: string | undefined): string =>
  dominio ? `<p class="medicao-voltar"><a href="${escapeHtml(resultPath(dominio))}">Voltar ao resultado de ${escapeHtml(dominio)}</a></p>` : `<p class="medicao-voltar"><a href="${MEASURE_PATH}">Ir para a medição gratuita</a></p>`;

const notice = (text: string, role: 'alert' | 'status' = 'alert'): string => `<div class="medicao-aviso" role="${role}"><p>${text}</p></div>`;

/** A refusal in the client's format: the contract's JSON body, or a page with the same words (and the form, when it can be fixed there). */
function failure(
  request: Request,
  context: RequestContext,
  code: ErrorCode,
  titulo: string,
  description: string,
  options: { dominio?: string; email?: string; campo?: DomainRequestField; form?: boolean; headers?: HeadersInit } = {},
): Response {
  if (!wantsHtml(request)) return errorResponse(code, description, { headers: options.headers });
  const status = errorResponse(code, description).status;
  const { dominio, campo } = options;
  const body =
    dominio && (campo || options.form)
      ? renderReportSection(dominio, { email: options.email, erro: { campo, texto: description }, nivel: 2 })
      : notice(escapeHtml(description));
  return page(context.config.origin, titulo, `${body}${backTo(dominio)}`, status, options.headers);
}

/** The form's words that are the report's own. */
const REPORT_TEXTS = {
  formato: 'com o e-mail, o domínio e a autorização',
  paraQue: 'para recebermos o pedido do relatório',
  consentimento: 'Para receber o relatório, marque a autorização de envio ao seu e-mail.',
};

/** A problem of a step in the client's format: the form again when the domain is known and a field can be fixed. */
const refuse = (problem: Problem, x: RouteExchange): Response => {
  const detail = refusalDetail(problem);
  return failure(x.request, x.context, problem.error, refusalTitle(problem), problem.description, {
    dominio: detail?.dominio,
    email: detail?.email,
    campo: detail?.campo,
    headers: problem.headers,
  });
};

async function ask({ dominio, email, bot }: DomainRequest, x: RouteExchange): Promise<Response> {
  const { request, context } = x;
  const { config } = context;
  if (bot) {
    // A filled honeypot: the bot sees the usual answer; nothing is stored or sent.
    console.warn('[relatorio] pedido descartado: campo isca preenchido.');
    return confirmation(request, context, dominio, false);
  }
  let outcome: Awaited<ReturnType<typeof requestReport>>;
  try {
    outcome = await requestReport(context, email, dominio);
  } catch (error) {
    console.error('[relatorio] não foi possível registrar um pedido:', error instanceof Error ? error.message : error);
    return failure(
      request,
      context,
      'temporarily_unavailable',
      'Pedido não registrado',
      `Não conseguimos registrar o seu pedido agora, e nada foi enviado. Tente de novo em alguns minutos ou escreva para ${contactEmail()}.`,
      { dominio, email, form: true, headers: { 'Retry-After': String(RETRY_SECONDS) } },
    );
  }
  switch (outcome.kind) {
    case 'sem-leitura':
      return failure(request, context, 'not_found', 'Domínio ainda não medido', `Não há leitura com nota de ${dominio}: meça-o primeiro em ${config.origin}${MEASURE_PATH} e peça o relatório na página do resultado.`, { dominio });
    case 'limite': {
      const minutes = Math.max(1, Math.ceil(outcome.retryAfterSeconds / 60));
      return failure(
        request,
        context,
        'rate_limited',
        'Limite de pedidos atingido',
        `Você já fez muitos pedidos na última hora. Tente de novo em cerca de ${plural(minutes, 'minuto', 'minutos')} ou escreva para ${contactEmail()}.`,
        { dominio, headers: { 'Retry-After': String(outcome.retryAfterSeconds) } },
      );
    }
    case 'registrado':
      return confirmation(request, context, dominio, outcome.enviado);
  }
}

/** `POST ${REPORT_PATH}`: same-origin, a form of at most 8 KB, its fields checked. */
const askRoute = route<DomainRequest>({
  name: 'report.request',
  steps: [
    methods({ methods: ['POST', 'OPTIONS'], cors: false, notAllowed: () => 'Peça o relatório pelo formulário da página do resultado (POST).' }),
    sameOrigin((origin) => `Peça o relatório na página do resultado, em ${origin}${MEASURE_PATH}.`),
    readBody(domainRequestBody(REPORT_TEXTS)),
    validate(domainRequestOf(REPORT_TEXTS)),
  ],
  handle: ask,
  refuse,
});

export default byPath([[REPORT_PATH, askRoute]], askRoute);

/** What the person reads after asking (the same words /medicao.js shows in place). */
export function confirmationText(dominio: string, enviado: boolean): string {
  return enviado
    ? `Pronto: enviamos o relatório de ${dominio} para o e-mail informado. Não chegou em alguns minutos? Veja a caixa de spam.`
    : `Pedido recebido: a equipe envia o relatório de ${dominio} para o e-mail informado ${TEAM_DELAY}.`;
}

function confirmation(request: Request, context: RequestContext, dominio: string, enviado: boolean): Response {
  if (!wantsHtml(request)) return Response.json({ recebido: true, enviadoPorEmail: enviado, mensagem: confirmationText(dominio, enviado) }, { status: 201, headers: { 'cache-control': 'no-store' } });
  return page(context.config.origin, enviado ? 'Relatório enviado' : 'Pedido recebido', `${notice(escapeHtml(confirmationText(dominio, enviado)), 'status')}${backTo(dominio)}`, 200);
}

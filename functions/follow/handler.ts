/**
 * The follow-up function, HTTP plumbing only (./follow.ts decides, ./subscriptions.ts stores, ./mail.ts sends):
 *
 * - `POST ${FOLLOW_PATH}` (form `email`, `dominio`, `consentimento=sim`; same-origin; at most 8 KB): asks to follow a
 *   measured domain; answers a page (or JSON 202) saying the confirmation was sent. Limits: 429 with Retry-After.
 * - `GET ${FOLLOW_CONFIRM_PATH}?t=…`: a page with one button that POSTs to the same address, which confirms. A GET
 *   never changes anything: mail scanners open links, and a confirmation they made would not be the owner's.
 * - `GET ${FOLLOW_CANCEL_PATH}?t=…`: the same, to stop following; `POST` to it stops at once, from the page's button
 *   or from a mail client's one-click button (RFC 8058: body `List-Unsubscribe=One-Click`, any form encoding), with
 *   200 and no redirect. Cancelling works even without SMTP.
 *
 * Without SMTP_URL the request and the confirmation answer 404 `not_found`, saying the follow-up is not offered.
 * Pages are in the site's layout, `noindex`, never cached, and send no Referer (their address holds a token).
 * Clients that do not accept HTML get JSON (`{ error, error_description }` on errors). The address is never
 * written to a log or a URL.
 */
import { contactEmail } from '../../src/config/site.ts';
import { MEASURE_PATH, resultPath } from '../../src/model/measurement.ts';
import { plural } from '../../src/model/plural.ts';
import { domainRequestBody, domainRequestOf, DOMAIN_REQUEST_MAX_BYTES as MAX_BODY_BYTES, type DomainRequest, refusalTitle } from '../contact/domain-request.ts';
import { htmlResponse } from '../html/response.ts';
import { renderShellPage } from '../html/shell.ts';
import { escapeHtml } from '../../src/model/escape.ts';
import type { RequestContext } from '../context.ts';
import { type ErrorCode, errorResponse } from '../http/errors.ts';
import type { Problem } from '../http/pipeline.ts';
import { methods, precondition, readBody, sameOrigin, validate } from '../http/steps.ts';
import { byPath, route, type RouteExchange } from '../route.ts';
import { FOLLOW_CANCEL_PATH, FOLLOW_CONFIRM_PATH, FOLLOW_PATH } from '../../src/model/paths.ts';
import { cancelFollow, confirmFollow, requestFollow } from './follow.ts';
import { FOLLOW_STYLESHEET } from './form-html.ts';
import { cancelUrl, describeInterval } from './messages.ts';
import { getSubscription, tokenTarget } from './subscriptions.ts';

const RETRY_SECONDS = 60;

const wantsHtml = (request: Request): boolean => (request.headers.get('accept') ?? '').toLowerCase().includes('text/html');

function page(origin: string, titulo: string, conteudo: string, status: number, headers?: HeadersInit): Response {
  const h = new Headers(headers);
  // Their address holds a token: never sent on as a Referer.
  h.set('referrer-policy', 'no-referrer');
  const html = renderShellPage({ titulo, descricao: 'Acompanhamento da prontidão para IA de um domínio, por e-mail.', conteudo, estilos: [FOLLOW_STYLESHEET] }, origin);
  return htmlResponse(html, status, h);
}

const notice = (paragraphs: string[], extra = ''): string =>
  `<div class="acompanhar-aviso">${paragraphs.map((p) => `<p>${p}</p>`).join('')}</div>${extra}<p><a href="${MEASURE_PATH}">Ir para a medição gratuita</a></p>`;

/** An error in the client's format: the contract's JSON body, or a page with the same words. */
function failure(request: Request, context: RequestContext, code: ErrorCode, titulo: string, description: string, headers?: HeadersInit): Response {
  if (!wantsHtml(request)) return errorResponse(code, description, { headers });
  const status = errorResponse(code, description).status;
  return page(context.config.origin, titulo, notice([escapeHtml(description)]), status, headers);
}

const notOffered = (request: Request, context: RequestContext): Response =>
  failure(request, context, 'not_found', 'Acompanhamento indisponível', `O acompanhamento por e-mail não está ativo neste site (o envio de e-mails não está configurado). Para falar com a equipe, escreva para ${contactEmail()}.`);

const storageDown = (request: Request, context: RequestContext): Response =>
  failure(request, context, 'temporarily_unavailable', 'Tente de novo em instantes', 'O armazenamento está indisponível no momento; nada foi alterado. Tente de novo em um minuto.', { 'Retry-After': String(RETRY_SECONDS) });

const invalidLink = (request: Request, context: RequestContext): Response =>
  failure(request, context, 'not_found', 'Link inválido ou expirado', 'Este link não vale mais: ele expirou, já foi substituído por outro, ou foi copiado pela metade. Peça o acompanhamento de novo na página do resultado.');


// ---------------------------------------------------------------------------------------------------- request

/** A problem of a step in the client's format, under the heading its detail names (contact/domain-request.ts). */
const refuse = (problem: Problem, x: RouteExchange): Response =>
  failure(x.request, x.context, problem.error, refusalTitle(problem), problem.description, problem.headers);

/** Without SMTP the follow-up is not offered: 404, saying so. */
const mailOffered = precondition<RouteExchange>('mail', async (x) => {
  if (x.context.config.mail) return undefined;
  await x.request.body?.cancel().catch(() => {});
  return notOffered(x.request, x.context);
});

/** The form's words that are the follow-up's own. */
const FOLLOW_TEXTS = {
  formato: 'com os campos email, dominio e consentimento=sim',
  paraQue: 'para recebermos os avisos',
  consentimento: 'Para acompanhar o domínio, marque a autorização para receber as mensagens descritas no formulário.',
};

async function subscribe({ dominio, email: rawEmail, bot }: DomainRequest, x: RouteExchange): Promise<Response> {
  const { request, context } = x;
  const { config } = context;
  const sent = (): Response =>
    wantsHtml(request)
      ? page(
          config.origin,
          'Confirme no seu e-mail',
          notice(
            [
              `Enviamos um e-mail para o endereço informado com um link para confirmar o acompanhamento de <strong>${escapeHtml(dominio)}</strong>.`,
              'Sem a confirmação, nada mais é enviado; o link vale por 7 dias. Não chegou? Veja a caixa de spam, ou peça de novo daqui a alguns minutos.',
            ],
            `<p><a href="${escapeHtml(resultPath(dominio))}">Voltar ao resultado de ${escapeHtml(dominio)}</a></p>`,
          ),
          200,
        )
      : Response.json({ enviado: true }, { status: 202, headers: { 'cache-control': 'no-store' } });
  if (bot) {
    // A filled honeypot: the bot sees the usual answer; nothing is stored or sent.
    console.warn('[acompanhar] pedido descartado: campo isca preenchido.');
    return sent();
  }
  let outcome: Awaited<ReturnType<typeof requestFollow>>;
  try {
    outcome = await requestFollow(context, rawEmail, dominio);
  } catch {
    return storageDown(request, context);
  }
  switch (outcome.kind) {
    case 'enviado':
      return sent();
    case 'sem-leitura':
      return failure(request, context, 'not_found', 'Domínio ainda não medido', `Não há leitura registrada de ${dominio}: meça-o primeiro em ${config.origin}${MEASURE_PATH}, e peça o acompanhamento na página do resultado.`);
    case 'limite': {
      const minutes = Math.max(1, Math.ceil(outcome.retryAfterSeconds / 60));
      const description =
        outcome.quem === 'email'
          ? `Este endereço já recebeu o número máximo de e-mails de confirmação por dia. Use o link do último e-mail, ou tente de novo em cerca de ${plural(Math.ceil(minutes / 60), 'hora', 'horas')}.`
          : `Você já fez muitos pedidos de acompanhamento na última hora. Tente de novo em cerca de ${plural(minutes, 'minuto', 'minutos')}.`;
      return failure(request, context, 'rate_limited', 'Limite de pedidos atingido', description, { 'Retry-After': String(outcome.retryAfterSeconds) });
    }
    case 'cheio':
      return failure(request, context, 'temporarily_unavailable', 'Acompanhamento lotado', `O acompanhamento está com todas as vagas ocupadas no momento. Escreva para ${contactEmail()} e a equipe acompanha o domínio com você.`);
    case 'falha-no-envio':
      return failure(request, context, 'temporarily_unavailable', 'E-mail não enviado', 'Não conseguimos enviar o e-mail de confirmação agora. Tente de novo em alguns minutos.', { 'Retry-After': String(RETRY_SECONDS) });
  }
}

// ---------------------------------------------------------------------------------------------------- links

async function link(purpose: 'confirmar' | 'cancelar', x: RouteExchange): Promise<Response> {
  const { request, context } = x;
  const { config } = context;
  const { url } = x;
  const token = url.searchParams.get('t') ?? '';
  const { method } = x;
  if (method === 'POST') {
    // The body was read (bounded) and set aside: the token is the authority; RFC 8058 sends List-Unsubscribe=One-Click.
    try {
      return purpose === 'confirmar' ? await confirmed(request, context, token) : await cancelled(request, context, token);
    } catch {
      return storageDown(request, context);
    }
  }
  let dominio: string | undefined;
  try {
    const seq = await tokenTarget(context.store, token, purpose);
    const sub = seq === null ? null : await getSubscription(context.store, seq);
    if (sub && !(purpose === 'confirmar' && sub.estado === 'cancelada')) dominio = sub.dominio;
  } catch {
    return storageDown(request, context);
  }
  if (!dominio) return invalidLink(request, context);
  const action = `${url.pathname}?t=${encodeURIComponent(token)}`;
  const response =
    purpose === 'confirmar'
      ? page(
          config.origin,
          `Confirmar o acompanhamento de ${dominio}`,
          `<div class="acompanhar-aviso"><p>Falta um clique: confirme que quer receber por e-mail os avisos de <strong>${escapeHtml(dominio)}</strong> (medição ${escapeHtml(describeInterval(config.followIntervalSeconds))}, aviso quando piorar, resumo mensal).</p></div>` +
            `<form method="post" action="${escapeHtml(action)}"><button class="btn" type="submit">Confirmar o acompanhamento</button></form>`,
          200,
        )
      : page(
          config.origin,
          `Parar de acompanhar ${dominio}`,
          `<div class="acompanhar-aviso"><p>Um clique e você deixa de receber os avisos e resumos de <strong>${escapeHtml(dominio)}</strong>. Nada mais é enviado depois disso.</p></div>` +
            `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button class="btn" type="submit">Parar de acompanhar</button></form>`,
          200,
        );
  return method === 'HEAD' ? new Response(null, { status: 200, headers: response.headers }) : response;
}

async function confirmed(request: Request, context: RequestContext, token: string): Promise<Response> {
  const outcome = await confirmFollow(context, token);
  if (outcome.kind === 'invalido') return invalidLink(request, context);
  if (outcome.kind === 'cheio') {
    return failure(request, context, 'temporarily_unavailable', 'Acompanhamento lotado', `O acompanhamento está com todas as vagas ocupadas no momento. Escreva para ${contactEmail()} e a equipe acompanha o domínio com você.`);
  }
  const { sub } = outcome;
  if (!wantsHtml(request)) return Response.json({ confirmado: true, dominio: sub.dominio, proximaMedicaoEm: sub.proximaMedicaoEm }, { headers: { 'cache-control': 'no-store' } });
  const next = sub.proximaMedicaoEm ? new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'America/Sao_Paulo' }).format(new Date(sub.proximaMedicaoEm)) : '';
  return page(
    context.config.origin,
    'Acompanhamento confirmado',
    notice(
      [
        `Pronto: ${outcome.kind === 'ja-confirmado' ? 'o acompanhamento já estava confirmado' : 'acompanhamento confirmado'}. Vamos medir <strong>${escapeHtml(sub.dominio)}</strong> ${escapeHtml(describeInterval(context.config.followIntervalSeconds))}${next ? `; a próxima medição é em ${escapeHtml(next)}` : ''}.`,
        'Você recebe um aviso quando o grau cair ou uma verificação piorar, e um resumo por mês quando nada piorar. Cada mensagem tem um link para parar com um clique.',
      ],
      `<p><a href="${escapeHtml(resultPath(sub.dominio))}">Ver o resultado e o histórico de ${escapeHtml(sub.dominio)}</a></p><p class="small"><a href="${escapeHtml(cancelUrl('', sub.cancelar))}">Parar de acompanhar</a></p>`,
    ),
    200,
  );
}

async function cancelled(request: Request, context: RequestContext, token: string): Promise<Response> {
  const outcome = await cancelFollow(context, token);
  if (outcome.kind === 'invalido') return invalidLink(request, context);
  if (!wantsHtml(request)) return Response.json({ cancelado: true, dominio: outcome.dominio }, { headers: { 'cache-control': 'no-store' } });
  return page(
    context.config.origin,
    'Acompanhamento cancelado',
    notice([
      `${outcome.antes ? 'O acompanhamento já estava cancelado' : 'Pronto: acompanhamento cancelado'}. Você não recebe mais mensagens sobre <strong>${escapeHtml(outcome.dominio)}</strong>, e o seu endereço saiu do acompanhamento.`,
      'Mudou de ideia? Peça de novo na página do resultado, quando quiser.',
    ]),
    200,
  );
}

const LINK_METHODS = { methods: ['GET', 'HEAD', 'POST', 'OPTIONS'], cors: false, notAllowed: () => 'Abra o link (GET) e use o botão da página (POST).' } as const;

/** `POST ${FOLLOW_PATH}`: same-origin, SMTP configured, a form of at most 8 KB, its fields checked. */
const subscribeRoute = route<DomainRequest>({
  name: 'follow.request',
  steps: [
    methods({ methods: ['POST', 'OPTIONS'], cors: false, notAllowed: () => 'Peça o acompanhamento pelo formulário da página do resultado (POST).' }),
    sameOrigin((origin) => `Use o formulário da página do resultado, em ${origin}${MEASURE_PATH}.`),
    mailOffered,
    readBody(domainRequestBody(FOLLOW_TEXTS)),
    validate(domainRequestOf(FOLLOW_TEXTS)),
  ],
  handle: subscribe,
  refuse,
});

/** The links of the messages: a page on GET, the action on POST (its body, at most 8 KB, read and set aside). */
const linkRoute = (purpose: 'confirmar' | 'cancelar') =>
  route({
    name: `follow.${purpose}`,
    steps: [
      methods(LINK_METHODS),
      ...(purpose === 'confirmar' ? [mailOffered] : []),
      readBody({ limit: MAX_BODY_BYTES, tooLarge: { error: 'payload_too_large', description: `O corpo passa de ${MAX_BODY_BYTES / 1024} KB.`, detail: { titulo: 'Pedido grande demais' } } }),
    ],
    handle: (_input, x) => link(purpose, x),
    refuse,
  });

/** Any other address under the follow-up: 404 in the client's format. */
const unknownRoute = route({
  name: 'follow.nao-encontrada',
  steps: [],
  async handle(_input, x) {
    await x.request.body?.cancel().catch(() => {});
    return failure(x.request, x.context, 'not_found', 'Página não encontrada', 'Endereço desconhecido do acompanhamento.');
  },
});

export default byPath(
  [
    [FOLLOW_PATH, subscribeRoute],
    [FOLLOW_CONFIRM_PATH, linkRoute('confirmar')],
    [FOLLOW_CANCEL_PATH, linkRoute('cancelar')],
  ],
  unknownRoute,
);

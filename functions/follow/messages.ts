/**
 * The follow-up's e-mails, in pt-BR, each as plain text and HTML with the same content: the confirmation (double
 * opt-in), the alert (the grade dropped, a check got worse, or the site could no longer be read) and the monthly
 * summary. Every message carries the one-click cancellation: a link in the body and the RFC 8058 headers
 * (`List-Unsubscribe` with the HTTPS link, `List-Unsubscribe-Post: List-Unsubscribe=One-Click`), plus
 * `Auto-Submitted: auto-generated` (RFC 3834) so auto-responders stay quiet. Links carry tokens, never the address.
 * Every value is escaped in the HTML.
 */
import { resultPath } from '../../src/model/measurement.ts';
import { SITE_NAME } from '../../src/config/site.ts';
import { escapeHtml } from '../../src/model/escape.ts';
import { describeCheckChange, type HistoryEntry, METHOD_CHANGED_TEXT, type ReadingChange } from '../readiness/changes.ts';
import { formatDay } from '../readiness/history-html.ts';
import { FOLLOW_CANCEL_PATH, FOLLOW_CONFIRM_PATH } from '../../src/model/paths.ts';
import type { MailMessage } from './mail.ts';

/** How often, in words: `toda semana`, `todo dia`, `a cada 3 dias`, `a cada 2 horas`, `a cada 30 segundos`. */
export function describeInterval(seconds: number): string {
  const units: [number, string, string][] = [
    [7 * 24 * 3600, 'toda semana', 'semanas'],
    [24 * 3600, 'todo dia', 'dias'],
    [3600, 'toda hora', 'horas'],
    [60, 'todo minuto', 'minutos'],
    [1, 'todo segundo', 'segundos'],
  ];
  for (const [size, one, many] of units) {
    if (seconds % size === 0) return seconds === size ? one : `a cada ${seconds / size} ${many}`;
  }
  return `a cada ${seconds} segundos`;
}

const day = (at: string | number): string => formatDay(typeof at === 'number' ? new Date(at).toISOString() : at);

export const confirmUrl = (origin: string, token: string): string => `${origin}${FOLLOW_CONFIRM_PATH}?t=${token}`;
export const cancelUrl = (origin: string, token: string): string => `${origin}${FOLLOW_CANCEL_PATH}?t=${token}`;

/** The headers every message carries: RFC 8058 one-click cancellation and RFC 3834's mark. */
export function listHeaders(origin: string, cancelToken: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${cancelUrl(origin, cancelToken)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    'Auto-Submitted': 'auto-generated',
  };
}

/** One block of a message: a paragraph, or a list. Written once, rendered as text and as HTML. */
export type Block = { p: string } | { ul: string[] } | { link: string; label: string };

/** A message's body as plain text and as HTML (every value escaped), from the same blocks; also the report's (functions/report/). */
export function renderMessageBody(title: string, blocks: Block[], footer: Block[]): { text: string; html: string } {
  const text = [...blocks, ...footer]
    .map((b) => ('p' in b ? b.p : 'ul' in b ? b.ul.map((item) => `- ${item}`).join('\n') : `${b.label}: ${b.link}`))
    .join('\n\n');
  const htmlBlock = (b: Block, small = false): string => {
    const style = small ? ' style="font-size:13px;color:#4b5a64"' : '';
    if ('p' in b) return `<p${style}>${escapeHtml(b.p)}</p>`;
    if ('ul' in b) return `<ul${style}>${b.ul.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
    return `<p${style}><a href="${escapeHtml(b.link)}">${escapeHtml(b.label)}</a></p>`;
  };
  const html =
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;line-height:1.5;color:#10212b;max-width:40rem">` +
    `<h1 style="font-size:20px">${escapeHtml(title)}</h1>${blocks.map((b) => htmlBlock(b)).join('')}<hr>${footer.map((b) => htmlBlock(b, true)).join('')}</body></html>`;
  return { text: `${text}\n`, html };
}

/** The footer of every message after the confirmation: why it came, and the one-click way out. */
function footer(origin: string, dominio: string, cancelToken: string): Block[] {
  return [
    { p: `Você recebe esta mensagem porque confirmou o acompanhamento de ${dominio} na ${SITE_NAME}.` },
    { link: cancelUrl(origin, cancelToken), label: 'Parar de acompanhar (um clique, sem login)' },
  ];
}

export interface ConfirmationInput {
  origin: string;
  to: string;
  dominio: string;
  confirmToken: string;
  cancelToken: string;
  intervalSeconds: number;
}

/** The double opt-in: nothing else is sent until the link is followed. */
export function confirmationMessage(input: ConfirmationInput): MailMessage {
  const { origin, dominio } = input;
  const subject = `Confirme o acompanhamento de ${dominio}`;
  const every = describeInterval(input.intervalSeconds);
  const body = renderMessageBody(
    subject,
    [
      { p: 'Olá!' },
      { p: `Recebemos um pedido para acompanhar a prontidão para IA de ${dominio} e avisar este endereço quando ela piorar.` },
      { p: 'Para confirmar, abra o link abaixo e clique em "Confirmar o acompanhamento":' },
      { link: confirmUrl(origin, input.confirmToken), label: 'Confirmar o acompanhamento' },
      {
        ul: [
          `Medimos ${dominio} de novo ${every}, com o mesmo medidor da medição gratuita.`,
          'Escrevemos quando o grau cair ou uma verificação piorar, dizendo o que mudou e se a mudança veio do site ou do método.',
          'Se nada piorar, mandamos um resumo por mês.',
          'Cada mensagem traz um link para parar de acompanhar com um clique.',
        ],
      },
      { p: 'Se você não pediu isso, ignore esta mensagem: sem a confirmação nada mais é enviado, e o pedido expira em 7 dias.' },
    ],
    [{ p: `${SITE_NAME} · ${origin}` }, { link: cancelUrl(origin, input.cancelToken), label: 'Não quero receber estas mensagens' }],
  );
  return { to: input.to, subject, ...body, headers: listHeaders(origin, input.cancelToken) };
}

const valueOf = (entry: { nota: number | null; grau: string | null }): string => (entry.nota === null ? 'sem nota' : `${entry.nota} (${entry.grau})`);

/** The lines that say what changed in a regression. */
export function changeLines(change: ReadingChange, motivo?: string): string[] {
  const lines: string[] = [];
  if (change.estado.de === 'registrada' && change.estado.para === 'nao_pontuada') {
    lines.push(`O site não pôde ser lido de forma confiável nesta medição${motivo ? `: ${motivo}` : '.'}`);
  }
  if (change.metodoMudou) lines.push(METHOD_CHANGED_TEXT);
  for (const v of change.verificacoes) lines.push(describeCheckChange(v));
  return lines;
}

export interface AlertInput {
  origin: string;
  to: string;
  dominio: string;
  cancelToken: string;
  change: ReadingChange;
  /** Why the new reading has no score, when it has none. */
  motivo?: string;
  nextAt: number;
}

export function alertSubject(dominio: string, change: ReadingChange): string {
  if (change.estado.para === 'nao_pontuada') return `${dominio}: o site não pôde ser lido na última medição`;
  if (change.grau.de !== change.grau.para) return `${dominio}: o grau caiu de ${change.grau.de} para ${change.grau.para}`;
  const worse = change.verificacoes.filter((v) => v.sentido === 'piorou').length;
  return `${dominio}: ${worse === 1 ? '1 verificação piorou' : `${worse} verificações pioraram`}`;
}

/** The grade dropped, a check got worse, or the site could no longer be read. */
export function alertMessage(input: AlertInput): MailMessage {
  const { origin, dominio, change } = input;
  const subject = alertSubject(dominio, change);
  const body = renderMessageBody(
    subject,
    [
      { p: `A medição de ${day(change.para)} de ${dominio} deu ${valueOf({ nota: change.nota.para, grau: change.grau.para })}; a anterior, de ${day(change.de)}, tinha dado ${valueOf({ nota: change.nota.de, grau: change.grau.de })}.` },
      { p: 'O que mudou:' },
      { ul: changeLines(change, input.motivo) },
      { link: `${origin}${resultPath(dominio)}`, label: 'Ver o resultado completo, as correções e o histórico' },
      { p: `A próxima medição está marcada para ${day(input.nextAt)}.` },
    ],
    footer(origin, dominio, input.cancelToken),
  );
  return { to: input.to, subject, ...body, headers: listHeaders(origin, input.cancelToken) };
}

export interface SummaryInput {
  origin: string;
  to: string;
  dominio: string;
  cancelToken: string;
  /** The readings of the period, oldest first (the last is the current one). */
  entries: readonly HistoryEntry[];
  /** What changed in the period (improvements and neutral changes: regressions were alerted already). */
  changes: readonly ReadingChange[];
  nextAt: number;
}

export function summaryMessage(input: SummaryInput): MailMessage {
  const { origin, dominio, entries } = input;
  const current = entries.at(-1);
  const subject = `Resumo mensal de ${dominio}: ${current ? valueOf(current) : 'sem leitura'}`;
  const blocks: Block[] = [
    { p: `Nenhuma piora para avisar: o resumo do mês de ${dominio}.` },
    { p: 'Leituras do período:' },
    { ul: entries.map((e) => `${day(e.medidoEm)}: ${valueOf(e)}`) },
  ];
  const lines = input.changes.flatMap((c) => changeLines(c));
  blocks.push(lines.length ? { p: 'O que mudou no período:' } : { p: 'Nenhuma verificação mudou de resultado no período.' });
  if (lines.length) blocks.push({ ul: lines });
  blocks.push({ link: `${origin}${resultPath(dominio)}`, label: 'Ver o resultado completo e o histórico' }, { p: `A próxima medição está marcada para ${day(input.nextAt)}.` });
  return { to: input.to, subject, ...renderMessageBody(subject, blocks, footer(origin, dominio, input.cancelToken)), headers: listHeaders(origin, input.cancelToken) };
}

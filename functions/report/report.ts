/**
 * "Receber o relatório por e-mail" as a domain function (no HTTP here; ./handler.ts maps the outcomes): a person asks
 * for the report of a domain's scored reading. The request is a lead of the contact pipeline (functions/contact/:
 * `saveLead`, then the webhook, and `npm run contatos`), `tipo: relatorio`, carrying the domain, the score and grade
 * and the result's address. It is stored first; a store failure propagates (StoreUnavailableError) and nothing is
 * confirmed. Then, when SMTP is configured, the report is sent at once (at most `relatorio-email` messages per address
 * a day); without SMTP, or when sending fails, the team sends it from the lead.
 *
 * Logs name the lead's number, never the address.
 */
import { saveLead } from '../contact/leads.ts';
import { followUp } from '../contact/retry.ts';
import { sendMail } from '../follow/mail.ts';
import { emailKey } from '../follow/subscriptions.ts';
import type { RequestContext } from '../context.ts';
import { countQuota, overQuota } from '../limits/quotas.ts';
import type { Envelope } from '../../src/model/reading.ts';
import { getReading } from '../readiness/readings.ts';
import { resultPath } from '../../src/model/measurement.ts';
import { reportMessage } from './message.ts';

export type ReportOutcome =
  /** Stored; `enviado`: the report went by e-mail now (otherwise the team sends it). */
  | { kind: 'registrado'; enviado: boolean }
  | { kind: 'sem-leitura' }
  | { kind: 'limite'; retryAfterSeconds: number };

/** A reading the report can be made of: recorded, with a score. */
const scored = (reading: Envelope | null): reading is Envelope & { nota: number; grau: string } =>
  !!reading && reading.estado === 'registrada' && reading.nota !== null && reading.grau !== null;

/** The lead's message: what was asked, and who sends the report. */
function leadMessage(reading: Envelope & { nota: number; grau: string }, address: string, withMail: boolean): string {
  const who = withMail
    ? 'O site envia o relatório por e-mail na hora; se o envio falhar, o site avisa a pessoa de que a equipe enviará.'
    : 'O site não envia e-mails (SMTP_URL não configurado): envie o relatório a esta pessoa.';
  return `Pediu o relatório da medição gratuita de ${reading.dominio} por e-mail (nota ${reading.nota} de 100, grau ${reading.grau}): ${address}. ${who}`;
}

/** Asks for the report of `dominio` (normalized) at `email` (validated). */
export async function requestReport(ctx: RequestContext, email: string, dominio: string): Promise<ReportOutcome> {
  const { config, store } = ctx;
  const reading = await getReading(store, dominio);
  if (!scored(reading)) return { kind: 'sem-leitura' };
  // One quota for the pipeline's leads per client (row `contato`), whichever form sent them.
  const perClient = await countQuota(ctx, 'contato');
  if (overQuota(perClient)) return { kind: 'limite', retryAfterSeconds: perClient.resetSeconds };
  const address = `${config.origin}${resultPath(dominio)}`;
  const lead = await saveLead(
    store,
    ctx.now,
    { nome: '', email, empresa: '', site: dominio, mensagem: leadMessage(reading, address, !!config.mail), nota: reading.nota, produto: '', grau: reading.grau, resultado: address },
    'relatorio',
  );
  followUp(ctx, lead.seq, ctx.waitUntil);
  if (!config.mail) return { kind: 'registrado', enviado: false };
  try {
    const perAddress = await countQuota({ ...ctx, emailKey: emailKey(config, email) }, 'relatorio-email');
    if (overQuota(perAddress)) {
      console.warn(`[relatorio] nº ${lead.seq}: o endereço já recebeu ${perAddress.limit} relatórios hoje; a equipe envia este.`);
      return { kind: 'registrado', enviado: false };
    }
  } catch {
    // The lead is stored: the team sends the report.
    return { kind: 'registrado', enviado: false };
  }
  const sent = await sendMail(config.mail, reportMessage(config.origin, email, reading));
  if (!sent.ok) console.warn(`[relatorio] nº ${lead.seq}: o relatório não foi enviado por e-mail (${sent.reason}); a equipe envia.`);
  return { kind: 'registrado', enviado: sent.ok };
}

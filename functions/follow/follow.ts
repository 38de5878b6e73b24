/**
 * Following a domain, as domain functions (no HTTP here; functions/follow/handler.ts maps the outcomes):
 *
 * - `requestFollow`: an address asks to follow a domain that has a recorded reading. Limits first (5 requests per
 *   client per hour, 3 confirmation messages per address per 24 h, at most `MAX_FOLLOWED` follow-ups), then the
 *   pending follow-up is stored, then the confirmation is sent (double opt-in). A second request for the same
 *   address and domain re-sends the confirmation of the pending one; for a confirmed one it sends nothing and
 *   answers the same (nobody learns from the answer whether an address follows a domain).
 * - `confirmFollow`: the confirmation link: the follow-up joins the scheduler's queue (first measurement one
 *   interval later, compared with the domain's current reading), pins the domain's history, and becomes a lead of
 *   the contact pipeline (stored first, then delivered to the webhook: functions/contact/). Idempotent.
 * - `cancelFollow`: the cancellation link or the RFC 8058 one-click POST: out of the queue at once. Idempotent; it
 *   works even without SMTP.
 *
 * Logs name a follow-up by its number, never its address.
 */
import { saveLead } from '../contact/leads.ts';
import { followUp } from '../contact/retry.ts';
import type { RequestContext, Services } from '../context.ts';
import { countQuota, overQuota } from '../limits/quotas.ts';
import { entryOf } from '../readiness/changes.ts';
import { getReading } from '../readiness/readings.ts';
import { sendMail } from './mail.ts';
import { confirmationMessage, describeInterval } from './messages.ts';
import {
  activate,
  deactivate,
  deleteToken,
  emailKey,
  getSubscription,
  hashToken,
  MAX_FOLLOWED,
  newToken,
  nextSeq,
  PENDING_TTL_SECONDS,
  pairHash,
  pairTarget,
  readQueue,
  savePair,
  saveSubscription,
  saveToken,
  type Subscription,
  tokenTarget,
} from './subscriptions.ts';

export type RequestOutcome =
  | { kind: 'enviado' }
  | { kind: 'sem-leitura' }
  | { kind: 'limite'; quem: 'cliente' | 'email'; retryAfterSeconds: number }
  | { kind: 'cheio' }
  | { kind: 'falha-no-envio' };

/** Asks to follow `dominio` (normalized) for `email` (validated). Store failures propagate (StoreUnavailableError). */
export async function requestFollow(ctx: RequestContext, email: string, dominio: string): Promise<RequestOutcome> {
  const { config, store } = ctx;
  const mail = config.mail;
  if (!mail) throw new TypeError('acompanhamento sem SMTP configurado');
  if (!(await getReading(store, dominio))) return { kind: 'sem-leitura' };
  const perClient = await countQuota(ctx, 'acompanhar');
  if (overQuota(perClient)) return { kind: 'limite', quem: 'cliente', retryAfterSeconds: perClient.resetSeconds };

  const par = pairHash(config, email, dominio);
  const existingSeq = await pairTarget(store, par);
  const existing = existingSeq === null ? null : await getSubscription(store, existingSeq);
  if (existing?.estado === 'confirmada') return { kind: 'enviado' };
  if (!existing && Object.keys(await readQueue(store)).length >= MAX_FOLLOWED) return { kind: 'cheio' };
  const perAddress = await countQuota({ ...ctx, emailKey: emailKey(config, email) }, 'acompanhar-email');
  if (overQuota(perAddress)) return { kind: 'limite', quem: 'email', retryAfterSeconds: perAddress.resetSeconds };

  const now = ctx.now();
  const confirm = newToken();
  let sub: Subscription;
  if (existing?.estado === 'pendente') {
    if (existing.tokenConfirmar) await deleteToken(store, existing.tokenConfirmar);
    sub = { ...existing, tokenConfirmar: confirm.hash };
  } else {
    sub = {
      seq: await nextSeq(store),
      dominio,
      email,
      estado: 'pendente',
      criadaEm: new Date(now).toISOString(),
      confirmadaEm: null,
      canceladaEm: null,
      tokenConfirmar: confirm.hash,
      cancelar: newToken().token,
      par,
      proximaMedicaoEm: null,
      ultimaMedicaoEm: null,
      ultimoEnvioEm: null,
      ultimoResumoEm: null,
      base: null,
      contato: null,
    };
  }
  await saveSubscription(store, sub);
  await saveToken(store, confirm.hash, 'confirmar', sub.seq, PENDING_TTL_SECONDS);
  await saveToken(store, hashToken(sub.cancelar), 'cancelar', sub.seq, PENDING_TTL_SECONDS);
  await savePair(store, par, sub.seq, PENDING_TTL_SECONDS);
  const sent = await sendMail(
    mail,
    confirmationMessage({ origin: config.origin, to: email, dominio, confirmToken: confirm.token, cancelToken: sub.cancelar, intervalSeconds: config.followIntervalSeconds }),
  );
  if (!sent.ok) {
    console.warn(`[acompanhar] nº ${sub.seq}: a confirmação não foi enviada (${sent.reason}).`);
    return { kind: 'falha-no-envio' };
  }
  return { kind: 'enviado' };
}

export type ConfirmOutcome =
  | { kind: 'confirmado'; sub: Subscription }
  | { kind: 'ja-confirmado'; sub: Subscription }
  | { kind: 'invalido' }
  | { kind: 'cheio' };

/** Records the follow-up as a lead of the contact pipeline (once), and starts its delivery. */
async function recordLead(services: Services, sub: Subscription, waitUntil?: RequestContext['waitUntil']): Promise<Subscription> {
  if (sub.contato !== null) return sub;
  const lead = await saveLead(services.store, services.now, {
    nome: '',
    email: sub.email,
    empresa: '',
    site: sub.dominio,
    mensagem: `Confirmou por e-mail o acompanhamento de ${sub.dominio}: medição ${describeInterval(services.config.followIntervalSeconds)}, aviso quando piorar e resumo mensal.`,
    nota: sub.base?.nota ?? null,
    produto: '',
  });
  const updated = { ...sub, contato: lead.seq };
  await saveSubscription(services.store, updated);
  followUp(services, lead.seq, waitUntil);
  return updated;
}

export async function confirmFollow(ctx: RequestContext, token: string): Promise<ConfirmOutcome> {
  const { store } = ctx;
  const seq = await tokenTarget(store, token, 'confirmar');
  const sub = seq === null ? null : await getSubscription(store, seq);
  if (!sub || sub.estado === 'cancelada') return { kind: 'invalido' };
  if (sub.estado === 'confirmada') return { kind: 'ja-confirmado', sub: await recordLead(ctx, sub, ctx.waitUntil) };
  if (sub.tokenConfirmar !== hashToken(token)) return { kind: 'invalido' };
  const reading = await getReading(store, sub.dominio);
  const activated = await activate(store, sub, ctx.now(), ctx.config.followIntervalSeconds * 1000, reading ? entryOf(reading) : null);
  if (activated === 'cheio') return { kind: 'cheio' };
  return { kind: 'confirmado', sub: await recordLead(ctx, activated, ctx.waitUntil) };
}

export type CancelOutcome = { kind: 'cancelado'; dominio: string; antes: boolean } | { kind: 'invalido' };

export async function cancelFollow(ctx: Pick<Services, 'store' | 'now'>, token: string): Promise<CancelOutcome> {
  const seq = await tokenTarget(ctx.store, token, 'cancelar');
  const sub = seq === null ? null : await getSubscription(ctx.store, seq);
  if (!sub) return { kind: 'invalido' };
  if (sub.estado === 'cancelada') return { kind: 'cancelado', dominio: sub.dominio, antes: true };
  await deactivate(ctx.store, sub, ctx.now());
  console.log(`[acompanhar] nº ${sub.seq}: acompanhamento cancelado.`);
  return { kind: 'cancelado', dominio: sub.dominio, antes: false };
}

/**
 * Delivery of stored leads to CONTACT_WEBHOOK_URL (Slack, Discord, an automation, an e-mail gateway): one JSON
 * POST per lead, 2xx means delivered. A failed delivery stays stored and pending, with the next attempt
 * scheduled by `RETRY_DELAYS_SECONDS` (first retry 15 s later, then doubling up to one hour), until it succeeds.
 * A short lease in the store keeps two workers (a request's follow-up, the timer, the scheduled function) from
 * delivering the same lead at once. Logs name the lead's number and the failure, never its contents.
 */
import type { Services } from '../http/types.ts';
import { type DeliveryState, type Lead, getLead, undeliveredLeads, updateDelivery } from './leads.ts';

/** Delay before attempt n+1 after n failed attempts (the last value repeats). */
export const RETRY_DELAYS_SECONDS = [15, 30, 60, 120, 300, 600, 1800, 3600] as const;
/** How long one webhook call may take. */
export const WEBHOOK_TIMEOUT_MS = 5_000;
/** The lease outlives one call (timeout plus margin). */
const LEASE_SECONDS = 15;

export const retryDelaySeconds = (failedAttempts: number): number =>
  RETRY_DELAYS_SECONDS[Math.min(Math.max(failedAttempts, 1), RETRY_DELAYS_SECONDS.length) - 1] as number;

/** The webhook body: the fields and the time (no address, hashed or not). `text`/`content` make Slack and Discord show it as is. */
export function webhookPayload(lead: Lead, origin: string): Record<string, unknown> {
  const { campos } = lead;
  const linhas = [`Novo contato pelo site: ${campos.nome} <${campos.email}>`];
  if (campos.empresa) linhas.push(`Empresa: ${campos.empresa}`);
  if (campos.site) linhas.push(`Site: ${campos.site}`);
  if (campos.produto) linhas.push(`Assunto: ${campos.produto}`);
  if (campos.nota !== null) linhas.push(`Nota da medição: ${campos.nota}`);
  const resumo = [...linhas, '', campos.mensagem].join('\n');
  return {
    tipo: 'contato',
    id: lead.id,
    recebidoEm: lead.recebidoEm,
    nome: campos.nome,
    email: campos.email,
    empresa: campos.empresa || null,
    site: campos.site || null,
    mensagem: campos.mensagem,
    nota: campos.nota,
    produto: campos.produto || null,
    origem: origin,
    text: resumo,
    content: resumo.slice(0, 2000),
  };
}

/** One POST to the webhook: undefined when delivered, else a short reason. */
async function post(url: string, lead: Lead, origin: string): Promise<string | undefined> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'user-agent': 'SinalCognitivo-Contato/1.0' },
      body: JSON.stringify(webhookPayload(lead, origin)),
      redirect: 'error',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await response.body?.cancel().catch(() => {});
    return response.ok ? undefined : `HTTP ${response.status}`;
  } catch (error) {
    const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    return `falha de rede: ${cause}`.slice(0, 200);
  }
}

export type AttemptResult = 'entregue' | 'falhou' | 'sem-destino' | 'ocupado' | 'ja-entregue';

/**
 * Tries to deliver one stored lead now (whatever its schedule). Store failures propagate
 * (StoreUnavailableError): the lead stays as it was, pending.
 */
export async function attemptDelivery(services: Pick<Services, 'config' | 'store' | 'now'>, seq: number): Promise<AttemptResult> {
  const { config, store, now } = services;
  if (!config.contactWebhookUrl) return 'sem-destino';
  const leaseKey = `contato:entregando:${seq}`;
  if (!(await store.set(leaseKey, 1, { ttlSeconds: LEASE_SECONDS, ifAbsent: true }))) return 'ocupado';
  try {
    const lead = await getLead(store, seq);
    if (!lead) return 'sem-destino';
    if (lead.entrega.estado === 'entregue') return 'ja-entregue';
    const failure = await post(config.contactWebhookUrl, lead, config.origin);
    const at = now();
    const tentativas = lead.entrega.tentativas + 1;
    const entrega: DeliveryState = failure
      ? {
          estado: 'pendente',
          tentativas,
          ultimaTentativaEm: new Date(at).toISOString(),
          proximaTentativaEm: new Date(at + retryDelaySeconds(tentativas) * 1000).toISOString(),
          entregueEm: null,
          ultimoErro: failure,
        }
      : { estado: 'entregue', tentativas, ultimaTentativaEm: new Date(at).toISOString(), proximaTentativaEm: null, entregueEm: new Date(at).toISOString(), ultimoErro: null };
    await updateDelivery(store, lead, entrega);
    if (failure) console.warn(`[contato] entrega do contato nº ${seq} falhou (${failure}); nova tentativa em ${retryDelaySeconds(tentativas)} s.`);
    return failure ? 'falhou' : 'entregue';
  } finally {
    await store.delete(leaseKey).catch(() => {});
  }
}

export interface RetryReport {
  entregues: number;
  falhas: number;
  pendentes: number;
}

/**
 * Delivers every pending lead whose next attempt is due (the retry worker: the local timer and the Netlify
 * scheduled function call it). Moves the scan floor past the leads delivered so far.
 */
export async function deliverDue(services: Pick<Services, 'config' | 'store' | 'now'>): Promise<RetryReport> {
  const report: RetryReport = { entregues: 0, falhas: 0, pendentes: 0 };
  const { config, now } = services;
  if (!config.contactWebhookUrl) return report;
  const { leads, advanceFloor } = await undeliveredLeads(services.store);
  let floor: number | undefined;
  for (const lead of leads) {
    const due = Date.parse(lead.entrega.proximaTentativaEm ?? '') <= now();
    const result = due ? await attemptDelivery(services, lead.seq) : 'falhou';
    if (result === 'entregue' || result === 'ja-entregue') report.entregues++;
    else {
      if (due && result === 'falhou') report.falhas++;
      report.pendentes++;
      floor ??= lead.seq;
    }
  }
  const last = leads.at(-1)?.seq;
  await advanceFloor(floor ?? (last === undefined ? 0 : last + 1));
  return report;
}

/**
 * Delivery of stored leads to CONTACT_WEBHOOK_URL (Slack, Discord, an automation, an e-mail gateway): one JSON
 * POST per lead (./payload.ts), 2xx means delivered. Every attempt of a lead carries the same `Idempotency-Key`
 * header, the lead's `id` (also in the body), so a receiver that got a lead whose answer we did not see can
 * drop the repeat.
 *
 * - A call may take up to `WEBHOOK_TIMEOUT_MS` (20 s): a slow receiver (an automation that answers after
 *   6 s) is waited for, not retried. It fits Netlify's limits (Functions configuration, docs.netlify.com, read
 *   2026-11: 60 s for a request's function, 30 s for a scheduled one).
 * - A failed delivery stays stored and pending, with the next attempt scheduled by `RETRY_DELAYS_SECONDS`
 *   (first retry 15 s later, then doubling up to one hour), for at most `MAX_DELIVERY_ATTEMPTS` attempts
 *   (about 13 hours). Then the lead stays pending without a next attempt: `npm run contatos` shows it with its
 *   number of failures and the last error, and the log says so once.
 * - A short lease in the store keeps two workers (a request's follow-up, the timer, the scheduled function)
 *   from delivering the same lead at once; it outlives one call.
 * - A damaged record (./leads.ts) is set aside and reported by its key; the others go on.
 *
 * Logs name the lead's number and the failure, never its contents.
 */
import type { Services } from '../context.ts';
import { type DeliveryState, type Lead, awaitsDelivery, readLead, setAside, undeliveredLeads, updateDelivery } from './leads.ts';
import { webhookPayload } from './payload.ts';

/** Delay before attempt n+1 after n failed attempts (the last value repeats). */
export const RETRY_DELAYS_SECONDS = [15, 30, 60, 120, 300, 600, 1800, 3600] as const;
/** Attempts per lead; after the last failure the lead stays pending, without a next attempt. */
export const MAX_DELIVERY_ATTEMPTS = 20;
/** How long one webhook call may take. */
export const WEBHOOK_TIMEOUT_MS = 20_000;
/** The lease outlives one call (timeout plus margin). */
const LEASE_SECONDS = 30;

export const retryDelaySeconds = (failedAttempts: number): number =>
  RETRY_DELAYS_SECONDS[Math.min(Math.max(failedAttempts, 1), RETRY_DELAYS_SECONDS.length) - 1] as number;

type DeliveryServices = Pick<Services, 'config' | 'store' | 'now'>;

/** One POST to the webhook: undefined when delivered, else a short reason. */
async function post(url: string, lead: Lead, origin: string, timeoutMs: number): Promise<string | undefined> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'SinalCognitivo-Contato/1.0',
        'idempotency-key': lead.id,
      },
      body: JSON.stringify(webhookPayload(lead, origin)),
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel().catch(() => {});
    return response.ok ? undefined : `HTTP ${response.status}`;
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') return `sem resposta em ${timeoutMs / 1000} s`;
    const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    return `falha de rede: ${cause}`.slice(0, 200);
  }
}

export type AttemptResult = 'entregue' | 'falhou' | 'esgotada' | 'sem-destino' | 'ocupado' | 'ja-entregue' | 'danificado';

export interface AttemptOptions {
  /** Timeout of the webhook call (default `WEBHOOK_TIMEOUT_MS`). */
  timeoutMs?: number;
}

/** The delivery state after one attempt made at `at` (epoch ms), failed with `failure` or delivered. */
function afterAttempt(previous: DeliveryState, at: number, failure: string | undefined): DeliveryState {
  const tentativas = previous.tentativas + 1;
  const when = new Date(at).toISOString();
  if (!failure) return { estado: 'entregue', tentativas, ultimaTentativaEm: when, proximaTentativaEm: null, entregueEm: when, ultimoErro: null };
  const next = tentativas >= MAX_DELIVERY_ATTEMPTS ? null : new Date(at + retryDelaySeconds(tentativas) * 1000).toISOString();
  return { estado: 'pendente', tentativas, ultimaTentativaEm: when, proximaTentativaEm: next, entregueEm: null, ultimoErro: failure };
}

/**
 * Tries to deliver one stored lead now (whatever its schedule), unless it is delivered or its attempts ran out.
 * Store failures propagate (StoreUnavailableError): the lead stays as it was, pending.
 */
export async function attemptDelivery(services: DeliveryServices, seq: number, options: AttemptOptions = {}): Promise<AttemptResult> {
  const { config, store, now } = services;
  if (!config.contactWebhookUrl) return 'sem-destino';
  const leaseKey = `contato:entregando:${seq}`;
  if (!(await store.set(leaseKey, 1, { ttlSeconds: LEASE_SECONDS, ifAbsent: true }))) return 'ocupado';
  try {
    const record = await readLead(store, seq);
    if (record.kind === 'missing') return 'sem-destino';
    if (record.kind === 'damaged') {
      if (await setAside(store, record.damaged, now)) reportDamaged(record.damaged.key, record.damaged.problema);
      return 'danificado';
    }
    const { lead } = record;
    if (lead.entrega.estado === 'entregue') return 'ja-entregue';
    if (!awaitsDelivery(lead)) return 'esgotada';
    const failure = await post(config.contactWebhookUrl, lead, config.origin, options.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
    const entrega = afterAttempt(lead.entrega, now(), failure);
    await updateDelivery(store, lead, entrega);
    if (!failure) return 'entregue';
    if (entrega.proximaTentativaEm === null) {
      console.error(
        `[contato] entrega do contato nº ${seq} suspensa depois de ${entrega.tentativas} tentativas (último erro: ${failure}); ` +
          'o contato continua guardado e aparece em `npm run contatos`.',
      );
      return 'esgotada';
    }
    console.warn(`[contato] entrega do contato nº ${seq} falhou (${failure}); nova tentativa em ${retryDelaySeconds(entrega.tentativas)} s.`);
    return 'falhou';
  } finally {
    await store.delete(leaseKey).catch(() => {});
  }
}

function reportDamaged(key: string, problema: string): void {
  console.error(`[contato] registro danificado posto de lado: ${key} (${problema}); os outros contatos seguem. Veja \`npm run contatos\`.`);
}

export interface RetryReport {
  entregues: number;
  falhas: number;
  pendentes: number;
  /** Keys of the damaged records met (set aside, not delivered). */
  danificados: string[];
}

export interface DeliverDueOptions extends AttemptOptions {
  /**
   * Start no attempt after this many milliseconds of real time (the Netlify scheduled function has 30 s in
   * all: attempts started in its first 8 s end within its limit). Leads left are due at the next run.
   */
  startWithinMs?: number;
}

/**
 * Delivers every pending lead whose next attempt is due (the retry worker: the local timer and the Netlify
 * scheduled function call it). Damaged records are set aside and reported once. Moves the scan floor past
 * the leads that need no more attempts.
 */
export async function deliverDue(services: DeliveryServices, options: DeliverDueOptions = {}): Promise<RetryReport> {
  const report: RetryReport = { entregues: 0, falhas: 0, pendentes: 0, danificados: [] };
  const { config, now, store } = services;
  if (!config.contactWebhookUrl) return report;
  const started = performance.now();
  const { leads, damaged, last, advanceFloor } = await undeliveredLeads(store);
  for (const record of damaged) {
    report.danificados.push(record.key);
    if (await setAside(store, record, now)) reportDamaged(record.key, record.problema);
  }
  let floor: number | undefined;
  for (const lead of leads) {
    const due = Date.parse(lead.entrega.proximaTentativaEm ?? '') <= now();
    const inTime = options.startWithinMs === undefined || performance.now() - started < options.startWithinMs;
    const result = due && inTime ? await attemptDelivery(services, lead.seq, options) : 'falhou';
    if (result === 'entregue' || result === 'ja-entregue') report.entregues++;
    else if (result !== 'esgotada' && result !== 'danificado') {
      if (due && inTime && result === 'falhou') report.falhas++;
      report.pendentes++;
      floor ??= lead.seq;
    }
  }
  await advanceFloor(floor ?? last + 1);
  return report;
}

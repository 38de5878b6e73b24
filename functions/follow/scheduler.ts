/**
 * The follow-up's scheduler: measures the followed domains whose turn came (the queue of ./subscriptions.ts), as
 * the free measurement does (the same instrument, signed by the reading agent, recorded as a reading, so the
 * domain's page and history show it), and writes to the owner:
 *
 * - an alert when the new reading is a regression against the last one measured for this follow-up (the grade
 *   dropped, a check got worse, or the site could no longer be read: functions/readiness/changes.ts);
 * - otherwise, a summary once `SUMMARY_PERIOD_MS` has passed since the last message (or the confirmation).
 *
 * Within the instrument's limits: each measurement passes the instrument gate as one client of its own
 * (`FOLLOW_CLIENT`, so it takes at most its share of each minute and never the visitors'), and counts against the
 * scheduler's daily budget (quota `acompanhamento`); a closed gate, a spent budget or a paused instrument ends the
 * run, and the due follow-ups wait for the next one. A measurement cut short by its deadline, or a message that
 * could not be sent, is tried again after `RETRY_MS` (the last reading stays the comparison, so no alert is lost).
 *
 * Runs: locally a timer (`startFollowTimer`, started by `npm start`), on Netlify the scheduled function
 * `follow-measure` (./scheduled.ts). Each run awaits its work: a test calls `runFollowTick` with its own clock and
 * reads the queue and the report afterwards.
 */
import { currentReaderKey } from '../readiness/agent/signing.ts';
import type { Services } from '../context.ts';
import { countQuota, overQuota } from '../limits/quotas.ts';
import { changesOf, compareEntries, entryOf } from '../readiness/changes.ts';
import { AnalysisCutShort } from '../readiness/deadline.ts';
import type { Envelope } from '../../src/model/reading.ts';
import { passGate } from '../readiness/gate.ts';
import { readHistory } from '../readiness/history.ts';
import { measure } from '../readiness/measure.ts';
import { saveReading } from '../readiness/readings.ts';
import { type MailMessage, sendMail } from './mail.ts';
import { alertMessage, summaryMessage } from './messages.ts';
import { dequeue, enqueue, getSubscription, readQueue, saveSubscription, type Subscription } from './subscriptions.ts';
import { startPeriodic } from '../timer.ts';

/** The scheduler as a client of the instrument gate (hashed like any client address). */
export const FOLLOW_CLIENT = 'acompanhamento-agendado';
/** A summary goes out when this long has passed since the last message. */
export const SUMMARY_PERIOD_MS = 30 * 24 * 3600 * 1000;
/** A measurement or a message that failed is tried again this much later (or one interval, if shorter). */
export const RETRY_MS = 3600 * 1000;
const LEASE_SECONDS = 120;

export interface TickReport {
  /** Follow-ups measured in this run. */
  medidos: number;
  alertas: number;
  resumos: number;
  /** Messages that could not be sent (tried again later). */
  falhas: number;
  /** Why the run stopped before the due follow-ups were done, if it did. */
  parou?: 'sem-smtp' | 'pausado' | 'portao' | 'orcamento' | 'sem-chave';
}

/** What the owner is told after a measurement, if anything. */
function messageFor(services: Services, sub: Subscription, envelope: Envelope, nextAt: number, periodEntries: Awaited<ReturnType<typeof readHistory>>): { kind: 'alerta' | 'resumo'; message: MailMessage } | null {
  const current = entryOf(envelope);
  if (!current) return null;
  const origin = services.config.origin;
  const common = { origin, to: sub.email, dominio: sub.dominio, cancelToken: sub.cancelar, nextAt };
  if (sub.base) {
    const change = compareEntries(sub.base, current);
    if (change.piorou) return { kind: 'alerta', message: alertMessage({ ...common, change, motivo: envelope.motivo }) };
  }
  const since = Date.parse(sub.ultimoEnvioEm ?? sub.confirmadaEm ?? sub.criadaEm);
  if (services.now() - since < SUMMARY_PERIOD_MS) return null;
  const entries = periodEntries.filter((e) => Date.parse(e.medidoEm) > since);
  if (!entries.some((e) => e.medidoEm === current.medidoEm)) entries.push(current);
  return { kind: 'resumo', message: summaryMessage({ ...common, entries, changes: changesOf(sub.base ? [sub.base, ...entries] : entries), nextAt }) };
}

/** Measures one due follow-up and writes to its owner when there is something to say. */
async function followOne(services: Services, sub: Subscription, report: TickReport, key: NonNullable<Awaited<ReturnType<typeof currentReaderKey>>>): Promise<void> {
  const { config, store } = services;
  const now = services.now();
  const intervalMs = config.followIntervalSeconds * 1000;
  const retryAt = now + Math.min(intervalMs, RETRY_MS);
  let envelope: Envelope;
  try {
    envelope = await measure(sub.dominio, { key, agentOrigin: config.origin, allowLoopback: config.readinessAllowLoopback, now: services.now, network: services.network });
  } catch (error) {
    if (!(error instanceof AnalysisCutShort)) console.error(`[acompanhar] nº ${sub.seq}: a medição falhou:`, error instanceof Error ? error.message : error);
    await enqueue(store, sub.seq, retryAt);
    await saveSubscription(store, { ...sub, proximaMedicaoEm: new Date(retryAt).toISOString() });
    return;
  }
  await saveReading(store, envelope);
  report.medidos++;
  const nextAt = services.now() + intervalMs;
  const outcome = messageFor(services, sub, envelope, nextAt, await readHistory(store, sub.dominio).catch(() => []));
  const at = new Date(services.now()).toISOString();
  let updated: Subscription = { ...sub, ultimaMedicaoEm: envelope.medidoEm, base: entryOf(envelope), proximaMedicaoEm: new Date(nextAt).toISOString() };
  if (outcome) {
    const sent = await sendMail(config.mail!, outcome.message);
    if (!sent.ok) {
      // The comparison stays the previous reading: the next try says the same.
      report.falhas++;
      console.warn(`[acompanhar] nº ${sub.seq}: ${outcome.kind === 'alerta' ? 'o aviso' : 'o resumo'} não foi enviado (${sent.reason}); nova tentativa mais tarde.`);
      updated = { ...sub, ultimaMedicaoEm: envelope.medidoEm, proximaMedicaoEm: new Date(retryAt).toISOString() };
      await saveSubscription(store, updated);
      await enqueue(store, sub.seq, retryAt);
      return;
    }
    updated = { ...updated, ultimoEnvioEm: at, ...(outcome.kind === 'resumo' ? { ultimoResumoEm: at } : {}) };
    if (outcome.kind === 'alerta') report.alertas++;
    else report.resumos++;
  }
  await saveSubscription(store, updated);
  await enqueue(store, sub.seq, nextAt);
}

/**
 * One run: the due follow-ups, oldest due first, at most `max` of them (one on Netlify: a measurement takes up to
 * 20 s of a scheduled function's 30 s). Store failures propagate.
 */
export async function runFollowTick(services: Services, { max = 5 }: { max?: number } = {}): Promise<TickReport> {
  const report: TickReport = { medidos: 0, alertas: 0, resumos: 0, falhas: 0 };
  const { config, store } = services;
  if (!config.mail) return { ...report, parou: 'sem-smtp' };
  const queue = await readQueue(store);
  const due = Object.entries(queue)
    .filter(([, at]) => at <= services.now())
    .sort((a, b) => a[1] - b[1])
    .map(([seq]) => Number(seq));
  let done = 0;
  for (const seq of due) {
    if (done >= max) break;
    const sub = await getSubscription(store, seq);
    if (!sub || sub.estado !== 'confirmada') {
      await dequeue(store, seq);
      continue;
    }
    if (config.readinessPaused) return { ...report, parou: 'pausado' };
    // A lease per follow-up: the local timer and a manual run never measure the same one twice.
    const lease = `acompanhar:medindo:${seq}`;
    if (!(await store.set(lease, 1, { ttlSeconds: LEASE_SECONDS, ifAbsent: true }))) continue;
    try {
      const subject = { config, store, clientAddress: FOLLOW_CLIENT };
      const gate = await passGate(subject);
      if (!gate.ok) return { ...report, parou: 'portao' };
      if (overQuota(await countQuota(subject, 'acompanhamento'))) return { ...report, parou: 'orcamento' };
      const key = await currentReaderKey(config);
      if (!key) return { ...report, parou: 'sem-chave' };
      await followOne(services, sub, report, key);
      done++;
    } finally {
      await store.delete(lease).catch(() => {});
    }
  }
  return report;
}

/** How often the local timer looks at the queue: often enough for FOLLOW_INTERVAL_S, at most once a minute. */
export const localTickMs = (intervalSeconds: number): number => Math.min(60_000, Math.max(1_000, Math.floor((intervalSeconds * 1000) / 2)));

/** The local scheduler: `runFollowTick` every `localTickMs` (never two runs at once). Returns a stop function. */
export function startFollowTimer(services: Services, intervalMs = localTickMs(services.config.followIntervalSeconds)): () => void {
  return startPeriodic(() => runFollowTick(services), intervalMs, (error) =>
    console.warn('[acompanhar] rodada do agendador interrompida:', error instanceof Error ? error.message : error),
  );
}

/**
 * When deliveries happen. Right after a lead is stored, one attempt runs in the background of the request
 * (Netlify: `context.waitUntil`, which also makes a quick second attempt `QUICK_RETRY_MS` later, inside the
 * function's time limit; locally the process simply lives on). Every later attempt is the retry worker's
 * (`deliverDue`, backoff in ./delivery.ts): locally a timer (`startRetryTimer`, started by `npm start`), on
 * Netlify the scheduled function `contact-retry` (every minute, functions/contact/scheduled.ts).
 */
import type { Services } from '../context.ts';
import { attemptDelivery, deliverDue } from './delivery.ts';
import { startPeriodic } from '../timer.ts';

type DeliveryServices = Pick<Services, 'config' | 'store' | 'now'>;

/** The quick second attempt on Netlify (a scheduled function runs at most once a minute). */
export const QUICK_RETRY_MS = 2_000;
/** How often the local timer looks for due deliveries (the first retry is due 15 s after a failure). */
export const LOCAL_RETRY_INTERVAL_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function logFailure(error: unknown): void {
  console.warn('[contato] tentativa de entrega interrompida (armazenamento):', error instanceof Error ? error.message : error);
}

/** Starts the first delivery of a freshly stored lead without holding the response. */
export function followUp(services: DeliveryServices, seq: number, waitUntil?: (promise: Promise<unknown>) => void): void {
  const work = (async () => {
    const result = await attemptDelivery(services, seq);
    if (result === 'falhou' && waitUntil) {
      await sleep(QUICK_RETRY_MS);
      await attemptDelivery(services, seq);
    }
  })().catch(logFailure);
  waitUntil?.(work);
}

/** The local retry worker: calls `deliverDue` every `intervalMs` (never two runs at once). Returns a stop function. */
export function startRetryTimer(services: DeliveryServices, intervalMs = LOCAL_RETRY_INTERVAL_MS): () => void {
  return startPeriodic(() => deliverDue(services), intervalMs, logFailure);
}

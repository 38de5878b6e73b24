/**
 * The Netlify scheduled job of the contact form (adapter netlify/functions/contact-retry.mts, generated from
 * SCHEDULED_FUNCTIONS in functions/routes.ts): delivers the leads whose retry is due. Platform-neutral.
 */
import type { Services } from '../context.ts';
import { deliverDue } from './delivery.ts';

/** Attempts start only in the first seconds of a run: with the webhook timeout, every one ends within the 30 s a scheduled function has. */
export const SCHEDULED_START_WITHIN_MS = 8_000;

export default async function retryContacts(services: Services): Promise<void> {
  const report = await deliverDue(services, { startWithinMs: SCHEDULED_START_WITHIN_MS });
  if (report.entregues || report.pendentes) {
    console.log(`[contato] retentativas: ${report.entregues} entregue(s), ${report.pendentes} pendente(s).`);
  }
}

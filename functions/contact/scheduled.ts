/**
 * The Netlify scheduled job of the contact form (adapter netlify/functions/contact-retry.mts, generated from
 * SCHEDULED_FUNCTIONS in functions/routes.ts): delivers the leads whose retry is due. Platform-neutral.
 */
import type { Services } from '../http/types.ts';
import { deliverDue } from './delivery.ts';

export default async function retryContacts(services: Services): Promise<void> {
  const report = await deliverDue(services);
  if (report.entregues || report.pendentes) {
    console.log(`[contato] retentativas: ${report.entregues} entregue(s), ${report.pendentes} pendente(s).`);
  }
}

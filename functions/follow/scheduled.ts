/**
 * The Netlify scheduled job of the follow-up (adapter netlify/functions/follow-measure.mts, generated from
 * SCHEDULED_FUNCTIONS in functions/routes.ts): measures the followed domain whose turn came first (one per run: a
 * measurement takes up to 20 s of the 30 s a scheduled function may run). Platform-neutral.
 */
import type { Services } from '../context.ts';
import { runFollowTick } from './scheduler.ts';

export default async function measureFollowed(services: Services): Promise<void> {
  const report = await runFollowTick(services, { max: 1 });
  if (report.medidos || report.falhas) {
    console.log(`[acompanhar] rodada: ${report.medidos} medido(s), ${report.alertas} aviso(s), ${report.resumos} resumo(s), ${report.falhas} falha(s) de envio.`);
  }
}

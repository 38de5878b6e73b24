/**
 * The evidence of the checks that judge robots.txt (`robots-txt`, `robots-ia`): the robots.txt request and
 * what came back. Added around those checks in the registry, so the robots module keeps its own files; a
 * check that already gives its evidence keeps it. When the outcome carries the robots module's decisions (a
 * `robots.bloqueios` list with the line that decided per page and agent), the first one is the deciding line.
 */
import { isResponse } from './context.ts';
import type { CheckDefinition, CheckOutcome } from './checks/types.ts';

interface Blocking {
  url: string;
  agente: string;
  linha: number;
  regra: string;
}

/** The first blocking decision of an outcome, if the robots module recorded its decisions. */
function firstBlocking(outcome: CheckOutcome): Blocking | undefined {
  const robots = (outcome as { robots?: { bloqueios?: unknown } }).robots;
  const first = Array.isArray(robots?.bloqueios) ? (robots.bloqueios[0] as Partial<Blocking> | undefined) : undefined;
  return first && typeof first.regra === 'string' && typeof first.agente === 'string' && typeof first.linha === 'number' && typeof first.url === 'string' ? (first as Blocking) : undefined;
}

export function withRobotsEvidence(check: CheckDefinition): CheckDefinition {
  return {
    ...check,
    async run(ctx) {
      const outcome = await check.run(ctx);
      if (outcome.evidencias?.length) return outcome;
      const { probe, servedHtml } = await ctx.robots();
      const text = isResponse(probe) && probe.status === 200 && !servedHtml;
      const blocking = text ? firstBlocking(outcome) : undefined;
      const decisivo = blocking
        ? `linha ${blocking.linha}: ${blocking.regra} (User-agent ${blocking.agente}, página ${blocking.url})`
        : isResponse(probe)
          ? text
            ? `Content-Type: ${probe.headers.get('content-type') ?? 'ausente'}`
            : `HTTP ${probe.status}`
          : undefined;
      return { ...outcome, evidencias: [ctx.evidence(probe, { em: text ? 'corpo' : 'status', ...(decisivo ? { decisivo } : {}) })] };
    },
  };
}

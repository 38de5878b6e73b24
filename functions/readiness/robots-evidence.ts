/**
 * The evidence of the checks that judge robots.txt (`robots-txt`, `robots-ia`): the robots.txt request and
 * what came back. Added around those checks in the registry, so the robots module keeps its own files; a
 * check that already gives its evidence (the deciding group and line per agent) keeps it.
 */
import { isResponse } from './context.ts';
import type { CheckDefinition } from './checks/types.ts';

export function withRobotsEvidence(check: CheckDefinition): CheckDefinition {
  return {
    ...check,
    async run(ctx) {
      const outcome = await check.run(ctx);
      if (outcome.evidencias?.length) return outcome;
      const { probe, servedHtml } = await ctx.robots();
      const text = isResponse(probe) && probe.status === 200 && !servedHtml;
      const decisivo = isResponse(probe) ? (text ? `Content-Type: ${probe.headers.get('content-type') ?? 'ausente'}` : `HTTP ${probe.status}`) : undefined;
      return { ...outcome, evidencias: [ctx.evidence(probe, { em: text ? 'corpo' : 'status', ...(decisivo ? { decisivo } : {}) })] };
    },
  };
}

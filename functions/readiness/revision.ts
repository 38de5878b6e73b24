/**
 * The revision verdict of a check that tests a moving standard (issue 21): which revision it tested, whether
 * the site speaks it (`atual`), speaks an earlier form the standard still tolerates or today's clients still
 * read (`legado`: accepted, with a migration note), or a form no longer valid (`invalido`: stale or broken).
 *
 * The verdict's shape (`revisaoSchema`, `VEREDITOS`) is part of the reading, in src/model/reading.ts.
 *
 * The texts here are the instrument's own (standard names, revisions, migration notes). A check whose `forma` or
 * `migracao` names what the site sent (a legacy term, say) quotes it with `siteText` (evidence.ts), which bounds it;
 * bounds.ts bounds the rest of what the site controls.
 */
import { type AgentStandardId, standardById } from '../../src/model/agent-standards.ts';
import type { RevisaoVerificada, Veredito } from '../../src/model/reading.ts';
import type { CheckOutcome } from './checks/types.ts';

export type { RevisaoVerificada, Veredito };

/** Credit of a check whose site speaks only a legacy form: accepted (not a failure), but short of the current one. */
export const LEGACY_CREDIT = 0.75;

/** The verdict for a standard declared in src/model/agent-standards.ts (name and revision from there). */
export function revisionOf(id: AgentStandardId, veredito: Veredito, extra: { forma?: string; migracao?: string } = {}): RevisaoVerificada {
  const standard = standardById(id);
  return { padrao: standard.nome, testada: standard.revisao, veredito, ...extra };
}

/** The sentence that closes a check's `detalhe`: the revision tested and the verdict, in words. */
export function verdictSentence(revisao: RevisaoVerificada): string {
  const base = `${revisao.padrao} ${revisao.testada}`;
  if (revisao.veredito === 'atual') return `Forma atual (${base}).`;
  if (revisao.veredito === 'legado') return `Forma anterior aceita (${revisao.forma ?? 'legado'}); a atual é ${base}.`;
  return `Forma inválida ou obsoleta para ${base}${revisao.forma ? ` (${revisao.forma})` : ''}.`;
}

/**
 * An outcome with its verdict: `atual` passes, `legado` earns `LEGACY_CREDIT` with the migration note as the fix,
 * `invalido` fails with it. `detalhe` gets the verdict sentence appended.
 */
export function withVerdict(detalhe: string, revisao: RevisaoVerificada, extra: Partial<CheckOutcome> = {}): CheckOutcome {
  const text = `${detalhe} ${verdictSentence(revisao)}`;
  if (revisao.veredito === 'atual') return { status: 'passou', detalhe: text, revisao, ...extra };
  const fix = revisao.migracao ? { comoCorrigir: revisao.migracao } : {};
  if (revisao.veredito === 'legado') return { status: 'parcial', credito: LEGACY_CREDIT, detalhe: text, revisao, ...fix, ...extra };
  return { status: 'falhou', detalhe: text, revisao, ...fix, ...extra };
}

/**
 * The revision of the scoring method, recorded in every reading (`revisaoDoMetodo`) beside the revision of each
 * check (`verificacoes[].versao`, declared by the check itself: `CheckDefinition.versao`). With both, a change
 * between two readings of a domain is told apart (functions/readiness/changes.ts): the site changed, the check was
 * revised (its code, or the revision of the standard it reads), or the method changed (weights, caps, grade bands,
 * checks added or removed).
 *
 * The method's revision is derived, never typed by hand: a short digest of everything that decides a nota (the
 * weights by severity, the caps, the grade table, and every check's id, layer, severity, dependency and
 * revision). Any change to one of them gives another revision, so it cannot be forgotten.
 */
import { createHash } from 'node:crypto';
import { GRADE_TABLE } from '../../src/model/measurement.ts';
import { CHECKS } from './checks/index.ts';
import { checkVersion, type CheckDefinition } from './checks/types.ts';
import { PESOS, TETOS } from './scoring.ts';

/** The digest of a method: the same inputs always give the same 12 hex characters. */
export function methodRevision(checks: readonly CheckDefinition[] = CHECKS): string {
  const method = {
    pesos: PESOS,
    tetos: TETOS,
    graus: GRADE_TABLE,
    verificacoes: checks.map((c) => [c.id, c.camada, c.severidade, c.dependeDe ?? null, checkVersion(c)]),
  };
  return createHash('sha256').update(JSON.stringify(method)).digest('hex').slice(0, 12);
}

/** The revision of the method this build measures with. */
export const METHOD_REVISION = methodRevision();

/**
 * What changed between two readings of a site: the score's difference and the checks that flipped, matched by their
 * stable id. Pure; used by the CI gate (`npm run medir -- --linha-de-base`), and the place for any other comparison
 * of readings (a domain's history).
 *
 * A check got worse when it passed before and now fails or passes only in part; it got better when it now passes and
 * did not before. A check that stopped applying, or that one of the readings does not have (the instrument gained or
 * lost a check between them), is neither.
 */
import type { Envelope, Verificacao } from '../../src/model/reading.ts';

export interface CheckChange {
  verificacao: string;
  nome: string;
  camada: string;
  antes: Verificacao['status'];
  agora: Verificacao['status'];
  /** What the later reading observed. */
  detalhe: string;
}

export interface ReadingComparison {
  notaAntes: number | null;
  notaAgora: number | null;
  /** `notaAgora - notaAntes`; null when either reading has no score. */
  diferenca: number | null;
  pioraram: CheckChange[];
  melhoraram: CheckChange[];
}

const checksOf = (reading: Envelope): Map<string, { camada: string; check: Verificacao }> =>
  new Map(reading.camadas.flatMap((camada) => camada.verificacoes.map((check) => [check.id, { camada: camada.nome, check }] as const)));

/** Compares a later reading with an earlier one (of the same site, or of its preview), in the later reading's order. */
export function compareReadings(before: Envelope, after: Envelope): ReadingComparison {
  const earlier = checksOf(before);
  const pioraram: CheckChange[] = [];
  const melhoraram: CheckChange[] = [];
  for (const [id, { camada, check }] of checksOf(after)) {
    const previous = earlier.get(id)?.check;
    if (!previous || previous.status === check.status) continue;
    const change = { verificacao: id, nome: check.nome, camada, antes: previous.status, agora: check.status, detalhe: check.detalhe };
    if (previous.status === 'passou' && (check.status === 'falhou' || check.status === 'parcial')) pioraram.push(change);
    else if (check.status === 'passou' && (previous.status === 'falhou' || previous.status === 'parcial')) melhoraram.push(change);
  }
  const diferenca = before.nota !== null && after.nota !== null ? after.nota - before.nota : null;
  return { notaAntes: before.nota, notaAgora: after.nota, diferenca, pioraram, melhoraram };
}

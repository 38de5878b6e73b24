/**
 * What changed between two readings of a domain, in one place: the history section of the result page, its
 * markdown twin, the API's history route and the follow-up e-mails all read it from here.
 *
 * A reading is reduced to a `HistoryEntry` (when, state, nota, grade, method revision, and each check's status and
 * revision). Between two entries:
 *
 * - each check whose status differs is a `CheckChange`: `piorou` (passou → parcial → falhou), `melhorou`, or
 *   `mudou` (to or from `nao_se_aplica`, or a check that entered or left the method);
 * - its `causa`: `verificacao` when the check's revision differs (the check, or the standard it reads, was revised:
 *   the flip may not be the site's doing), `metodo` when the check exists in only one of the readings, `site`
 *   otherwise (same check, same revision, different answer: the site changed);
 * - `metodoMudou`: the method's revision differs (weights, caps, grade bands or the set of checks), so a different
 *   nota may come from the method even where no check flipped;
 * - `piorou` (a regression, what the follow-up alerts on): the grade dropped, a check got worse, or a scored
 *   reading was followed by one without a score.
 */
import { GRAUS, type Grau } from '../../src/model/measurement.ts';
import { checkById } from './checks/index.ts';
import { type Envelope, STATUS_VERIFICACAO } from '../../src/model/reading.ts';

export type CheckStatus = (typeof STATUS_VERIFICACAO)[number];

/** A reading as the history keeps it. */
export interface HistoryEntry {
  medidoEm: string;
  estado: 'registrada' | 'nao_pontuada';
  nota: number | null;
  grau: Grau | null;
  /** The method's revision (`revisaoDoMetodo`); null for readings recorded before revisions existed. */
  metodo: string | null;
  /** Check id → its status and revision (empty for an unscored reading). */
  verificacoes: Record<string, { status: CheckStatus; versao: number }>;
}

export type ChangeDirection = 'piorou' | 'melhorou' | 'mudou';
export type ChangeCause = 'site' | 'verificacao' | 'metodo';

export interface CheckChange {
  id: string;
  /** The check's name (from the registry; the id for a check no longer in it). */
  nome: string;
  /** null: the check did not exist in that reading. */
  de: CheckStatus | null;
  para: CheckStatus | null;
  sentido: ChangeDirection;
  causa: ChangeCause;
  /** Present when the check's revision differs between the two readings. */
  versao?: { de: number; para: number };
}

export interface ReadingChange {
  de: string;
  para: string;
  nota: { de: number | null; para: number | null };
  grau: { de: Grau | null; para: Grau | null };
  estado: { de: HistoryEntry['estado']; para: HistoryEntry['estado'] };
  metodoMudou: boolean;
  verificacoes: CheckChange[];
  /** A regression: the grade dropped, a check got worse, or the site could no longer be scored. */
  piorou: boolean;
}

/** The history entry of a recorded reading, or null for envelopes that are not readings (ausente, limite…). */
export function entryOf(envelope: Envelope): HistoryEntry | null {
  if ((envelope.estado !== 'registrada' && envelope.estado !== 'nao_pontuada') || !envelope.medidoEm) return null;
  const verificacoes: HistoryEntry['verificacoes'] = {};
  if (envelope.estado === 'registrada') {
    for (const camada of envelope.camadas) for (const v of camada.verificacoes) verificacoes[v.id] = { status: v.status, versao: v.versao ?? 1 };
  }
  return {
    medidoEm: envelope.medidoEm,
    estado: envelope.estado,
    nota: envelope.estado === 'registrada' ? envelope.nota : null,
    grau: envelope.estado === 'registrada' ? envelope.grau : null,
    metodo: envelope.revisaoDoMetodo ?? null,
    verificacoes,
  };
}

const RANK: Record<CheckStatus, number | null> = { passou: 2, parcial: 1, falhou: 0, nao_se_aplica: null };

/** Lower is better (A+ is 0). */
const gradeIndex = (grau: Grau | null): number | null => (grau === null ? null : GRAUS.indexOf(grau));

export const checkName = (id: string): string => checkById(id)?.nome ?? id;

function direction(de: CheckStatus | null, para: CheckStatus | null): ChangeDirection {
  const a = de === null ? null : RANK[de];
  const b = para === null ? null : RANK[para];
  if (a === null || b === null) return 'mudou';
  return b < a ? 'piorou' : 'melhorou';
}

/** What changed from reading `a` to the later reading `b`. */
export function compareEntries(a: HistoryEntry, b: HistoryEntry): ReadingChange {
  const verificacoes: CheckChange[] = [];
  if (a.estado === 'registrada' && b.estado === 'registrada') {
    const ids = [...new Set([...Object.keys(a.verificacoes), ...Object.keys(b.verificacoes)])];
    for (const id of ids) {
      const before = a.verificacoes[id];
      const after = b.verificacoes[id];
      if (before && after && before.status === after.status) continue;
      const revised = before && after && before.versao !== after.versao;
      verificacoes.push({
        id,
        nome: checkName(id),
        de: before?.status ?? null,
        para: after?.status ?? null,
        sentido: direction(before?.status ?? null, after?.status ?? null),
        causa: !before || !after ? 'metodo' : revised ? 'verificacao' : 'site',
        ...(revised ? { versao: { de: before.versao, para: after.versao } } : {}),
      });
    }
  }
  const order: Record<ChangeDirection, number> = { piorou: 0, melhorou: 1, mudou: 2 };
  verificacoes.sort((x, y) => order[x.sentido] - order[y.sentido]);
  const gradeBefore = gradeIndex(a.grau);
  const gradeAfter = gradeIndex(b.grau);
  const piorou =
    (gradeBefore !== null && gradeAfter !== null && gradeAfter > gradeBefore) ||
    verificacoes.some((v) => v.sentido === 'piorou') ||
    (a.estado === 'registrada' && b.estado === 'nao_pontuada');
  return {
    de: a.medidoEm,
    para: b.medidoEm,
    nota: { de: a.nota, para: b.nota },
    grau: { de: a.grau, para: b.grau },
    estado: { de: a.estado, para: b.estado },
    metodoMudou: a.metodo !== null && b.metodo !== null && a.metodo !== b.metodo,
    verificacoes,
    piorou,
  };
}

/** Whether anything a person would notice changed (nota, grade, state, a check, the method). */
export const changedAtAll = (change: ReadingChange): boolean =>
  change.nota.de !== change.nota.para || change.grau.de !== change.grau.para || change.estado.de !== change.estado.para || change.metodoMudou || change.verificacoes.length > 0;

/** The changes between consecutive entries (oldest first), only those where something changed. */
export function changesOf(entries: readonly HistoryEntry[]): ReadingChange[] {
  const changes: ReadingChange[] = [];
  for (let i = 1; i < entries.length; i++) {
    const change = compareEntries(entries[i - 1]!, entries[i]!);
    if (changedAtAll(change)) changes.push(change);
  }
  return changes;
}

const STATUS_WORDS: Record<CheckStatus, string> = { passou: 'passava', parcial: 'passava em parte', falhou: 'falhava', nao_se_aplica: 'não se aplicava' };
const STATUS_NOW: Record<CheckStatus, string> = { passou: 'passa', parcial: 'passa em parte', falhou: 'falha', nao_se_aplica: 'não se aplica' };

/** One check's change as a pt-BR sentence, with its cause ("o site mudou", "a verificação foi revista"…). */
export function describeCheckChange(change: CheckChange): string {
  if (change.de === null) return `${change.nome}: verificação nova no método (${STATUS_NOW[change.para!]}); não é mudança do site.`;
  if (change.para === null) return `${change.nome}: verificação que saiu do método (${STATUS_WORDS[change.de]}); não é mudança do site.`;
  const what = `${change.nome}: ${STATUS_WORDS[change.de]}, agora ${STATUS_NOW[change.para]}`;
  if (change.causa === 'verificacao') {
    return `${what}. A verificação foi revista entre as duas leituras (versão ${change.versao!.de} → ${change.versao!.para}): a mudança pode vir do novo critério, não do site.`;
  }
  return `${what}. Mesma verificação, mesma revisão: o site mudou.`;
}

/** The method's part of a change, when it changed. */
export const METHOD_CHANGED_TEXT =
  'O método de pontuação mudou entre as duas leituras (pesos, tetos, faixas de grau ou o conjunto de verificações): parte da diferença de nota pode vir do método.';

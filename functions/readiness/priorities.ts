/**
 * The fixes that matter most, for the buyer (issue 20, item 1): the reading's lacunas ranked by impact, then by
 * effort, at most `MAX_FIXES`, each in the buyer's words (./buyer-words.ts) and pointing to its technical entry in
 * "Para o seu desenvolvedor". Pure: no I/O, nothing from the measured site.
 *
 * The ranking, as the page says it: the gravest first (the check's severity, which is also its weight in the score),
 * then what costs the score the most (points lost: a check that passed in part loses less), then the least effort.
 */
import { CHECK_WORDS, type CheckWords, type Esforco } from './buyer-words.ts';
import type { Envelope, Lacuna } from '../../src/model/reading.ts';

/** Three to five fixes: fewer only when the reading has fewer lacunas. */
export const MAX_FIXES = 5;

/** The impact as the page says it, from the check's severity. */
export type Impacto = 'muito alto' | 'alto' | 'médio' | 'baixo';
const IMPACT: Record<Lacuna['severidade'], Impacto> = { critica: 'muito alto', alta: 'alto', media: 'médio', baixa: 'baixo' };
const SEVERITY_ORDER: Record<Lacuna['severidade'], number> = { critica: 0, alta: 1, media: 2, baixa: 3 };
const EFFORT_ORDER: Record<Esforco, number> = { baixo: 0, medio: 1, alto: 2 };

/** How the ranking is explained next to the list. */
export const RANKING_TEXT = 'Em ordem de impacto na nota e, entre as de mesmo impacto, do menor esforço para o maior.';

export interface Fix extends CheckWords {
  /** The check's id (the developer section's entry is `devAnchor(verificacao)`). */
  verificacao: string;
  impacto: Impacto;
  /** Points of the score this lacuna costs (its check's weight minus what it earned). */
  pontosPerdidos: number;
}

/** A check without buyer words (a unit test forbids it) still shows, in its technical title. */
const fallbackWords = (lacuna: Lacuna): CheckWords => ({ titulo: lacuna.titulo, explicacao: lacuna.porque, esforco: 'medio' });

/** The lacunas of a reading ranked for the buyer, the first `max`. */
export function topFixes(envelope: Pick<Envelope, 'camadas' | 'lacunas'>, max = MAX_FIXES): Fix[] {
  const lost = new Map(envelope.camadas.flatMap((c) => c.verificacoes).map((v) => [v.id, Math.max(0, v.peso - v.pontos)]));
  return envelope.lacunas
    .map((lacuna) => ({
      severidade: lacuna.severidade,
      fix: { ...(CHECK_WORDS[lacuna.verificacao] ?? fallbackWords(lacuna)), verificacao: lacuna.verificacao, impacto: IMPACT[lacuna.severidade], pontosPerdidos: lost.get(lacuna.verificacao) ?? 0 },
    }))
    .sort(
      (a, b) =>
        SEVERITY_ORDER[a.severidade] - SEVERITY_ORDER[b.severidade] ||
        b.fix.pontosPerdidos - a.fix.pontosPerdidos ||
        EFFORT_ORDER[a.fix.esforco] - EFFORT_ORDER[b.fix.esforco],
    )
    .slice(0, max)
    .map(({ fix }) => fix);
}

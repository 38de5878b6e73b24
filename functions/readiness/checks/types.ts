/**
 * The shape of a readiness check: one file per check under checks/, registered in checks/index.ts.
 * A check reads the measurement context (memoized fetches and shared analyses) and returns an outcome;
 * the scorer turns outcomes into points, layer scores, caps and lacunas.
 */
import type { Severidade } from '../scoring.ts';
import type { MeasurementContext } from '../context.ts';
import type { RobotsDecisoes } from '../../../src/model/reading.ts';
import type { Evidence } from '../evidence.ts';
import type { RevisaoVerificada } from '../revision.ts';

export type CamadaId = 'acesso' | 'descoberta' | 'conteudo' | 'dados' | 'agentes' | 'seguranca';

export interface CheckOutcome {
  status: 'passou' | 'parcial' | 'falhou' | 'nao_se_aplica';
  /** Share of the weight earned when `parcial` (0 < credito < 1). */
  credito?: number;
  /**
   * What was observed (pt-BR), with the measured fraction and examples when the check reads a sample.
   * Values read from the site are quoted with `siteText`.
   */
  detalhe: string;
  /** The requests that decided (the deciding one first): `ctx.evidence(probe, …)`. */
  evidencias?: Evidence[];
  /** A title for this outcome when neither the check's failure nor its partial title is true to it. */
  titulo?: string;
  /** A reproduction other than the curl command of the first evidence (a pipe that shows the deciding line). */
  reproducao?: string;
  /** A cap on the total score caused by a fatal gap. */
  teto?: { nota: number; motivo: string };
  /** A more specific fix than the check's default, when the observation calls for it. */
  comoCorrigir?: string;
  /** `robots-ia`: what robots.txt decides per page read and AI agent, with the line that decided. */
  robots?: RobotsDecisoes;
  /** Checks of a moving standard: the revision tested and the verdict on the form found (revision.ts). */
  revisao?: RevisaoVerificada;
}

export interface CheckDefinition {
  /** Stable id (= file name). */
  id: string;
  nome: string;
  camada: CamadaId;
  severidade: Severidade;
  /** Title of the lacuna when the check fails. */
  titulo: string;
  /**
   * Title of the lacuna when the check passes only in part: true to a partial result (never the failure's
   * title). Required of every check that can answer `parcial`.
   */
  tituloParcial?: string;
  /** Why it matters (pt-BR). */
  porque: string;
  /** How to fix it (pt-BR). */
  comoCorrigir: string;
  referencia?: string;
  /** When this check fails because its parent failed, only the parent's lacuna is listed. */
  dependeDe?: string;
  /**
   * The check's revision (default 1): raise it whenever the check judges differently than before, its own code
   * or the revision of the standard it reads (a new MCP, llms.txt or RFC text). Recorded in every reading, so a
   * change between two readings is told apart: the site changed, or the check did (functions/readiness/method-revision.ts).
   */
  versao?: number;
  run(ctx: MeasurementContext): Promise<CheckOutcome>;
}

/** The version a check is at (`versao`, 1 when it never changed). */
export const checkVersion = (check: Pick<CheckDefinition, 'versao'>): number => check.versao ?? 1;

export const passed = (detalhe: string, extra: Partial<CheckOutcome> = {}): CheckOutcome => ({ status: 'passou', detalhe, ...extra });
export const failed = (detalhe: string, extra: Partial<CheckOutcome> = {}): CheckOutcome => ({ status: 'falhou', detalhe, ...extra });
export const notApplicable = (detalhe: string, extra: Partial<CheckOutcome> = {}): CheckOutcome => ({ status: 'nao_se_aplica', detalhe, ...extra });
/** Partial credit; 1 becomes `passou` and 0 becomes `falhou`. */
export const partial = (credito: number, detalhe: string, extra: Partial<CheckOutcome> = {}): CheckOutcome => {
  const c = Math.max(0, Math.min(1, credito));
  if (c >= 1) return { status: 'passou', detalhe, ...extra };
  if (c <= 0) return { status: 'falhou', detalhe, ...extra };
  return { status: 'parcial', credito: c, detalhe, ...extra };
};

/**
 * The scoring method, published on the site (content/paginas/diagnostico-de-visibilidade-cognitiva/
 * como-pontuamos.md; a unit test keeps the page and these constants in agreement):
 *
 * 1. Each check has a weight by severity: critical 10, high 7, medium 4, low 2.
 * 2. A check passes (full weight), earns partial credit (a share of the weight), fails (0) or does not apply
 *    to the kind of site (left out of both the points and the total).
 * 3. nota = floor(100 × points earned / weight of the checks that apply); the same formula per camada.
 * 4. Fatal gaps cap the nota (the lowest cap wins): AI crawlers blocked, or no server-rendered text → 39.
 * 5. The grade comes from the table GRADE_TABLE (A+ at 95 or more … F below 40).
 */
import type { Camada, Envelope, Lacuna, Verificacao } from '../../src/model/reading.ts';
import type { CamadaId, CheckDefinition, CheckOutcome } from './checks/types.ts';
import { curlCommand, MAX_EVIDENCE } from './evidence.ts';
import { type Grau, gradeFor } from '../../src/model/measurement.ts';
import { checkVersion } from './checks/types.ts';

export type Severidade = 'critica' | 'alta' | 'media' | 'baixa';

export const PESOS: Record<Severidade, number> = { critica: 10, alta: 7, media: 4, baixa: 2 };

/** The grade table is declared once, in src/model/measurement.ts. */
export { GRADE_TABLE, type Grau, gradeFor } from '../../src/model/measurement.ts';

/** The caps for fatal gaps (also published). */
export const TETOS = {
  robosDeIaBloqueados: 39,
  semTextoNoServidor: 39,
} as const;

export const CAMADAS: readonly { id: CamadaId; nome: string }[] = [
  { id: 'acesso', nome: 'Acesso de robôs' },
  { id: 'descoberta', nome: 'Descoberta' },
  { id: 'conteudo', nome: 'Conteúdo legível por máquina' },
  { id: 'dados', nome: 'Dados estruturados' },
  { id: 'agentes', nome: 'Interfaces para agentes' },
  { id: 'seguranca', nome: 'Segurança e desempenho' },
];

export interface ScoredCheck {
  check: CheckDefinition;
  outcome: CheckOutcome;
}

const pointsOf = (peso: number, outcome: CheckOutcome): number => {
  if (outcome.status === 'passou') return peso;
  if (outcome.status === 'parcial') return Math.round(peso * (outcome.credito ?? 0) * 100) / 100;
  return 0;
};

const ratio = (points: number, total: number): number | null => (total > 0 ? Math.floor((100 * points) / total + 1e-9) : null);

export interface Score {
  nota: number;
  grau: Grau;
  camadas: Camada[];
  lacunas: Lacuna[];
  teto?: { nota: number; motivo: string };
}

const SEVERITY_ORDER: Record<Severidade, number> = { critica: 0, alta: 1, media: 2, baixa: 3 };

export function score(results: readonly ScoredCheck[]): Score {
  let earned = 0;
  let total = 0;
  const camadas: Camada[] = CAMADAS.map(({ id, nome }) => {
    let layerEarned = 0;
    let layerTotal = 0;
    const verificacoes: Verificacao[] = results
      .filter((r) => r.check.camada === id)
      .map(({ check, outcome }) => {
        const peso = PESOS[check.severidade];
        const pontos = pointsOf(peso, outcome);
        if (outcome.status !== 'nao_se_aplica') {
          layerEarned += pontos;
          layerTotal += peso;
        }
        // A verdict that costs nothing shows its deciding request; a lacuna shows up to MAX_EVIDENCE.
        const evidencias = outcome.evidencias?.slice(0, outcome.status === 'falhou' || outcome.status === 'parcial' ? MAX_EVIDENCE : 1) ?? [];
        const versao = checkVersion(check);
        return { id: check.id, nome: check.nome, status: outcome.status, peso, pontos, detalhe: outcome.detalhe, versao, ...(outcome.robots ? { robots: outcome.robots } : {}), ...(outcome.revisao ? { revisao: outcome.revisao } : {}), ...(evidencias.length ? { evidencias } : {}) };
      });
    earned += layerEarned;
    total += layerTotal;
    return { id, nome, nota: ratio(layerEarned, layerTotal), verificacoes };
  });

  let nota = ratio(earned, total) ?? 0;
  let teto: Score['teto'];
  for (const { outcome } of results) {
    if (outcome.teto && (!teto || outcome.teto.nota < teto.nota)) teto = outcome.teto;
  }
  if (teto && nota > teto.nota) nota = teto.nota;
  else if (teto && nota <= teto.nota) teto = undefined; // the cap did not change anything

  const failedIds = new Set(results.filter((r) => r.outcome.status === 'falhou').map((r) => r.check.id));
  const lacunas: Lacuna[] = results
    .filter((r) => r.outcome.status === 'falhou' || r.outcome.status === 'parcial')
    .filter((r) => !(r.check.dependeDe && failedIds.has(r.check.dependeDe)))
    .sort((a, b) => SEVERITY_ORDER[a.check.severidade] - SEVERITY_ORDER[b.check.severidade] || pointsLost(b) - pointsLost(a))
    .map(({ check, outcome }) => {
      const first = outcome.evidencias?.[0];
      const reproducao = outcome.reproducao ?? (first ? curlCommand(first) : undefined);
      return {
        verificacao: check.id,
        camada: check.camada,
        severidade: check.severidade,
        titulo: titleOf(check, outcome),
        constatacao: outcome.detalhe,
        porque: check.porque,
        comoCorrigir: outcome.comoCorrigir ?? check.comoCorrigir,
        ...(reproducao ? { reproducao } : {}),
        ...(check.referencia ? { referencia: check.referencia } : {}),
      };
    });

  return { nota, grau: gradeFor(nota), camadas, lacunas, ...(teto ? { teto } : {}) };
}

/**
 * The lacuna's title, true to the outcome (issue 19): the outcome's own title when it states one, the check's
 * partial title when it passed in part (never the failure's title), the failure title otherwise.
 */
export function titleOf(check: CheckDefinition, outcome: CheckOutcome): string {
  if (outcome.titulo) return outcome.titulo;
  if (outcome.status === 'parcial') return check.tituloParcial ?? check.titulo;
  return check.titulo;
}

function pointsLost({ check, outcome }: ScoredCheck): number {
  const peso = PESOS[check.severidade];
  return peso - pointsOf(peso, outcome);
}

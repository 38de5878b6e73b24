/**
 * Recorded readings made by hand for the history tests: a scored reading whose checks have the given statuses (and
 * revisions), recorded with the given method revision, without a measurement.
 */
import type { Envelope } from '../../src/model/reading.ts';
import { METHOD_REVISION } from '../../functions/readiness/method-revision.ts';

/** `checks`: id → status, or [status, revision]. Each check's `detalhe` is site-like text the history must not keep. */
export function scoredReading(dominio: string, at: string, nota: number, grau: Envelope['grau'], checks: Record<string, string | [string, number]>, metodo = METHOD_REVISION): Envelope {
  return {
    dominio,
    estado: 'registrada',
    nota,
    grau,
    camadas: [
      {
        id: 'descoberta',
        nome: 'Descoberta',
        nota,
        verificacoes: Object.entries(checks).map(([id, value]) => {
          const [status, versao] = Array.isArray(value) ? value : [value, 1];
          return { id, nome: id, status: status as 'passou', peso: 4, pontos: 0, detalhe: '<b>texto do site</b>', versao };
        }),
      },
    ],
    lacunas: [],
    medidoEm: at,
    revisaoDoMetodo: metodo,
  };
}

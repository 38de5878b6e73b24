/**
 * Recorded readings made without a measurement: for the history tests, a scored reading whose checks have the given
 * statuses (and revisions), recorded with the given method revision; for the result page, a realistic one.
 */
import { CHECKS } from '../../functions/readiness/checks/index.ts';
import { failed, notApplicable, partial, passed } from '../../functions/readiness/checks/types.ts';
import type { Envelope, Evidencia } from '../../src/model/reading.ts';
import { METHOD_REVISION } from '../../functions/readiness/method-revision.ts';
import { type ScoredCheck, score } from '../../functions/readiness/scoring.ts';

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

/**
 * A realistic recorded reading made by the real scorer (functions/readiness/scoring.ts) from the real checks, without a
 * measurement: discovery and machine-readable content fail or pass in part, agent interfaces do not apply, the rest
 * passes; the failures carry the deciding request (so the developer's section has a curl command). For the result
 * page's browser and Lighthouse tests.
 */
export function sampleReading(dominio: string, medidoEm = '2026-11-20T12:00:00.000Z'): Envelope {
  const failing = new Set(['sitemap', 'llms-txt', 'markdown-gemeo', 'negociacao-markdown', 'link-headers', 'content-signals', 'llms-full-txt', 'cache']);
  const partly = new Map([['json-ld', 0.5], ['titulo-descricao', 0.75], ['cabecalhos-seguranca', 0.5]]);
  const evidence = (path: string): Evidencia => ({
    pedido: { metodo: 'GET', url: `https://${dominio}${path}`, agente: 'SinalCognitivoLeitor/1.0 (+https://sinal.exemplo.com.br/agentes)' },
    resposta: { status: 404, tipo: 'text/html' },
    decisivo: 'HTTP 404',
    em: 'status',
  });
  const results: ScoredCheck[] = CHECKS.map((check) => {
    if (check.camada === 'agentes') return { check, outcome: notApplicable('O site não mostra sinais de API ou aplicação.') };
    if (failing.has(check.id)) return { check, outcome: failed(`Não encontrado em “https://${dominio}/”.`, { evidencias: [evidence(`/${check.id}`)] }) };
    const credit = partly.get(check.id);
    if (credit) return { check, outcome: partial(credit, 'Metade das páginas amostradas.', { evidencias: [evidence('/')] }) };
    return { check, outcome: passed('Tudo certo.') };
  });
  const { nota, grau, camadas, lacunas, teto } = score(results);
  return { dominio, estado: 'registrada', nota, grau, camadas, lacunas, ...(teto ? { teto } : {}), medidoEm, revisaoDoMetodo: METHOD_REVISION };
}

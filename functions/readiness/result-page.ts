/**
 * The result of the free measurement as HTML, rendered here only: the page for the form posted without
 * JavaScript (`Accept: text/html`), in the site's layout (functions/html/shell.ts), and the result fragment that
 * /medicao.js inserts when it runs (the NDJSON `resultado` line carries it). Styled by /medicao.css; no inline
 * script or style (the page CSP forbids both): the gauge and the bars are SVG attributes. Every value from the
 * reading is escaped.
 */
import { escapeHtml, renderShellPage } from '../html/shell.ts';
import { MEASURE_PATH, SCORING_PATH, gradeFor, grauClass } from '../../src/model/measurement.ts';
import type { Envelope } from './envelope.ts';

export { escapeHtml, grauClass };

/** The stylesheet of the measurement's form and result. */
const ESTILOS = ['/medicao.css'];

/** The addresses of the recorded reading in the API. */
export function readingAddresses(origin: string, dominio: string): { leitura: string; api: string; sandbox: string } {
  return {
    leitura: `${origin}/api/ia/leitura?site=${encodeURIComponent(dominio)}`,
    api: `${origin}/api/v1/prontidao/${encodeURIComponent(dominio)}`,
    sandbox: `${origin}/api/v1/sandbox/prontidao/${encodeURIComponent(dominio)}`,
  };
}

const STATUS_LABEL: Record<string, string> = { passou: 'passou', parcial: 'parcial', falhou: 'falhou', nao_se_aplica: 'não se aplica' };
const SEVERIDADE_LABEL: Record<string, string> = { critica: 'crítica', alta: 'alta', media: 'média', baixa: 'baixa' };

const formatDate = (iso: string | null): string => {
  if (!iso) return '';
  try {
    return new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(new Date(iso));
  } catch {
    return iso;
  }
};

function gauge(nota: number, grau: string): string {
  const r = 52;
  const circumference = 2 * Math.PI * r;
  const filled = (Math.max(0, Math.min(100, nota)) / 100) * circumference;
  return `<svg class="medicao-gauge" viewBox="0 0 120 120" width="160" height="160" role="img" aria-label="Nota ${nota} de 100, grau ${escapeHtml(grau)}">
<circle class="gauge-trilha" cx="60" cy="60" r="${r}" fill="none" stroke-width="12"/>
<circle class="gauge-valor ${grauClass(grau)}" cx="60" cy="60" r="${r}" fill="none" stroke-width="12" stroke-linecap="round" stroke-dasharray="${filled.toFixed(2)} ${circumference.toFixed(2)}" transform="rotate(-90 60 60)"/>
<text class="gauge-nota" x="60" y="60" text-anchor="middle" dominant-baseline="middle">${nota}</text>
<text class="gauge-grau" x="60" y="90" text-anchor="middle">${escapeHtml(grau)}</text>
</svg>`;
}

function bar(nota: number | null): string {
  const value = nota ?? 0;
  return `<svg class="medicao-barra" viewBox="0 0 100 8" preserveAspectRatio="none" width="100%" height="8" aria-hidden="true"><rect class="barra-fundo" x="0" y="0" width="100" height="8"/><rect class="barra-valor ${grauClass(nota === null ? null : gradeFor(value))}" x="0" y="0" width="${value}" height="8"/></svg>`;
}

/** What the reading covered: the sample and whether agent interfaces counted (the page and /medicao.js show this rendering). */
export function scopeText(envelope: Envelope): string | undefined {
  const parts: string[] = [];
  if (envelope.amostra) {
    const { paginas, linksDoLlmsTxt, cortada } = envelope.amostra;
    parts.push(`Amostra: ${paginas} página(s) e ${linksDoLlmsTxt} link(s) do llms.txt lidos${cortada ? ' (o tempo da medição cortou a amostra)' : ''}.`);
  }
  if (envelope.interfaces) {
    parts.push(envelope.interfaces.exigidas ? 'Interfaces para agentes cobradas: o site mostra sinais de API ou aplicação.' : 'Interfaces para agentes fora da conta: o site não mostra sinais de API ou aplicação.');
  }
  return parts.length ? parts.join(' ') : undefined;
}

/** The result section: the page's content, and what /medicao.js shows in place. */
export function renderResultSection(envelope: Envelope, origin: string): string {
  const addresses = readingAddresses(origin, envelope.dominio);
  const parts: string[] = [];
  parts.push(`<section class="medicao-resultado" aria-labelledby="medicao-resultado-titulo">`);
  parts.push(`<h2 id="medicao-resultado-titulo">Resultado para <span class="medicao-dominio">${escapeHtml(envelope.dominio)}</span></h2>`);
  if (envelope.estado === 'registrada' && envelope.nota !== null && envelope.grau) {
    parts.push(`<div class="medicao-resumo">${gauge(envelope.nota, envelope.grau)}<div class="medicao-resumo-texto">`);
    parts.push(`<p class="medicao-nota"><strong>Nota ${envelope.nota} de 100</strong>, grau <strong>${escapeHtml(envelope.grau)}</strong>.</p>`);
    if (envelope.teto) parts.push(`<p class="medicao-teto">A nota foi limitada a ${envelope.teto.nota} por uma lacuna grave: ${escapeHtml(envelope.teto.motivo)}.</p>`);
    const scope = scopeText(envelope);
    parts.push(`<p class="small">Medido em ${escapeHtml(formatDate(envelope.medidoEm))}. ${envelope.lacunas.length} lacuna(s) encontrada(s).</p>${scope ? `<p class="small medicao-escopo">${escapeHtml(scope)}</p>` : ''}</div></div>`);
    parts.push('<h3>Camadas</h3><ul class="medicao-camadas">');
    for (const camada of envelope.camadas) {
      parts.push(
        `<li><span class="camada-nome">${escapeHtml(camada.nome)}</span>${bar(camada.nota)}<span class="camada-nota">${camada.nota === null ? 'não se aplica' : `${camada.nota}`}</span></li>`,
      );
    }
    parts.push('</ul>');
  } else {
    parts.push(`<div class="medicao-aviso"><p><strong>Medição sem nota.</strong> ${escapeHtml(envelope.motivo ?? 'A medição não chegou a um resultado confiável.')}</p>`);
    parts.push(`<p class="small">Medido em ${escapeHtml(formatDate(envelope.medidoEm))}. Não damos nota quando a leitura não é confiável: isso evita um grau enganoso.</p></div>`);
  }

  if (envelope.lacunas.length) {
    parts.push('<h3>Lacunas e como corrigir</h3><ol class="medicao-lacunas">');
    for (const lacuna of envelope.lacunas) {
      parts.push(
        `<li class="lacuna sev-${lacuna.severidade}"><h4>${escapeHtml(lacuna.titulo)} <span class="selo">${escapeHtml(SEVERIDADE_LABEL[lacuna.severidade])}</span></h4>` +
          `<p><strong>Por que importa:</strong> ${escapeHtml(lacuna.porque)}</p><p><strong>Como corrigir:</strong> ${escapeHtml(lacuna.comoCorrigir)}</p>` +
          (lacuna.referencia ? `<p class="small"><a href="${escapeHtml(lacuna.referencia)}" rel="noopener">Referência</a></p>` : '') +
          '</li>',
      );
    }
    parts.push('</ol>');
  }

  if (envelope.camadas.length) {
    parts.push('<h3>Todas as verificações</h3>');
    for (const camada of envelope.camadas) {
      parts.push(`<details class="medicao-camada"><summary>${escapeHtml(camada.nome)}: ${camada.nota === null ? 'não se aplica' : `${camada.nota} de 100`}</summary><ul class="medicao-verificacoes">`);
      for (const v of camada.verificacoes) {
        parts.push(
          `<li class="status-${v.status}"><span class="selo">${escapeHtml(STATUS_LABEL[v.status])}</span> <strong>${escapeHtml(v.nome)}</strong> <span class="small">(${v.pontos} de ${v.peso})</span><br>${escapeHtml(v.detalhe)}</li>`,
        );
      }
      parts.push('</ul></details>');
    }
  }

  parts.push('<h3>Leitura registrada</h3>');
  parts.push(
    `<p>Esta leitura fica registrada e pode ser consultada depois, sem medir de novo:</p><ul class="medicao-enderecos">` +
      `<li><a href="${escapeHtml(addresses.leitura)}"><code>${escapeHtml(addresses.leitura)}</code></a> (sem token)</li>` +
      `<li><code>${escapeHtml(addresses.api)}</code> (API v1, escopo <code>prontidao.read</code>)</li></ul>`,
  );
  parts.push(`<p class="small"><a href="${SCORING_PATH}">Como a nota é calculada</a></p>`);
  parts.push('</section>');
  return parts.join('\n');
}

const voltar = `<p class="medicao-voltar"><a href="${MEASURE_PATH}">Medir outro domínio</a></p>`;

/** The whole result page, in the site's layout. */
export function renderResultPage(envelope: Envelope, origin: string): string {
  return renderShellPage(
    {
      titulo: `Medição de ${envelope.dominio}`,
      descricao: 'Resultado da medição gratuita de prontidão para IA: nota, grau, camadas e lacunas com a correção.',
      conteudo: `${renderResultSection(envelope, origin)}\n${voltar}`,
      estilos: ESTILOS,
    },
    origin,
  );
}

/** A page for a measurement that did not run (bad input, limits, unavailable). */
export function renderMessagePage(title: string, message: string, detail: string | undefined, origin: string): string {
  return renderShellPage(
    {
      titulo: title,
      descricao: 'A medição gratuita de prontidão para IA não foi feita.',
      conteudo: `<div class="medicao-aviso"><p>${escapeHtml(message)}</p>${detail ? `<p class="small">${escapeHtml(detail)}</p>` : ''}</div>\n${voltar}`,
      estilos: ESTILOS,
    },
    origin,
  );
}

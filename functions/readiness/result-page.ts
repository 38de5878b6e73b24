/**
 * The server-rendered result page of the free measurement, for the form posted without JavaScript
 * (`Accept: text/html`). Self-contained HTML styled by /medicao.css (the same classes public/medicao.js
 * uses); no inline script or style (the page CSP forbids both): the gauge and the bars are SVG attributes.
 */
import { SITE_NAME } from '../../src/config/site.ts';
import type { Envelope } from './envelope.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

export const MEASURE_PAGE_PATH = '/diagnostico-de-visibilidade-cognitiva';

/** The addresses of the recorded reading in the API. */
export function readingAddresses(origin: string, dominio: string): { leitura: string; api: string; sandbox: string } {
  return {
    leitura: `${origin}/api/ia/leitura?site=${encodeURIComponent(dominio)}`,
    api: `${origin}/api/v1/prontidao/${encodeURIComponent(dominio)}`,
    sandbox: `${origin}/api/v1/sandbox/prontidao/${encodeURIComponent(dominio)}`,
  };
}

/** CSS class of a grade's color band. */
export const grauClass = (grau: string | null): string => (grau ? `grau-${grau[0]?.toLowerCase()}` : 'grau-nenhum');

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
  return `<svg class="medicao-barra" viewBox="0 0 100 8" preserveAspectRatio="none" width="100%" height="8" aria-hidden="true"><rect class="barra-fundo" x="0" y="0" width="100" height="8"/><rect class="barra-valor ${grauClass(nota === null ? null : notaGrauLetter(value))}" x="0" y="0" width="${value}" height="8"/></svg>`;
}

/** The grade letter band of a layer score (same table as the total, by its first letter). */
const notaGrauLetter = (nota: number): string => (nota >= 85 ? 'A' : nota >= 70 ? 'B' : nota >= 55 ? 'C' : nota >= 40 ? 'D' : 'F');

/** What the reading covered: the sample and whether agent interfaces counted (same text in public/medicao.js). */
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

/** The result section (shared structure with public/medicao.js). */
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
  parts.push(`<p class="small"><a href="${MEASURE_PAGE_PATH}/como-pontuamos">Como a nota é calculada</a></p>`);
  parts.push('</section>');
  return parts.join('\n');
}

function shell(title: string, body: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${SITE_NAME}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/medicao.css">
</head>
<body class="medicao-pagina">
<header class="medicao-topo"><a href="/">${SITE_NAME}</a></header>
<main id="conteudo" class="medicao-principal">
${body}
<p class="medicao-voltar"><a href="${MEASURE_PAGE_PATH}">Medir outro domínio</a></p>
</main>
</body>
</html>
`;
}

export function renderResultPage(envelope: Envelope, origin: string): string {
  return shell(`Medição de ${envelope.dominio}`, `<h1>Medição de prontidão para IA</h1>\n${renderResultSection(envelope, origin)}`);
}

/** A page for a measurement that did not run (bad input, limits, unavailable). */
export function renderMessagePage(title: string, message: string, detail?: string): string {
  return shell(title, `<h1>${escapeHtml(title)}</h1>\n<div class="medicao-aviso"><p>${escapeHtml(message)}</p>${detail ? `<p class="small">${escapeHtml(detail)}</p>` : ''}</div>`);
}

/**
 * The gate's report as people read it: pt-BR text for a terminal or a CI log, and markdown for a pull request
 * comment or a job summary (`$GITHUB_STEP_SUMMARY`). Both say the verdict first, then why, then the reading.
 * What came from the measured site (details, gaps) is printed as text: in markdown it is escaped, so a site cannot
 * inject links, images or HTML into a comment.
 */
import type { Envelope } from '../../../src/model/reading.ts';
import { type MedirReport, statusText } from './report.ts';

const VERDICT: Record<MedirReport['resultado'], string> = { aprovada: 'APROVADA', reprovada: 'REPROVADA', invalida: 'INVÁLIDA' };
const INVALID_LABEL: Record<string, string> = {
  inalcancavel: 'site inalcançável',
  bloqueio: 'bloqueio anti-robô',
  'tempo-esgotado': 'tempo esgotado',
  'alvo-invalido': 'endereço inválido',
  'linha-de-base': 'linha de base inválida',
  gravacao: 'leitura não gravada',
};
const SEVERITY: Record<string, string> = { critica: 'crítica', alta: 'alta', media: 'média', baixa: 'baixa' };

/** `2026-05-04T12:00:00.000Z` → `2026-05-04 12:00 UTC` (CI logs are read anywhere: UTC, unambiguous). */
const when = (iso: string | null): string => (iso ? iso.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC') : 'data desconhecida');

const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

function criteriaText(report: MedirReport): string {
  const parts: string[] = [];
  if (report.criterios.notaMinima !== null) parts.push(`nota mínima ${report.criterios.notaMinima}`);
  if (report.criterios.linhaDeBase !== null) {
    const b = report.linhaDeBase;
    parts.push(
      `linha de base ${report.criterios.linhaDeBase}${b ? ` (${b.dominio}: nota ${b.nota}, grau ${b.grau}, ${when(b.medidoEm)})` : ''}` +
        (report.criterios.tolerancia ? `, tolerância de ${report.criterios.tolerancia} ponto(s)` : ''),
    );
  }
  return parts.length ? parts.join('; ') : 'nenhum (só a medição)';
}

function verdictLine(report: MedirReport): string {
  const why = report.invalida ? `: ${INVALID_LABEL[report.invalida.tipo]}` : '';
  return `Resultado: ${VERDICT[report.resultado]}${why} (código de saída ${report.codigoDeSaida}).`;
}

// ---------------------------------------------------------------------------------------------------------
// Text

export function renderText(report: MedirReport): string {
  const lines: string[] = [];
  const reading = report.leitura;
  const title = report.dominio ? `Medição de ${report.dominio}` : `Medição de ${report.alvo}`;
  if (reading && reading.estado === 'registrada' && reading.nota !== null) {
    lines.push(`${title}: nota ${reading.nota} de 100, grau ${reading.grau}. Medida em ${when(reading.medidoEm)}.`);
    if (reading.teto) lines.push(`A nota foi limitada a ${reading.teto.nota}: ${reading.teto.motivo}.`);
  } else {
    lines.push(`${title}: sem nota.`);
  }
  lines.push(verdictLine(report));
  if (report.invalida) lines.push(`  ${report.invalida.motivo}`);
  for (const problema of report.problemas) lines.push(`  - ${problema.mensagem}`);
  lines.push(`Critérios: ${criteriaText(report)}.`);
  if (report.comparacao) lines.push(...comparisonText(report.comparacao));
  if (reading) lines.push(...readingText(reading));
  if (report.salvaEm) lines.push(`Leitura gravada em ${report.salvaEm}.`);
  return `${lines.join('\n')}\n`;
}

function comparisonText(c: NonNullable<MedirReport['comparacao']>): string[] {
  const lines = [`Em relação à linha de base: nota ${c.notaAntes ?? '—'} → ${c.notaAgora ?? '—'}${c.diferenca === null ? '' : ` (${signed(c.diferenca)})`}.`];
  if (c.pioraram.length) lines.push(`  Pioraram: ${c.pioraram.map((v) => `${v.nome} (${statusText(v.antes)} → ${statusText(v.agora)})`).join('; ')}.`);
  if (c.melhoraram.length) lines.push(`  Melhoraram: ${c.melhoraram.map((v) => `${v.nome} (${statusText(v.antes)} → ${statusText(v.agora)})`).join('; ')}.`);
  return lines;
}

function readingText(reading: Envelope): string[] {
  const lines: string[] = [];
  if (reading.camadas.length) {
    lines.push('Camadas:');
    for (const c of reading.camadas) lines.push(`  - ${c.nome}: ${c.nota === null ? 'não se aplica' : `${c.nota} de 100`}`);
  }
  if (reading.lacunas.length) {
    lines.push(`Lacunas (${reading.lacunas.length}):`);
    for (const l of reading.lacunas) lines.push(`  - [${SEVERITY[l.severidade]}] ${l.titulo}. Como corrigir: ${l.comoCorrigir}`);
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------------------
// Markdown

/** Text from the site or the reading as inert markdown: no markup, links, images or HTML survive. */
const md = (text: string): string => text.replace(/[\\`*_{}[\]()<>#+!|~]/g, '\\$&').replace(/\r?\n/g, ' ');

export function renderMarkdown(report: MedirReport): string {
  const out: string[] = [];
  const reading = report.leitura;
  const icon = report.resultado === 'aprovada' ? '✅' : report.resultado === 'reprovada' ? '❌' : '⚠️';
  out.push(`## ${icon} Prontidão para IA de ${md(report.dominio ?? report.alvo)}: ${VERDICT[report.resultado].toLowerCase()}`, '');
  if (reading && reading.estado === 'registrada' && reading.nota !== null) {
    out.push(`**Nota ${reading.nota} de 100, grau ${reading.grau}.** Medida em ${when(reading.medidoEm)}.`, '');
    if (reading.teto) out.push(`A nota foi limitada a ${reading.teto.nota}: ${md(reading.teto.motivo)}.`, '');
  }
  out.push(`${md(verdictLine(report))}`, '');
  if (report.invalida) out.push(`> ${md(report.invalida.motivo)}`, '');
  if (report.problemas.length) {
    for (const problema of report.problemas) out.push(`- ${md(problema.mensagem)}`);
    out.push('');
  }
  out.push(`Critérios: ${md(criteriaText(report))}.`, '');
  const c = report.comparacao;
  if (c) {
    out.push('### Em relação à linha de base', '', `Nota ${c.notaAntes ?? '—'} → ${c.notaAgora ?? '—'}${c.diferenca === null ? '' : ` (${signed(c.diferenca)})`}.`, '');
    if (c.pioraram.length || c.melhoraram.length) {
      out.push('| verificação | camada | antes | agora |', '| --- | --- | --- | --- |');
      for (const v of [...c.pioraram, ...c.melhoraram]) out.push(`| ${md(v.nome)} | ${md(v.camada)} | ${statusText(v.antes)} | ${statusText(v.agora)} |`);
      out.push('');
    }
  }
  if (reading?.camadas.length) {
    out.push('### Camadas', '', '| camada | nota |', '| --- | --- |');
    for (const camada of reading.camadas) out.push(`| ${md(camada.nome)} | ${camada.nota === null ? 'não se aplica' : camada.nota} |`);
    out.push('');
  }
  if (reading?.lacunas.length) {
    out.push('### Lacunas', '');
    for (const l of reading.lacunas) out.push(`- **${md(l.titulo)}** (${SEVERITY[l.severidade]}). ${md(l.comoCorrigir)}`);
    out.push('');
  }
  if (report.salvaEm) out.push(`Leitura gravada em \`${report.salvaEm.replace(/`/g, '')}\`.`, '');
  return `${out.join('\n')}`;
}

/**
 * The history of a domain's readings as a section of the result page (and of the measurement's in-place result),
 * and as markdown for the page's twin. Self-contained: one function per format, its own class names (`historico-*`)
 * and stylesheet (/historico.css, linked from the section itself), no script, so the section can move anywhere in a page. It shows:
 *
 * - the trend: an inline SVG line chart of the nota over the readings, drawn on the server (no JavaScript), with a
 *   `<title>` and a `<desc>` that say what it shows, and each point titled with its date, nota and grade;
 * - the values as text: a table of every reading kept (date, nota, grade), in a `<details>`;
 * - what changed between consecutive readings (functions/readiness/changes.ts), newest first: nota and grade,
 *   each check that flipped and why (the site changed, the check was revised, the method changed).
 *
 * Every value is escaped; nothing here comes from the measured site except what the reading already bounded.
 */
import { SITE_TIME_ZONE } from '../../src/model/measurement.ts';
import { escapeHtml } from '../../src/model/escape.ts';
import { changesOf, describeCheckChange, type HistoryEntry, METHOD_CHANGED_TEXT, type ReadingChange } from './changes.ts';
import { HISTORY_LIMIT } from './history.ts';

/** The stylesheet of the section. */
export const HISTORY_STYLESHEET = '/historico.css';
/** Changes listed at most (the newest). */
const MAX_CHANGES = 12;

const dayFormat = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: SITE_TIME_ZONE });
const dayTimeFormat = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: SITE_TIME_ZONE });

/** `12/01/2026` (Brasília). */
export const formatDay = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dayFormat.format(date);
};
const formatDayTime = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dayTimeFormat.format(date).replace(',', ' às');
};

const gradeClass = (grau: string | null): string => (grau ? `historico-grau-${grau[0]!.toLowerCase()}` : 'historico-sem-nota');
const valueText = (entry: HistoryEntry): string => (entry.nota === null ? 'sem nota' : `nota ${entry.nota} (${entry.grau})`);

/** The chart's geometry (SVG user units). */
const W = 640;
const H = 220;
const LEFT = 40;
const RIGHT = 16;
const TOP = 14;
const BOTTOM = 30;
const GRID = [100, 90, 70, 40, 0] as const;

const yOf = (nota: number): number => TOP + ((100 - nota) / 100) * (H - TOP - BOTTOM);

/** A one-sentence description of the series (the chart's `<desc>`, and the markdown's lead). */
export function describeTrend(entries: readonly HistoryEntry[]): string {
  const first = entries[0];
  const last = entries.at(-1);
  if (!first || !last) return 'Nenhuma leitura guardada.';
  const scored = entries.filter((e) => e.nota !== null) as (HistoryEntry & { nota: number })[];
  const unscored = entries.length - scored.length;
  const span = entries.length === 1 ? `Uma leitura, em ${formatDay(first.medidoEm)}` : `${entries.length} leituras, de ${formatDay(first.medidoEm)} a ${formatDay(last.medidoEm)}`;
  const parts = [span];
  if (scored.length) {
    const notas = scored.map((e) => e.nota);
    parts.push(`nota ${scored.length > 1 ? `de ${scored[0]!.nota} para ${scored.at(-1)!.nota} (menor ${Math.min(...notas)}, maior ${Math.max(...notas)})` : `${scored[0]!.nota}`}`);
  }
  if (unscored) parts.push(`${unscored} sem nota`);
  return `${parts.join('; ')}.`;
}

function chart(entries: readonly HistoryEntry[]): string {
  const step = entries.length > 1 ? (W - LEFT - RIGHT) / (entries.length - 1) : 0;
  const xOf = (i: number): number => (entries.length > 1 ? LEFT + i * step : LEFT + (W - LEFT - RIGHT) / 2);
  const parts: string[] = [];
  parts.push(
    `<svg class="historico-grafico" viewBox="0 0 ${W} ${H}" width="100%" role="img" aria-labelledby="historico-grafico-titulo historico-grafico-desc">` +
      `<title id="historico-grafico-titulo">Evolução da nota</title><desc id="historico-grafico-desc">${escapeHtml(describeTrend(entries))}</desc>`,
  );
  for (const value of GRID) {
    const y = yOf(value).toFixed(1);
    parts.push(`<line class="historico-grade" x1="${LEFT}" x2="${W - RIGHT}" y1="${y}" y2="${y}"/><text class="historico-eixo" x="${LEFT - 6}" y="${y}" text-anchor="end" dominant-baseline="middle">${value}</text>`);
  }
  // The line breaks where a reading has no nota.
  let run: string[] = [];
  const flush = () => {
    if (run.length > 1) parts.push(`<polyline class="historico-linha" fill="none" points="${run.join(' ')}"/>`);
    run = [];
  };
  entries.forEach((entry, i) => {
    if (entry.nota === null) flush();
    else run.push(`${xOf(i).toFixed(1)},${yOf(entry.nota).toFixed(1)}`);
  });
  flush();
  entries.forEach((entry, i) => {
    const x = xOf(i).toFixed(1);
    const label = `<title>${escapeHtml(`${formatDay(entry.medidoEm)}: ${valueText(entry)}`)}</title>`;
    if (entry.nota === null) {
      const y = yOf(0);
      parts.push(`<g class="historico-ponto historico-sem-nota">${label}<path d="M${(+x - 4).toFixed(1)} ${y - 4}l8 8m0 -8l-8 8"/></g>`);
    } else {
      parts.push(`<g class="historico-ponto">${label}<circle class="${gradeClass(entry.grau)}" cx="${x}" cy="${yOf(entry.nota).toFixed(1)}" r="4.5"/></g>`);
    }
  });
  const first = entries[0]!;
  const last = entries.at(-1)!;
  parts.push(`<text class="historico-eixo" x="${xOf(0).toFixed(1)}" y="${H - 8}" text-anchor="${entries.length > 1 ? 'start' : 'middle'}">${escapeHtml(formatDay(first.medidoEm))}</text>`);
  if (entries.length > 1) parts.push(`<text class="historico-eixo" x="${W - RIGHT}" y="${H - 8}" text-anchor="end">${escapeHtml(formatDay(last.medidoEm))}</text>`);
  parts.push('</svg>');
  return parts.join('');
}

function changeItems(change: ReadingChange): string[] {
  const items: string[] = [];
  if (change.estado.de !== change.estado.para) {
    items.push(change.estado.para === 'nao_pontuada' ? 'A leitura ficou sem nota: o site não pôde ser lido de forma confiável.' : 'O site voltou a ser lido e a ter nota.');
  }
  if (change.metodoMudou) items.push(METHOD_CHANGED_TEXT);
  for (const v of change.verificacoes) items.push(describeCheckChange(v));
  return items;
}

/** The headline of a change: the nota and grade before and after. */
export function changeHeadline(change: ReadingChange): string {
  const before = change.nota.de === null ? 'sem nota' : `${change.nota.de} (${change.grau.de})`;
  const after = change.nota.para === null ? 'sem nota' : `${change.nota.para} (${change.grau.para})`;
  const verdict = change.piorou ? 'piorou' : before === after ? 'mesma nota' : change.nota.para !== null && change.nota.de !== null && change.nota.para > change.nota.de ? 'melhorou' : 'mudou';
  return `${before} → ${after}: ${verdict}`;
}

/** The section: chart, the values as a table, and what changed. */
export function renderHistorySection(entries: readonly HistoryEntry[]): string {
  if (!entries.length) return '';
  // The section brings its own stylesheet, so it is styled wherever it is placed (the result page, the result shown in
  // place on the measurement page), and the measurement page loads it only when a result arrives.
  const parts: string[] = ['<section class="historico" aria-labelledby="historico-titulo">', `<link rel="stylesheet" href="${HISTORY_STYLESHEET}">`, '<h3 id="historico-titulo">Histórico das leituras</h3>'];
  parts.push(
    `<p class="small">Cada leitura registrada deste domínio fica guardada (as ${HISTORY_LIMIT} mais recentes). ${
      entries.length === 1 ? 'Esta é a primeira: a evolução aparece a partir da próxima leitura.' : escapeHtml(describeTrend(entries))
    }</p>`,
  );
  parts.push(`<figure class="historico-figura">${chart(entries)}<figcaption class="small">Nota de 0 a 100 por leitura; um × marca uma leitura sem nota.</figcaption></figure>`);
  parts.push(
    `<details class="historico-tabela"><summary>${entries.length === 1 ? 'A leitura' : `As ${entries.length} leituras`} em números</summary>` +
      '<table><caption>Leituras guardadas, da mais recente à mais antiga</caption><thead><tr><th scope="col">Medido em</th><th scope="col">Nota</th><th scope="col">Grau</th></tr></thead><tbody>' +
      [...entries]
        .reverse()
        .map((e) => `<tr><th scope="row">${escapeHtml(formatDayTime(e.medidoEm))}</th><td>${e.nota === null ? 'sem nota' : e.nota}</td><td>${e.grau === null ? '—' : escapeHtml(e.grau)}</td></tr>`)
        .join('') +
      '</tbody></table></details>',
  );
  const changes = changesOf(entries).reverse().slice(0, MAX_CHANGES);
  if (entries.length > 1) {
    parts.push('<h4>O que mudou entre as leituras</h4>');
    if (!changes.length) parts.push('<p>Nada mudou: todas as leituras guardadas deram o mesmo resultado.</p>');
    else {
      parts.push('<ol class="historico-mudancas">');
      for (const change of changes) {
        const items = changeItems(change);
        parts.push(
          `<li class="${change.piorou ? 'historico-piorou' : 'historico-mudou'}"><p><strong>${escapeHtml(`${formatDay(change.de)} → ${formatDay(change.para)}`)}</strong>: ${escapeHtml(changeHeadline(change))}</p>` +
            (items.length ? `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : '<p class="small">Nenhuma verificação mudou de resultado; a diferença de nota vem de créditos parciais.</p>') +
            '</li>',
        );
      }
      parts.push('</ol>');
    }
  }
  parts.push('</section>');
  return parts.join('\n');
}

/** The same facts as markdown (the result page's twin). */
export function renderHistoryMarkdown(entries: readonly HistoryEntry[]): string {
  if (!entries.length) return '';
  // A list, not a table: the twin renders no table at all, so none can carry what a measured site wrote.
  const lines = ['## Histórico das leituras', '', describeTrend(entries), ''];
  for (const e of [...entries].reverse()) lines.push(`- ${formatDayTime(e.medidoEm)}: ${e.nota === null ? 'sem nota' : `nota ${e.nota}, grau ${e.grau ?? '—'}`}`);
  lines.push('');
  const changes = changesOf(entries).reverse().slice(0, MAX_CHANGES);
  if (entries.length > 1) {
    lines.push('### O que mudou entre as leituras', '');
    if (!changes.length) lines.push('Nada mudou: todas as leituras guardadas deram o mesmo resultado.', '');
    for (const change of changes) {
      lines.push(`- **${formatDay(change.de)} → ${formatDay(change.para)}**: ${changeHeadline(change)}`);
      for (const item of changeItems(change)) lines.push(`  - ${item}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

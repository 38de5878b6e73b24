/**
 * The badge of a domain's recorded reading (`/diagnostico-de-visibilidade-cognitiva/selo/<dominio>.svg`): a small
 * SVG in the two-part form people know from READMEs ("prontidão para IA" | "A+ · 96"), and the snippets that embed
 * it. Rendered here only; served by the readiness function (handler.ts), offered on the result page.
 *
 * - Accessible: the root is `role="img"` with an `aria-label`, and its first child is a `<title>` with the same
 *   sentence (domain, nota, grau, date); the visible texts are white on colours with a contrast of at least 4.5:1
 *   (WCAG 2.2 AA for 11 px text; a unit test computes it).
 * - Inert: every text is escaped, and characters XML 1.0 forbids are dropped (the domain comes from the URL; the
 *   route only renders normalized domains, but the renderer does not rely on it).
 * - No font is embedded: each text gets a `textLength` computed from Verdana's advance widths at 11 px, so any
 *   fallback font is fitted to the same box. No `<style>`, no script, no external reference: presentation
 *   attributes only (the response's CSP is `default-src 'none'`).
 * - An SVG inside `<img>` cannot be a link: the embed snippets wrap the image in `<a href="<result page>">`.
 */
import { strongEtag } from '../http/conditional.ts';
import { escapeHtml } from '../../src/model/escape.ts';
import { SITE_NAME } from '../../src/config/site.ts';
import { badgePath, type Grau, MEASURE_PATH, measuredOn, resultPath } from '../../src/model/measurement.ts';
import type { Envelope } from '../../src/model/reading.ts';

/** What a badge shows: the grade of a scored reading, or one of the states without a grade. */
export type BadgeState =
  | { kind: 'nota'; dominio: string; nota: number; grau: Grau; medidoEm: string | null }
  | { kind: 'sem-nota'; dominio: string; medidoEm: string | null }
  | { kind: 'nao-medido'; dominio: string }
  | { kind: 'invalido' }
  | { kind: 'indisponivel'; dominio: string };

/** The badge of a domain from its recorded reading (null: never measured, or the reading expired). */
export function badgeState(dominio: string, reading: Envelope | null): BadgeState {
  if (!reading) return { kind: 'nao-medido', dominio };
  if (reading.estado === 'registrada' && reading.nota !== null && reading.grau) {
    return { kind: 'nota', dominio, nota: reading.nota, grau: reading.grau, medidoEm: reading.medidoEm };
  }
  return { kind: 'sem-nota', dominio, medidoEm: reading.medidoEm };
}

export const BADGE_HEIGHT = 20;
const LABEL = 'prontidão para IA';
const FONT_SIZE = 11;
const PADDING = 6;

/**
 * Fill behind white text, per grade letter: darker than the result page's gauge colours (public/medicao.css), which
 * sit on the page background, so that 11 px white text keeps 4.5:1.
 */
export const BADGE_COLORS = {
  label: '#444444',
  a: '#1b7f4b',
  b: '#4a7216',
  c: '#8a5a00',
  d: '#a3461a',
  f: '#b3261e',
  neutro: '#595959',
  texto: '#ffffff',
} as const;

const gradeColor = (grau: Grau): string => BADGE_COLORS[grau[0]!.toLowerCase() as 'a' | 'b' | 'c' | 'd' | 'f'];

/** Verdana's advance widths at 11 px (units per em 2048), by character; accents are measured on their base letter. */
const WIDTHS: Record<string, number> = Object.fromEntries(
  Object.entries({
    ' ': 720, a: 1233, b: 1261, c: 1068, d: 1261, e: 1219, f: 720, g: 1261, h: 1279, i: 559, j: 704, k: 1198, l: 559, m: 1972,
    n: 1279, o: 1240, p: 1261, q: 1261, r: 874, s: 1052, t: 807, u: 1279, v: 1198, w: 1649, x: 1198, y: 1198, z: 1076,
    A: 1401, B: 1405, C: 1433, D: 1577, E: 1294, F: 1178, G: 1567, H: 1540, I: 861, J: 921, K: 1419, L: 1155, M: 1722, N: 1540,
    O: 1612, P: 1237, Q: 1612, R: 1429, S: 1400, T: 1238, U: 1505, V: 1401, W: 2035, X: 1405, Y: 1238, Z: 1399,
    '.': 745, ',': 745, ':': 930, '-': 874, '+': 1716, '·': 745, '/': 1042, '(': 930, ')': 930,
  }).map(([c, units]) => [c, (units / 2048) * FONT_SIZE]),
);
const DIGIT_WIDTH = (1303 / 2048) * FONT_SIZE;
const DEFAULT_WIDTH = (1250 / 2048) * FONT_SIZE;

/** The width of a text in Verdana 11 px, rounded up to a tenth of a pixel. */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text.normalize('NFD').replace(/\p{M}/gu, '')) width += /[0-9]/.test(char) ? DIGIT_WIDTH : (WIDTHS[char] ?? DEFAULT_WIDTH);
  return Math.ceil(width * 10) / 10;
}

/** Text or attribute value for XML: characters XML 1.0 forbids dropped, then the five significant ones escaped. */
const xmlText = (value: string): string => escapeHtml(value.replace(/[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, ''));

/** The visible value, its colour and the accessible sentence of a badge. */
function describe(state: BadgeState, origin: string): { value: string; color: string; title: string } {
  switch (state.kind) {
    case 'nota': {
      const day = measuredOn(state.medidoEm);
      return {
        value: `${state.grau} · ${state.nota}`,
        color: gradeColor(state.grau),
        title: `Prontidão para IA de ${state.dominio}: nota ${state.nota} de 100, grau ${state.grau}${day ? `, medida em ${day}` : ''} pela ${SITE_NAME}.`,
      };
    }
    case 'sem-nota': {
      const day = measuredOn(state.medidoEm);
      return {
        value: 'sem nota',
        color: BADGE_COLORS.neutro,
        title: `Prontidão para IA de ${state.dominio}: a última medição${day ? `, em ${day},` : ''} não chegou a uma nota confiável.`,
      };
    }
    case 'nao-medido':
      return {
        value: 'medir grátis',
        color: BADGE_COLORS.neutro,
        title: `${state.dominio} ainda não tem medição de prontidão para IA: meça de graça em ${origin}${MEASURE_PATH}.`,
      };
    case 'invalido':
      return { value: 'domínio inválido', color: BADGE_COLORS.neutro, title: 'Selo de prontidão para IA: o endereço não traz um domínio válido.' };
    case 'indisponivel':
      return {
        value: 'indisponível',
        color: BADGE_COLORS.neutro,
        title: `Prontidão para IA de ${state.dominio}: as leituras estão indisponíveis no momento; tente de novo em instantes.`,
      };
  }
}

/**
 * The badge as a standalone SVG document (UTF-8). `inline`: for a page that shows it inside its own HTML, without the
 * `<title>` child (the `aria-label` names it there; an HTML document keeps one title element).
 */
export function renderBadge(state: BadgeState, origin: string, options: { inline?: boolean } = {}): string {
  const { value, color, title } = describe(state, origin);
  const labelText = textWidth(LABEL);
  const valueText = textWidth(value);
  const labelWidth = Math.ceil(labelText + 2 * PADDING);
  const valueWidth = Math.ceil(valueText + 2 * PADDING);
  const width = labelWidth + valueWidth;
  const text = (x: number, length: number, content: string) =>
    `<text x="${x}" y="14" textLength="${length}" lengthAdjust="spacingAndGlyphs">${xmlText(content)}</text>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${BADGE_HEIGHT}" viewBox="0 0 ${width} ${BADGE_HEIGHT}" role="img" aria-label="${xmlText(title)}">` +
    (options.inline ? '' : `<title>${xmlText(title)}</title>`) +
    `<rect width="${labelWidth}" height="${BADGE_HEIGHT}" fill="${BADGE_COLORS.label}"/>` +
    `<rect x="${labelWidth}" width="${valueWidth}" height="${BADGE_HEIGHT}" fill="${color}"/>` +
    `<g fill="${BADGE_COLORS.texto}" font-family="Verdana, DejaVu Sans, sans-serif" font-size="${FONT_SIZE}">` +
    text(PADDING, labelText, LABEL) +
    text(labelWidth + PADDING, valueText, value) +
    '</g></svg>\n'
  );
}

/**
 * Badges are embedded in other sites and in READMEs behind image proxies (GitHub's camo keeps a copy and honours the
 * origin's caching; its maintainers' advice for badges is a validator plus a short or no freshness): five minutes
 * fresh, then revalidated with the ETag (a 304 costs one store read and no body). A new measurement shows within
 * five minutes wherever the badge is shown.
 */
export const BADGE_CACHE_CONTROL = 'public, max-age=300, must-revalidate';

/** A strong validator of a badge's bytes: the same badge, the same tag (what a revalidation compares). */
export const badgeEtag: (svg: string) => string = strongEtag;

/** The text alternative of an embedded badge: it names what the image says without fixing a grade that will change. */
export const badgeAlt = (dominio: string): string => `Prontidão para IA de ${dominio}: selo da medição da ${SITE_NAME}`;

/**
 * The snippets that embed a domain's badge, linked to its result page (absolute addresses: they are pasted into other
 * sites). HTML: `<a><img></a>` with the badge's height; markdown: an image inside a link, as READMEs write badges.
 */
export function badgeSnippets(origin: string, dominio: string): { html: string; markdown: string } {
  const page = `${origin}${resultPath(dominio)}`;
  const image = `${origin}${badgePath(dominio)}`;
  const alt = badgeAlt(dominio);
  return {
    html: `<a href="${escapeHtml(page)}"><img src="${escapeHtml(image)}" alt="${escapeHtml(alt)}" height="${BADGE_HEIGHT}"></a>`,
    markdown: `[![${alt.replace(/[[\]\\]/g, '\\$&')}](${image})](${page})`,
  };
}

/**
 * The facts of the free readiness measurement that the site, the functions and the tests share, declared once:
 * the page where it is made, the page that explains the scoring, and the grade bands (A+ … F with their minimum
 * nota). Pure: importable from Astro, functions (Deno included), server and tests.
 */

/** Route of the page where the free measurement is made (under the diagnostic section). */
export const MEASURE_ROUTE = 'diagnostico-de-visibilidade-cognitiva';
/** Root-relative path of that page. */
export const MEASURE_PATH = `/${MEASURE_ROUTE}`;
/** The page that publishes the scoring method. */
export const SCORING_PATH = `${MEASURE_PATH}/como-pontuamos`;

/** Minimum nota of each grade, best first (published in the scoring page; a unit test keeps them in agreement). */
export const GRADE_TABLE = [
  [95, 'A+'],
  [90, 'A'],
  [85, 'A-'],
  [80, 'B+'],
  [75, 'B'],
  [70, 'B-'],
  [65, 'C+'],
  [60, 'C'],
  [55, 'C-'],
  [50, 'D+'],
  [45, 'D'],
  [40, 'D-'],
  [0, 'F'],
] as const satisfies readonly (readonly [min: number, grau: string])[];

export type Grau = (typeof GRADE_TABLE)[number][1];

/** Every grade, best first. */
export const GRAUS = GRADE_TABLE.map(([, grau]) => grau) as [Grau, ...Grau[]];

/** The grade of a nota (0 to 100, floored). */
export function gradeFor(nota: number): Grau {
  const n = Math.max(0, Math.min(100, Math.floor(nota)));
  for (const [min, grau] of GRADE_TABLE) if (n >= min) return grau;
  return 'F';
}

/** CSS class of a grade's color band (by its letter), `grau-nenhum` without a grade. */
export const grauClass = (grau: string | null): string => (grau ? `grau-${grau[0]?.toLowerCase()}` : 'grau-nenhum');

/** Prefix of the result pages for people: `${RESULT_PREFIX}<dominio>` shows the recorded reading of a domain. */
export const RESULT_PREFIX = `${MEASURE_PATH}/resultado/`;
/** The result page of a domain (already normalized). */
export const resultPath = (dominio: string): string => `${RESULT_PREFIX}${encodeURIComponent(dominio)}`;

/** Prefix of the badges (SVG) of the recorded readings: `${BADGE_PREFIX}<dominio>.svg`. */
export const BADGE_PREFIX = `${MEASURE_PATH}/selo/`;
/** The badge of a domain (already normalized). */
export const badgePath = (dominio: string): string => `${BADGE_PREFIX}${encodeURIComponent(dominio)}.svg`;

/** The site's time zone: times people read are Brasília's. */
export const SITE_TIME_ZONE = 'America/Sao_Paulo';

/** The day of a measurement as people read it in pt-BR, Brasília time ("4 de maio de 2026"); '' when absent or unreadable. */
export function measuredOn(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : undefined;
  if (!date || Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: SITE_TIME_ZONE }).format(date);
}

const dayAndTime = (date: Date): { day: string; hour: string; minute: string } => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: String(Number(parts.hour)), minute: parts.minute ?? '00' };
};

/**
 * When something can be done again, as people say it in pt-BR (Brasília time): "hoje às 16h05", "amanhã às 14h20",
 * or "em 26/11 às 9h00" further away. `now` and the result in epoch milliseconds.
 */
export function whenAgain(now: number, at: number): string {
  // Rounded up to the minute: the time said is never before the moment it becomes true.
  const target = dayAndTime(new Date(Math.ceil(at / 60_000) * 60_000));
  const time = `${target.hour}h${target.minute}`;
  if (target.day === dayAndTime(new Date(now)).day) return `hoje às ${time}`;
  if (target.day === dayAndTime(new Date(now + 24 * 3600 * 1000)).day) return `amanhã às ${time}`;
  const [, month, day] = target.day.split('-');
  return `em ${day}/${month} às ${time}`;
}

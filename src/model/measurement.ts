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

/** One figure of `npm run bench`. */
export interface BenchRow {
  area: string;
  metric: string;
  value: number;
  unit: string;
  /** Human-readable target, e.g. "≤ 10 ms" or "≥ 8000". */
  target?: string;
  /** Whether the target is met (absent when there is no target). */
  ok?: boolean;
}

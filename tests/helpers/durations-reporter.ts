/**
 * A node:test reporter for scripts/test.ts: how long each test file took and what it counted, as JSON
 * (`--test-reporter=./tests/helpers/durations-reporter.ts --test-reporter-destination=<file>`), beside the usual
 * spec output. `npm test` adds up its phases from these files and prints the slowest files.
 */
export interface FileDuration {
  file: string;
  durationMs: number;
  passed: number;
  failed: number;
  skipped: number;
  todo: number;
}

export interface DurationsReport {
  files: FileDuration[];
  total?: Omit<FileDuration, 'file'> & { tests: number };
}

interface SummaryEvent {
  type: 'test:summary';
  data: {
    file?: string;
    duration_ms: number;
    counts: { tests: number; passed: number; failed: number; skipped: number; todo: number; cancelled: number };
  };
}

export default async function* durations(source: AsyncIterable<{ type: string; data: unknown }>): AsyncGenerator<string> {
  const report: DurationsReport = { files: [] };
  for await (const event of source) {
    if (event.type !== 'test:summary') continue;
    const { file, duration_ms: durationMs, counts } = (event as SummaryEvent).data;
    const entry = { durationMs: Math.round(durationMs), passed: counts.passed, failed: counts.failed + counts.cancelled, skipped: counts.skipped, todo: counts.todo };
    if (file) report.files.push({ file, ...entry });
    else report.total = { ...entry, tests: counts.tests };
  }
  yield `${JSON.stringify(report, null, 2)}\n`;
}

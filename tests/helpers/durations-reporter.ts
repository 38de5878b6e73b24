/**
 * A node:test reporter for scripts/test.ts: how long each test file took and what it counted, and every failed
 * test with the first lines of its error, as JSON (`--test-reporter=./tests/helpers/durations-reporter.ts
 * --test-reporter-destination=<file>`), beside the usual spec output. `npm test` adds up its phases from these files,
 * prints the slowest files, and prints the failures again at the very end, where a log cut to its tail still shows
 * them (the spec reporter lists a phase's failures at the end of that phase, before the next one's output).
 */
export interface FileDuration {
  file: string;
  durationMs: number;
  passed: number;
  failed: number;
  skipped: number;
  todo: number;
}

/** A failed test: where it is, its name (with its suites'), and the first lines of what it threw. */
export interface FailedTest {
  file?: string;
  line?: number;
  name: string;
  error: string;
}

export interface DurationsReport {
  files: FileDuration[];
  failures: FailedTest[];
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

interface FailEvent {
  type: 'test:fail';
  data: { name: string; nesting: number; file?: string; line?: number; details: { error?: unknown; type?: string } };
}

/** Lines of an error kept for the final list: enough for an assertion's message and its diff. */
const ERROR_LINES = 24;

/** What a failed test threw, its own message first (node:test wraps it as the `cause` of its own error). */
export function errorText(error: unknown): string {
  const thrown = error instanceof Error && error.cause !== undefined ? error.cause : error;
  const text = thrown instanceof Error ? (thrown.stack ?? `${thrown.name}: ${thrown.message}`) : String(thrown);
  // The runner's own frames say nothing about the failure.
  const lines = text.split('\n').filter((l) => !/^\s+at .*(node:internal|node:async_hooks|\(<anonymous>\)$)/.test(l));
  return lines.length > ERROR_LINES ? [...lines.slice(0, ERROR_LINES), `… (${lines.length - ERROR_LINES} linhas a mais)`].join('\n') : lines.join('\n');
}

export default async function* durations(source: AsyncIterable<{ type: string; data: unknown }>): AsyncGenerator<string> {
  const report: DurationsReport = { files: [], failures: [] };
  /** Per file, the names of the tests open at each depth (its suites), for a failure's full name. */
  const open = new Map<string, string[]>();
  for await (const event of source) {
    if (event.type === 'test:start') {
      const { name, nesting, file } = event.data as { name: string; nesting: number; file?: string };
      const names = open.get(file ?? '') ?? [];
      names.length = nesting;
      names[nesting] = name;
      open.set(file ?? '', names);
      continue;
    }
    if (event.type === 'test:fail') {
      const { name, nesting, file, line, details } = (event as FailEvent).data;
      // A suite fails because a test in it did: the test is listed, not the suite again.
      if (details.type === 'suite') continue;
      const suites = (open.get(file ?? '') ?? []).slice(0, nesting);
      report.failures.push({ file, line, name: [...suites, name].join(' › '), error: errorText(details.error) });
      continue;
    }
    if (event.type !== 'test:summary') continue;
    const { file, duration_ms: durationMs, counts } = (event as SummaryEvent).data;
    const entry = { durationMs: Math.round(durationMs), passed: counts.passed, failed: counts.failed + counts.cancelled, skipped: counts.skipped, todo: counts.todo };
    if (file) report.files.push({ file, ...entry });
    else report.total = { ...entry, tests: counts.tests };
  }
  yield `${JSON.stringify(report, null, 2)}\n`;
}

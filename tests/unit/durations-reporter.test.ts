/**
 * The reporter behind `npm test`'s closing lines (tests/helpers/durations-reporter.ts): each file's time and counts,
 * and every failed test named with its suites and the first lines of its own error, so a log read from its tail
 * still shows why a run failed.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import durations, { type DurationsReport, errorText } from '../helpers/durations-reporter.ts';

async function report(events: { type: string; data: unknown }[]): Promise<DurationsReport> {
  async function* source() {
    yield* events;
  }
  let out = '';
  for await (const chunk of durations(source())) out += chunk;
  return JSON.parse(out) as DurationsReport;
}

/** node:test wraps what a test threw as the `cause` of an error of its own. */
function wrapped(thrown: unknown): Error {
  return Object.assign(new Error('test failed'), { cause: thrown });
}

const counts = (passed: number, failed: number) => ({ tests: passed + failed, passed, failed, skipped: 0, todo: 0, cancelled: 0 });

test('lists each failed test under its suites with its own message, not the suite that failed because of it', async () => {
  const a = '/x/a.test.ts';
  const b = '/x/b.test.ts';
  const assertion = new assert.AssertionError({ message: 'violações axe: contato-celular-sem-js-erros', actual: ['color-contrast'], expected: [], operator: 'deepStrictEqual' });
  const result = await report([
    { type: 'test:start', data: { name: 'contact form in Chromium', nesting: 0, file: a } },
    { type: 'test:start', data: { name: 'suite of b', nesting: 0, file: b } },
    { type: 'test:start', data: { name: 'desktop', nesting: 1, file: a } },
    { type: 'test:start', data: { name: 'celular', nesting: 1, file: a } },
    { type: 'test:fail', data: { name: 'celular', nesting: 1, file: a, line: 65, details: { type: 'test', error: wrapped(assertion) } } },
    { type: 'test:fail', data: { name: 'contact form in Chromium', nesting: 0, file: a, line: 24, details: { type: 'suite', error: wrapped(new Error('1 subtest failed')) } } },
    { type: 'test:start', data: { name: 'plain', nesting: 0, file: b } },
    { type: 'test:fail', data: { name: 'plain', nesting: 0, file: b, details: { error: wrapped('a string thrown') } } },
    { type: 'test:summary', data: { file: a, duration_ms: 1234.4, counts: counts(1, 1) } },
    { type: 'test:summary', data: { file: b, duration_ms: 10, counts: counts(0, 1) } },
    { type: 'test:summary', data: { duration_ms: 2000, counts: counts(1, 2) } },
  ]);
  assert.deepEqual(
    result.failures.map((f) => [f.file, f.line, f.name]),
    [
      [a, 65, 'contact form in Chromium › celular'],
      [b, undefined, 'plain'],
    ],
  );
  assert.match(result.failures[0]!.error, /^AssertionError \[ERR_ASSERTION\]: violações axe: contato-celular-sem-js-erros/);
  assert.match(result.failures[0]!.error, /color-contrast/, 'the diff of the assertion is kept');
  assert.equal(result.failures[1]!.error, 'a string thrown');
  assert.deepEqual(result.files.map((f) => [f.file, f.durationMs, f.failed]), [
    [a, 1234, 1],
    [b, 10, 1],
  ]);
  assert.equal(result.total?.failed, 2);
});

test("an error's text drops the runner's own frames and keeps at most 24 lines", () => {
  const error = new Error('boom');
  error.stack = ['Error: boom', '    at TestContext.<anonymous> (file:///x/a.test.ts:6:31)', '    at Test.run (node:internal/test_runner/test:1402:25)', '    at new Promise (<anonymous>)', '    at Test.runInAsyncScope (node:async_hooks:227:14)'].join('\n');
  assert.equal(errorText(wrapped(error)), 'Error: boom\n    at TestContext.<anonymous> (file:///x/a.test.ts:6:31)');
  const long = new Error('long');
  long.stack = ['Error: long', ...Array.from({ length: 40 }, (_, i) => `line ${i}`)].join('\n');
  const lines = errorText(long).split('\n');
  assert.equal(lines.length, 25);
  assert.equal(lines.at(-1), '… (17 linhas a mais)');
});

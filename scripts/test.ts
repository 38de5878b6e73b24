/**
 * `npm test`: builds the site for the test origin, type-checks, then runs every suite with node:test
 * (unit, integration against the local server and a real Redis, browser tests in Chromium).
 * Extra arguments are test file globs: `npm test -- 'tests/unit/**\/*.test.ts'`.
 */
import { spawnSync } from 'node:child_process';

const env = { ...process.env, SITE_URL: process.env.SITE_URL ?? 'http://localhost:8890', ASTRO_TELEMETRY_DISABLED: '1' };
const run = (cmd: string, args: string[]) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const globs = process.argv.slice(2);
if (process.env.SKIP_BUILD !== '1') run('npm', ['run', '--silent', 'build']);
if (!globs.length && process.env.SKIP_TYPECHECK !== '1') run('npm', ['run', '--silent', 'typecheck']);
run(process.execPath, [
  '--test',
  // One file at a time: the load, Lighthouse and Netlify-emulator suites each need the 2 cores to themselves.
  '--test-concurrency=1',
  '--test-timeout=180000',
  ...(globs.length ? globs : ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/browser/**/*.test.ts']),
]);

/**
 * `npm test`: builds the site for the test origin, type-checks, then runs every suite with node:test
 * (unit, integration against the local server and a real Redis, browser tests in Chromium).
 * Extra arguments are test file globs: `npm test -- 'tests/unit/**\/*.test.ts'`.
 * `npm run test:fast` (`--fast`): the build, then the unit and in-process handler suites, without the suites
 * that need the whole machine or minutes (listed in FULL_ONLY); under a minute on 2 cores.
 */
import { spawnSync } from 'node:child_process';
import { globSync } from 'node:fs';

const env: NodeJS.ProcessEnv = { ...process.env, SITE_URL: process.env.SITE_URL ?? 'http://localhost:8890', ASTRO_TELEMETRY_DISABLED: '1' };
const run = (cmd: string, args: string[]) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const ALL = ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/browser/**/*.test.ts'];
/** Suites only `npm test` runs: browsers, load and fuzzing, the Netlify emulator, real builds, Redis faults, floods, a whole measurement, the MCP conformance suite. */
const FULL_ONLY = [
  'tests/browser/**',
  'tests/integration/load.test.ts',
  'tests/integration/fuzz.test.ts',
  'tests/integration/parity-netlify.test.ts',
  'tests/integration/content-errors.test.ts',
  'tests/integration/company-facts-build.test.ts',
  'tests/integration/storefront-build.test.ts',
  'tests/integration/storage-faults.test.ts',
  'tests/integration/registration-flood.test.ts',
  'tests/integration/readiness-dogfood.test.ts',
  'tests/integration/mcp-conformance.test.ts',
];

const args = process.argv.slice(2);
const fast = args.includes('--fast');
const globs = args.filter((a) => a !== '--fast');
const files = fast ? globSync(ALL, { exclude: FULL_ONLY }).sort() : globs.length ? globs : ALL;
// Tests whose whole point is a real wait (the measurement's 20 s budget) skip themselves in the fast tier only.
if (fast) env.TEST_TIER = 'fast';
if (process.env.SKIP_BUILD !== '1') run('npm', ['run', '--silent', 'build']);
if (!fast && !globs.length && process.env.SKIP_TYPECHECK !== '1') run('npm', ['run', '--silent', 'typecheck']);
run(process.execPath, [
  '--test',
  // One file at a time: the load, Lighthouse and Netlify-emulator suites each need the 2 cores to themselves.
  // The fast tier has none of them: two files at a time, one per core.
  `--test-concurrency=${fast ? 2 : 1}`,
  '--test-timeout=180000',
  ...files,
]);

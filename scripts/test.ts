/**
 * `npm test`: builds the site for the test origin, type-checks, then runs every suite with node:test
 * (unit, integration against the local server and a real Redis, browser tests in Chromium).
 * Extra arguments are test file globs: `npm test -- 'tests/unit/**\/*.test.ts'`.
 * `npm run test:fast` (`--fast`): the build, then the unit and in-process handler suites, four at a time, without
 * the suites that need the whole machine or minutes (listed in FULL_ONLY); about 42 s on 2 cores. Its unit files that
 * need no build output (BUILD_FREE) run two at a time while the site is built, in a phase of their own.
 *
 * Two phases: first every file that can share the 2 cores, two at a time (one per core; four in the fast run); then,
 * one at a time, the files that need the machine to themselves (EXCLUSIVE: throughput, Lighthouse scores, a time
 * budget measured end to end, the Netlify emulator's bundler). The browser files share one Chromium, started here
 * (tests/helpers/browser.ts). Each phase writes the time and counts of every file to
 * test-results/durations-<phase>.json; the slowest files and the totals are printed at the end.
 *
 * Runs side by side in one checkout share dist/: a run builds it under an exclusive lock (`flock`, the file
 * test-results/.dist.lock) and holds a shared lock while its tests read it, so no run rebuilds dist/ under another's
 * tests. A run that finds the lock taken (another run building or testing) does not build: it tests what is there.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, globSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SharedChromium, startSharedChromium } from '../tests/helpers/browser.ts';
import type { DurationsReport } from '../tests/helpers/durations-reporter.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const RESULTS = `${root}test-results/`;
const LOCK = `${RESULTS}.dist.lock`;
/** flock's exit status when the lock is taken (`-n -E`). */
const LOCK_TAKEN = 75;
/** This run's own reports (another run may write test-results/ at the same time); copied there at the end. */
const REPORTS = mkdtempSync(`${tmpdir()}/testes-`);
/**
 * Node's module compile cache for every process of the run (the test files, the servers and CLIs they start): the
 * code V8 compiled from each module, on disk and checked against the source, reused across runs and by runs side by
 * side. Importing server/local.ts takes 75 ms instead of 145 ms in each of the ~120 test processes.
 * `NODE_DISABLE_COMPILE_CACHE=1` turns it off.
 */
const COMPILE_CACHE = process.env.NODE_COMPILE_CACHE ?? `${RESULTS}.compile-cache`;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  SITE_URL: process.env.SITE_URL ?? 'http://localhost:8890',
  ASTRO_TELEMETRY_DISABLED: '1',
  NODE_COMPILE_CACHE: COMPILE_CACHE,
};
const runSync = (cmd: string, args: string[]) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const ALL = ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/browser/**/*.test.ts'];
/**
 * Suites only `npm test` runs: browsers, load and fuzzing, the Netlify emulator, real builds, Redis faults, floods,
 * a whole measurement, the MCP conformance suite and afdocs' score (a third-party checker reading every page; the fast
 * run keeps tests/integration/llms-txt-pointer.test.ts), and the two that start hundreds of processes: the `medir`
 * CLI run as a person runs it (its pieces have unit tests in tests/unit/medir.test.ts) and every lacuna's curl
 * reproduction replayed in a shell over the generators' builds (tests/integration/readiness-corpus.test.ts keeps the
 * corpus in the fast run).
 */
const FULL_ONLY = [
  'tests/browser/**',
  'tests/integration/afdocs.test.ts',
  'tests/integration/medir-cli.test.ts',
  'tests/integration/readiness-generators.test.ts',
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
/**
 * Suites that need the 2 cores to themselves, run one at a time after the others: the load test (throughput and
 * latency), Lighthouse (performance scores from the page's own CPU time) and the Netlify emulator (its edge runtime
 * gives up on a request after 36 s).
 */
const EXCLUSIVE = ['tests/integration/load.test.ts', 'tests/browser/lighthouse.test.ts', 'tests/integration/parity-netlify.test.ts'];
/**
 * Unit files the fast run starts while the site is being built (the build keeps about one core busy for its 4 s):
 * every unit file but those that import what the build writes (`.generated/`, `dist/`) or read the Netlify adapters
 * its `prebuild` rewrites. They run with tests/helpers/without-build.ts preloaded, so a file here that comes to import
 * the build's output fails at once, naming the file, instead of reading a file being rewritten.
 */
const BUILD_FREE = ['tests/unit/**/*.test.ts'];
const NEEDS_BUILD = [
  'tests/unit/agents.test.ts',
  'tests/unit/api/deprecation.test.ts',
  'tests/unit/api/sandbox.test.ts',
  'tests/unit/contact/payload.test.ts',
  'tests/unit/layers.test.ts',
  'tests/unit/netlify-adapters.test.ts',
  'tests/unit/origin-free.test.ts',
  'tests/unit/page-model.test.ts',
  'tests/unit/page-shell.test.ts',
  'tests/unit/pipeline.test.ts',
  'tests/unit/publish-pages.test.ts',
  'tests/unit/readiness/config.test.ts',
  'tests/unit/readiness/mcp-revisao.test.ts',
  'tests/unit/resources.test.ts',
  'tests/unit/search/buyer-queries.test.ts',
  'tests/unit/search/search.test.ts',
];

const args = process.argv.slice(2);
const fast = args.includes('--fast');
const globs = args.filter((a) => a !== '--fast');
const files = globSync(fast ? ALL : globs.length ? globs : ALL, { exclude: fast ? FULL_ONLY : [] }).sort();
mkdirSync(RESULTS, { recursive: true });
/**
 * The build (under the exclusive lock on dist/): resolves with 0 when it is done or when another run holds the lock
 * (that run builds or tests; this one tests the dist/ there is), otherwise with the build's exit status.
 */
function build(): Promise<number> {
  if (process.env.SKIP_BUILD === '1') return Promise.resolve(0);
  const child = spawn('flock', ['-x', '-n', '-E', String(LOCK_TAKEN), LOCK, 'npm', 'run', '--silent', 'build'], { stdio: 'inherit', env });
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      if (code === LOCK_TAKEN) console.log('Outra execução dos testes está construindo ou lendo dist/: esta testa o dist/ que houver.');
      resolve(code === LOCK_TAKEN ? 0 : (code ?? 1));
    }),
  );
}

/**
 * Files at a time in the fast run: many of its files wait on sockets, child processes and timers, so four keep the
 * 2 cores busy (with the compile cache, all of its files then, on an idle machine: 58 s at 4, 60 s at 3, 69 s at 2;
 * 6 stays at 47 s like 4, the cores are full). The full run keeps one per core: its browser files share one
 * Chromium and its timings were set for two at a time.
 */
const FAST_CONCURRENCY = 4;

// node --test runs the files in path order: tests/browser (the longest) first, tests/unit (the shortest) last.
const exclusive = new Set(globSync(EXCLUSIVE));
// The fast run starts the unit files that do not need the build beside it, two at a time; they go on beside the
// shared phase, which starts when the build is done.
const buildFree = new Set(fast ? globSync(BUILD_FREE, { exclude: NEEDS_BUILD }) : []);
const WITHOUT_BUILD = `--import=${root}tests/helpers/without-build.ts`;
interface Phase {
  name: string;
  concurrency: number;
  files: string[];
  env?: NodeJS.ProcessEnv;
}
const duringBuild: Phase = {
  name: 'durante-o-build',
  concurrency: 2,
  files: files.filter((f) => buildFree.has(f)),
  env: { ...env, NODE_OPTIONS: [env.NODE_OPTIONS, WITHOUT_BUILD].filter(Boolean).join(' ') },
};
const phases: Phase[] = [
  { name: 'compartilhada', concurrency: fast ? FAST_CONCURRENCY : 2, files: files.filter((f) => !exclusive.has(f) && !buildFree.has(f)) },
  { name: 'exclusiva', concurrency: 1, files: files.filter((f) => exclusive.has(f)) },
].filter((phase) => phase.files.length > 0);

function runPhase(phase: Phase): { child: ChildProcess; exited: Promise<number> } {
  const child = spawn(
    process.execPath,
    [
      '--test',
      `--test-concurrency=${phase.concurrency}`,
      '--test-timeout=180000',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=./tests/helpers/durations-reporter.ts',
      `--test-reporter-destination=${REPORTS}/durations-${phase.name}.json`,
      ...phase.files,
    ],
    { stdio: 'inherit', env: phase.env ?? env, cwd: root },
  );
  return { child, exited: new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))) };
}

/** Holds the shared lock on dist/ until `release()` (a `flock` child; it lets go if this process dies). */
async function readLock(): Promise<{ release(): void }> {
  const holder = spawn('flock', ['-s', LOCK, 'sh', '-c', 'echo lido; cat > /dev/null'], { stdio: ['pipe', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    holder.stdout.once('data', () => resolve());
    holder.once('exit', (code) => reject(new Error(`flock saiu (${code}) sem a trava de leitura de dist/`)));
  });
  return { release: () => holder.stdin.end() };
}

function printDurations(names: string[]): void {
  const reports = names.map((name) => {
    copyFileSync(`${REPORTS}/durations-${name}.json`, `${RESULTS}durations-${name}.json`);
    return JSON.parse(readFileSync(`${REPORTS}/durations-${name}.json`, 'utf8')) as DurationsReport;
  });
  const files = reports.flatMap((r) => r.files).sort((a, b) => b.durationMs - a.durationMs);
  const sum = (key: 'passed' | 'failed' | 'skipped' | 'todo') => reports.reduce((n, r) => n + (r.total?.[key] ?? 0), 0);
  console.log('\nArquivos mais lentos (s):');
  for (const f of files.slice(0, 12)) console.log(`  ${(f.durationMs / 1000).toFixed(1).padStart(6)}  ${relative(root, f.file)}`);
  const failures = reports.flatMap((r) => r.failures);
  if (failures.length) {
    console.log(`\nFalhas (${failures.length}):`);
    for (const f of failures) {
      console.log(`\n✖ ${f.file ? `${relative(root, f.file)}${f.line ? `:${f.line}` : ''}` : '?'}\n  ${f.name}`);
      console.log(f.error.replace(/^/gm, '    '));
    }
  }
  console.log(`\nFases: ${names.map((n, i) => `${n} ${((reports[i]!.total?.durationMs ?? 0) / 1000).toFixed(0)} s`).join(', ')}`);
  console.log(`${sum('passed')} passed, ${sum('failed')} failed, ${sum('skipped')} skipped`);
}

let status = 0;
const ran: string[] = [];
const early = duringBuild.files.length ? runPhase(duringBuild) : undefined;
const earlyDone = early?.exited.then((code) => {
  ran.push(duringBuild.name);
  if (code !== 0) status = code;
});
const built = await build();
if (built !== 0) {
  early?.child.kill();
  process.exit(built);
}
if (!fast && !globs.length && process.env.SKIP_TYPECHECK !== '1') runSync('npm', ['run', '--silent', 'typecheck']);

const lock = await readLock();
// One Chromium for every browser file of the run (both phases).
let chromium: SharedChromium | undefined;
if (files.some((f) => f.startsWith('tests/browser/'))) {
  chromium = await startSharedChromium();
  Object.assign(env, chromium.env);
}
try {
  for (const phase of phases) {
    const code = await runPhase(phase).exited;
    ran.push(phase.name);
    if (code !== 0) status = code;
  }
  await earlyDone;
} finally {
  await chromium?.close();
  lock.release();
}
if (ran.length) printDurations(ran);
rmSync(REPORTS, { recursive: true, force: true });
process.exit(status);

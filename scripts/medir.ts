/**
 * `npm run medir -- <url> [opções]`: the readiness instrument as a gate for CI, run locally with no server
 * (scripts/lib/medir/run.ts; docs/medir.md). The `medir` bin (bin/medir.js) starts this file on any Node ≥ 22.12.
 * Exit codes: 0 passes, 1 below the minimum score or worse than the baseline, 2 an invalid run.
 */
import { runMedir } from './lib/medir/run.ts';

try {
  process.exitCode = await runMedir(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
  });
} catch (error) {
  // A defect of the tool is an invalid run, never a verdict on the site.
  process.stderr.write(`medir: erro interno: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 2;
}

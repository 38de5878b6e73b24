#!/usr/bin/env node
// The `medir` command (package.json "bin"; `npx medir <url>` in a checkout): starts scripts/medir.ts, the CI gate of
// the readiness instrument (docs/medir.md). Plain JavaScript, so that any Node from 22.12 on can start it:
// - Node 22.18+ and 23.6+ strip TypeScript types by default (process.features.typescript is set): the entry is
//   imported here;
// - Node 22.12 to 22.17 have type stripping behind --experimental-strip-types: the entry runs in a child Node with
//   that flag (its warning silenced), and its exit code is this process's;
// - older Node: a message saying which version is needed, exit code 2 (an invalid run, never a verdict on the site).
// Node never strips types under node_modules: the tool runs from a checkout (or a local path), not from a tarball
// installed into node_modules.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  process.stderr.write(`medir: é preciso o Node 22.12 ou mais novo (este é o ${process.versions.node}).\n`);
  process.exit(2);
}
const entry = new URL('../scripts/medir.ts', import.meta.url);
if (fileURLToPath(entry).split(/[\\/]/).includes('node_modules')) {
  process.stderr.write('medir: o Node não executa TypeScript dentro de node_modules; rode o medir a partir de uma cópia do repositório (docs/medir.md).\n');
  process.exit(2);
}
if (process.features.typescript) {
  await import(entry.href);
} else {
  const child = spawnSync(process.execPath, ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', fileURLToPath(entry), ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(child.status ?? 2);
}

/**
 * The Astro build must run on a fresh clone, where `.generated/` does not exist yet (the build writes it). So
 * nothing the build imports (src/ and astro.config.mjs, following relative imports into functions/) may import a
 * file under `.generated/`: those modules belong to the functions alone. A static walk of the import graph. The
 * same holds for the `medir` CLI (docs/medir.md), which runs from a checkout without a build.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** Value imports and re-exports (`import type` / `export type` are erased: they load nothing). */
const IMPORT = /(?:^|\n)\s*(?:import|export)\s(?!type\s)[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(?:ts|mts|astro|mjs)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/** The relative imports of a file (the frontmatter of an .astro file included), resolved to paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec?.startsWith('.')) found.push(resolve(dirname(file), spec));
  }
  return found;
}

/** The chains of imports from `start` that reach a file under `.generated/` (each as `a → b → .generated/x`). */
function chainsToGenerated(start: readonly string[]): { walked: number; offenders: string[] } {
  const seen = new Set<string>();
  const parent = new Map<string, string>();
  const queue = [...start];
  const offenders: string[] = [];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const target of importsOf(file)) {
      if (target.includes(`${join(root, '.generated')}`)) {
        const chain = [relative(root, target)];
        for (let at: string | undefined = file; at; at = parent.get(at)) chain.unshift(relative(root, at));
        offenders.push(chain.join(' → '));
        continue;
      }
      if (!existsSync(target) || !/\.(?:ts|mts|astro|mjs|js)$/.test(target)) continue;
      if (!parent.has(target)) parent.set(target, file);
      queue.push(target);
    }
  }
  return { walked: seen.size, offenders };
}

test('nothing the build imports reads .generated/ (a fresh clone builds)', () => {
  const { walked, offenders } = chainsToGenerated([...sourcesUnder(join(root, 'src')), join(root, 'astro.config.mjs')]);
  assert.ok(walked > 50, `walked ${walked} files`);
  assert.deepEqual(offenders, []);
});

test('nothing the medir CLI imports reads .generated/ (it runs from a checkout, without a build)', () => {
  const { walked, offenders } = chainsToGenerated([join(root, 'bin/medir.js'), join(root, 'scripts/medir.ts')]);
  assert.ok(walked > 30, `walked ${walked} files`);
  assert.deepEqual(offenders, []);
});

/**
 * The layers of docs/ARCHITECTURE.md, held by a test: every import of every source file (type-only imports
 * included: they couple modules as much as value imports) is mapped from its file's layer to the imported file's
 * layer, and an edge the table does not allow fails, naming the file, the import and the rule it breaks.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

type Layer = 'content' | 'config' | 'model' | 'kit' | 'functions' | 'declarations' | 'root' | 'generated' | 'site' | 'build' | 'adapters' | 'tooling';

/**
 * The functions' declarations the static build publishes (the OpenAPI document and its operation tables, the OAuth
 * metadata, the API catalog, the A2A card, NLWeb's schemas, the contact form's markup): the only modules of
 * `functions/` the site may import. They read no data (tests/unit/build-imports.test.ts walks their imports).
 */
const DECLARATIONS: readonly RegExp[] = [
  /^functions\/operations\.ts$/,
  /^functions\/[a-z0-9-]+\/operations\.ts$/,
  /^functions\/[a-z0-9-]+\/schemas\.ts$/,
  /^functions\/openapi\//,
  /^functions\/auth\/metadata\.ts$/,
  /^functions\/a2a\/card\.ts$/,
  /^functions\/contact\/form-html\.ts$/,
];

/** A file's layer, from its path relative to the repository (first rule that matches). */
export function layerOf(path: string): Layer {
  const p = path.split(sep).join('/');
  if (p.startsWith('content/')) return 'content';
  if (p.startsWith('src/config/')) return 'config';
  if (p.startsWith('src/model/')) return 'model';
  if (p.startsWith('src/build/') || p === 'astro.config.mjs') return 'build';
  if (p.startsWith('src/')) return 'site';
  if (p.startsWith('functions/http/')) return 'kit';
  if (p === 'functions/app.ts' || p === 'functions/services.ts') return 'root';
  if (DECLARATIONS.some((pattern) => pattern.test(p))) return 'declarations';
  if (p.startsWith('functions/')) return 'functions';
  if (p.startsWith('.generated/')) return 'generated';
  if (p.startsWith('netlify/') || p.startsWith('server/')) return 'adapters';
  return 'tooling';
}

/** Who may import whom: the table of docs/ARCHITECTURE.md. A layer always imports itself. */
export const ALLOWED: Readonly<Record<Layer, readonly Layer[]>> = {
  content: [],
  config: ['content'],
  model: ['config', 'content'],
  kit: ['model'],
  functions: ['declarations', 'kit', 'model', 'config', 'generated'],
  declarations: ['functions', 'kit', 'model', 'config'],
  root: ['functions', 'declarations', 'kit', 'model', 'config'],
  generated: [],
  site: ['declarations', 'model', 'config'],
  build: ['site', 'functions', 'declarations', 'model', 'config'],
  adapters: ['root', 'functions', 'kit', 'model', 'config'],
  tooling: ['content', 'config', 'model', 'kit', 'functions', 'declarations', 'root', 'generated', 'site', 'build', 'adapters'],
};

/** Every import and re-export, type-only ones included, static and dynamic (literal specifiers). */
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The frontmatter of an .astro file, or the whole text of a module. */
const codeOf = (file: string, text: string): string => (file.endsWith('.astro') ? (/^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '') : text);

/** The relative imports of a file, resolved to paths relative to the repository. */
export function importsOf(file: string): string[] {
  const text = codeOf(file, readFileSync(join(root, file), 'utf8'));
  const found: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec?.startsWith('.')) found.push(relative(root, resolve(dirname(join(root, file)), spec)));
  }
  return found;
}

function sources(): string[] {
  const files: string[] = ['astro.config.mjs'];
  for (const dir of ['src', 'functions', 'server', 'netlify']) {
    for (const e of readdirSync(join(root, dir), { recursive: true, withFileTypes: true })) {
      if (e.isFile() && /\.(?:ts|mts|astro|mjs)$/.test(e.name)) files.push(relative(root, join(e.parentPath, e.name)));
    }
  }
  return files.filter((f) => existsSync(join(root, f)));
}

/** Every import that breaks the table, as `file → import (from layer → to layer)`. */
export function violations(files: readonly string[] = sources()): string[] {
  const found: string[] = [];
  for (const file of files) {
    const from = layerOf(file);
    for (const target of importsOf(file)) {
      const to = layerOf(target);
      if (to === from || ALLOWED[from].includes(to)) continue;
      found.push(`${file} → ${target} (${from} → ${to})`);
    }
  }
  return found;
}

describe('layers', () => {
  test('every import of src/, functions/, server/ and netlify/ follows the table of docs/ARCHITECTURE.md', () => {
    const files = sources();
    assert.ok(files.length > 300, `${files.length} arquivos lidos`);
    assert.deepEqual(violations(files), []);
  });

  test('the table allows no cycle between layers', () => {
    const layers = Object.keys(ALLOWED) as Layer[];
    const reaches = (from: Layer, to: Layer, seen = new Set<Layer>()): boolean =>
      ALLOWED[from].some((next) => next === to || (!seen.has(next) && (seen.add(next), reaches(next, to, seen))));
    // `functions` and `declarations` are one layer seen from two sides (the site may read only the declarations).
    const cycles = layers.flatMap((a) => layers.filter((b) => a < b && reaches(a, b) && reaches(b, a)).map((b) => `${a} ↔ ${b}`));
    assert.deepEqual(cycles, ['declarations ↔ functions']);
  });

  test('the check catches an import that breaks the table', () => {
    // The kit importing a domain, the model importing the functions, a function importing the site.
    assert.equal(layerOf('functions/http/body.ts'), 'kit');
    assert.ok(!ALLOWED.kit.includes(layerOf('functions/store/index.ts')));
    assert.ok(!ALLOWED.model.includes(layerOf('functions/paths.ts')));
    assert.ok(!ALLOWED.functions.includes(layerOf('src/lib/agent-discovery.ts')));
    assert.ok(!ALLOWED.site.includes(layerOf('functions/mcp/registry.ts')), 'the site reads the MCP catalogue from src/model/mcp.ts');
    assert.ok(!ALLOWED.kit.includes(layerOf('functions/services.ts')), 'the HTTP kit knows nothing of the composition root');
    assert.ok(ALLOWED.site.includes(layerOf('functions/openapi/document.ts')));
  });
});

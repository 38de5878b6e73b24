/** The content data-store module, split for V8: same value, one-byte literals, other modules untouched. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATA_STORE_MODULE_ID, dataStoreModule, dataStoreModuleFrom, splitDataStoreModule } from '../../src/build/data-store-module.ts';

const moduleOf = (json: string) => `export default JSON.parse(${JSON.stringify(json)})`;
const evaluate = async (code: string): Promise<unknown> =>
  ((await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { default: unknown }).default;

const tricky = [
    'ç ã é — “aspas” → … ’',
    'emoji 🚀 and a lone surrogate \ud800 end',
    'quote " backslash \\ \\u2014 written out, newline\n tab\t nul \u0000',
    'line separators \u2028 \u2029, commas, , ,',
    '\\', // a string that is only a backslash
];
const storeJson = JSON.stringify([['Map', 1, 2], Array.from({ length: 3_000 }, (_, i) => ({ id: `blog/a-${i}`, body: `${tricky[i % tricky.length]} ${'palavra, '.repeat(40)}`, n: i }))]);

/** No character above U+00FF (so V8 keeps every literal one-byte), several literals, each about 256 KB at most. */
function assertSplit(code: string): void {
  assert.ok(![...code].some((c) => c.codePointAt(0)! > 0xff), 'no character above U+00FF');
  const literals = code.split('\n').filter((line) => line.startsWith('"'));
  assert.ok(literals.length > 1, `${literals.length} literals`);
  assert.ok(literals.every((l) => l.length < 300 * 1024), 'every literal about 256 KB at most');
}

test('from the store file: the same value as Astro’s module, in one-byte literals of bounded length', async () => {
  const code = dataStoreModuleFrom(Buffer.from(storeJson, 'utf8'));
  assert.deepEqual(await evaluate(code), JSON.parse(storeJson));
  assertSplit(code);
});

test('from Astro’s module: the same value, in one-byte literals of bounded length', async () => {
  const json = storeJson;
  const original = moduleOf(json);
  const split = splitDataStoreModule(original);
  assert.ok(split);
  assert.deepEqual(await evaluate(split), JSON.parse(json));
  assert.deepEqual(await evaluate(split), await evaluate(original));
  assertSplit(split);
});

test('a trailing semicolon or newline is accepted; any other form is left alone', async () => {
  const json = JSON.stringify({ a: 'ação — ok' });
  assert.deepEqual(await evaluate(splitDataStoreModule(`${moduleOf(json)};\n`)!), { a: 'ação — ok' });
  assert.equal(splitDataStoreModule('export default new Map()'), undefined);
  assert.equal(splitDataStoreModule('export default{"blog":[(await import("x"))]}'), undefined);
});

test('the plugin loads the data-store module from the store file, and leaves the rest to Astro', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'data-store-'));
  try {
    const storeFile = join(dir, 'data-store.json');
    await writeFile(storeFile, storeJson);
    const loadOf = (plugin: ReturnType<typeof dataStoreModule>) => (plugin.load as { handler: (id: string) => Promise<{ code: string } | undefined> }).handler;
    const load = loadOf(dataStoreModule({ storeFile }));
    const loaded = await load(DATA_STORE_MODULE_ID);
    assert.deepEqual(await evaluate(loaded!.code), JSON.parse(storeJson));
    assert.equal(await load('/src/pages/index.astro'), undefined, 'other modules');
    const missing = loadOf(dataStoreModule({ storeFile: join(dir, 'nada.json') }));
    assert.equal(await missing(DATA_STORE_MODULE_ID), undefined, 'no store file: Astro answers');
    const chunked = loadOf(dataStoreModule());
    assert.equal(await chunked(DATA_STORE_MODULE_ID), undefined, 'no single store file: Astro answers');
    // What the load produced is not rewritten again, and no warning is raised for it.
    const warnings: string[] = [];
    assert.equal((dataStoreModule().load as { order?: string }).order, 'pre', 'ahead of Astro’s own load');
    const transform = dataStoreModule({ storeFile }).transform as (this: { warn: (m: string) => void }, code: string, id: string) => unknown;
    assert.equal(transform.call({ warn: (m) => warnings.push(m) }, loaded!.code, DATA_STORE_MODULE_ID), undefined);
    assert.deepEqual(warnings, []);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the plugin rewrites only the data-store module', () => {
  const plugin = dataStoreModule();
  const transform = plugin.transform as (this: { warn: (m: string) => void }, code: string, id: string) => { code: string } | undefined;
  const warnings: string[] = [];
  const ctx = { warn: (m: string) => warnings.push(m) };
  const code = moduleOf(JSON.stringify(['x']));
  assert.equal(transform.call(ctx, code, '/src/pages/index.astro'), undefined);
  assert.match(transform.call(ctx, code, DATA_STORE_MODULE_ID)?.code ?? '', /^export default JSON\.parse\(\[\n"/);
  assert.equal(transform.call(ctx, `export default new Map(${'[1],'.repeat(100_000)})`, DATA_STORE_MODULE_ID), undefined);
  assert.equal(warnings.length, 1, 'an unexpected large form is reported');
});

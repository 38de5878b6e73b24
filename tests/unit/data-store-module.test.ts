/** The content data-store module, split for V8: same value as Astro's, one-byte literals, other modules untouched. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATA_STORE_MODULE_ID, dataStoreModule, dataStoreModuleFrom } from '../../src/build/data-store-module.ts';

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
  assert.deepEqual(await evaluate(code), await evaluate(moduleOf(storeJson)), 'what Astro’s own module gives');
  assertSplit(code);
});

test('the plugin loads the data-store module from the store file, ahead of Astro, and leaves the rest to Astro', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'data-store-'));
  try {
    const storeFile = join(dir, 'data-store.json');
    await writeFile(storeFile, storeJson);
    const warnings: string[] = [];
    const ctx = { warn: (m: string) => warnings.push(m) };
    type Load = { order?: string; handler: (this: typeof ctx, id: string) => Promise<{ code: string } | undefined> };
    const loadOf = (plugin: ReturnType<typeof dataStoreModule>) => (id: string) => (plugin.load as unknown as Load).handler.call(ctx, id);
    assert.equal((dataStoreModule().load as unknown as Load).order, 'pre', 'ahead of Astro’s own load');

    const loaded = await loadOf(dataStoreModule({ storeFile }))(DATA_STORE_MODULE_ID);
    assert.deepEqual(await evaluate(loaded!.code), JSON.parse(storeJson));
    assert.equal(await loadOf(dataStoreModule({ storeFile }))('/src/pages/index.astro'), undefined, 'other modules');
    assert.equal(await loadOf(dataStoreModule())(DATA_STORE_MODULE_ID), undefined, 'no single store file: Astro answers');
    assert.equal(warnings.length, 0, 'no warning');

    const missing = join(dir, 'nada.json');
    assert.equal(await loadOf(dataStoreModule({ storeFile: missing }))(DATA_STORE_MODULE_ID), undefined, 'no store file there: Astro answers');
    assert.equal(warnings.length, 1, 'and the build says so');
    assert.ok(warnings.some((w) => w.includes(missing)));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

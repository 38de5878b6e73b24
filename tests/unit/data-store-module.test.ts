/** The content data-store module, split for V8: same value, one-byte literals, other modules untouched. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DATA_STORE_MODULE_ID, dataStoreModule, splitDataStoreModule } from '../../src/build/data-store-module.ts';

const moduleOf = (json: string) => `export default JSON.parse(${JSON.stringify(json)})`;
const evaluate = async (code: string): Promise<unknown> =>
  ((await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { default: unknown }).default;

test('the same value as Astro’s module, from one-byte literals of bounded length', async () => {
  const tricky = [
    'ç ã é — “aspas” → … ’',
    'emoji 🚀 and a lone surrogate \ud800 end',
    'quote " backslash \\ \\u2014 written out, newline\n tab\t nul \u0000',
    'line separators \u2028 \u2029, commas, , ,',
    '\\', // a string that is only a backslash
  ];
  const store = Array.from({ length: 3_000 }, (_, i) => ({ id: `blog/a-${i}`, body: `${tricky[i % tricky.length]} ${'palavra, '.repeat(40)}`, n: i }));
  const json = JSON.stringify([['Map', 1, 2], store]);
  const original = moduleOf(json);
  const split = splitDataStoreModule(original);
  assert.ok(split);
  assert.deepEqual(await evaluate(split), JSON.parse(json));
  assert.deepEqual(await evaluate(split), await evaluate(original));
  // Every character of the new module fits in one byte, so V8 keeps every literal one-byte.
  assert.ok(![...split].some((c) => c.codePointAt(0)! > 0xff), 'no character above U+00FF');
  const literals = split.split('\n').filter((line) => line.startsWith('"'));
  assert.ok(literals.length > 1, `${literals.length} literals`);
  assert.ok(literals.every((l) => l.length < 300 * 1024), 'every literal about 256 KB at most');
});

test('a trailing semicolon or newline is accepted; any other form is left alone', async () => {
  const json = JSON.stringify({ a: 'ação — ok' });
  assert.deepEqual(await evaluate(splitDataStoreModule(`${moduleOf(json)};\n`)!), { a: 'ação — ok' });
  assert.equal(splitDataStoreModule('export default new Map()'), undefined);
  assert.equal(splitDataStoreModule('export default{"blog":[(await import("x"))]}'), undefined);
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

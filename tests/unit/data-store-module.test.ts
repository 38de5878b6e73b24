/** The content data-store module, read from the store file at import: same value as Astro's, no store in the source, other modules untouched. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fs from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { astroStoreFile, DATA_STORE_MODULE_ID, dataStoreModule, oneByteJson, readDataStore } from '../../src/build/data-store-module.ts';

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

/** The module's code: a few lines that read the store file, none of the store itself. */
function assertSmall(code: string, storeFile: string): void {
  assert.ok(code.length < 1_000, `${code.length} characters`);
  assert.ok(code.includes(JSON.stringify(storeFile)), 'reads the store file');
}

/** Runs a module's code from a file beside the store (it imports by absolute path, which a data: URL cannot). */
let evaluated = 0;
async function evaluateFile(code: string, dir: string): Promise<unknown> {
  const file = join(dir, `modulo-${evaluated++}.mjs`);
  await writeFile(file, code);
  return ((await import(pathToFileURL(file).href)) as { default: unknown }).default;
}

test('the store file as one-byte JSON text: the same value, no character above U+00FF, read piece by piece', () => {
  const text = oneByteJson(Buffer.from(storeJson, 'utf8'));
  assert.ok(![...text].some((c) => c.codePointAt(0)! > 0xff), 'no character above U+00FF');
  assert.ok(text.length > 256 * 1024, 'several pieces');
  assert.deepEqual(JSON.parse(text), JSON.parse(storeJson));
});

test('the plugin loads the data-store module from the store file, ahead of Astro, leaves the rest to Astro, and fails loudly', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'data-store-'));
  try {
    const storeFile = join(dir, 'data-store.json');
    await writeFile(storeFile, storeJson);
    const ctx = {
      error: (m: string): never => {
        throw new Error(m);
      },
    };
    type Load = { order?: string; handler: (this: typeof ctx, id: string) => Promise<{ code: string } | undefined> };
    const loadOf = (plugin: ReturnType<typeof dataStoreModule>) => (id: string) => (plugin.load as unknown as Load).handler.call(ctx, id);
    assert.equal((dataStoreModule().load as unknown as Load).order, 'pre', 'ahead of Astro’s own load');

    const plugin = dataStoreModule({ storeFile });
    assert.equal(await loadOf(plugin)('/src/pages/index.astro'), undefined, 'other modules');
    assert.equal(plugin.served(), false, 'not served before the data module is loaded');
    const loaded = await loadOf(plugin)(DATA_STORE_MODULE_ID);
    assertSmall(loaded!.code, storeFile);
    assert.deepEqual(await evaluateFile(loaded!.code, dir), JSON.parse(storeJson));
    assert.deepEqual(readDataStore(storeFile), JSON.parse(storeJson));
    assert.equal(plugin.served(), true, 'the integration checks this at the end of the build');

    const missing = join(dir, 'nada.json');
    await assert.rejects(loadOf(dataStoreModule({ storeFile: missing }))(DATA_STORE_MODULE_ID), (e: Error) => e.message.includes(missing), 'no store file there: the build fails, naming it');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

/**
 * Astro's own content plugin (private module, loaded by file path): the plugin must use Astro's module id and
 * store file, and give the value Astro's module gives. If Astro renames either, this fails before a build does.
 */
test('the same id, the same store file and the same value as the module Astro itself produces', async () => {
  const astroDist = new URL('./dist/content/', pathToFileURL(createRequire(import.meta.url).resolve('astro/package.json')));
  const { astroContentVirtualModPlugin } = (await import(new URL('vite-plugin-content-virtual-mod.js', astroDist).href)) as {
    astroContentVirtualModPlugin: (o: { settings: unknown; fs: unknown }) => {
      config: (c: object, env: { command: string }) => void;
      load: { handler: (this: object, id: string) => Promise<{ code: string }> };
    };
  };
  const { RESOLVED_DATA_STORE_VIRTUAL_ID } = (await import(new URL('consts.js', astroDist).href)) as { RESOLVED_DATA_STORE_VIRTUAL_ID: string };
  assert.equal(DATA_STORE_MODULE_ID, RESOLVED_DATA_STORE_VIRTUAL_ID, 'Astro’s module id');

  const dir = await mkdtemp(join(tmpdir(), 'data-store-astro-'));
  try {
    const root = pathToFileURL(`${dir}/`);
    const config = { root, srcDir: new URL('src/', root), cacheDir: new URL('cache/', root), experimental: {}, legacy: {} };
    const storeFile = astroStoreFile(config);
    assert.ok(storeFile);
    await mkdir(dirname(storeFile), { recursive: true });
    await writeFile(storeFile, storeJson);

    const astro = astroContentVirtualModPlugin({ settings: { config, dotAstroDir: new URL('.astro/', root) }, fs });
    astro.config({}, { command: 'build' });
    const ctx = {
      environment: { name: 'prerender' },
      error: (e: unknown): never => {
        throw e instanceof Error ? e : new Error(JSON.stringify(e));
      },
    };
    const astroModule = await astro.load.handler.call(ctx, RESOLVED_DATA_STORE_VIRTUAL_ID);
    assert.match(astroModule.code, /JSON\.parse/, 'Astro read the store from the file our plugin reads');

    type Load = { handler: (this: object, id: string) => Promise<{ code: string } | undefined> };
    const ours = await (dataStoreModule({ storeFile }).load as unknown as Load).handler.call(ctx, DATA_STORE_MODULE_ID);
    assert.deepEqual(await evaluateFile(ours!.code, dir), await evaluate(astroModule.code), 'the value of Astro’s own module');
    assertSmall(ours!.code, storeFile);
    assert.equal(astroStoreFile({ ...config, experimental: { collectionStorage: 'chunked' } }), undefined, 'chunked storage: Astro answers');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

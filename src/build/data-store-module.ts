/**
 * Vite plugin: loads the module in which Astro ships the content data store to the prerenderer
 * (`export default JSON.parse("<the whole store>")` in Astro's own load) from Astro's store file, as the same
 * call over a list of short string literals.
 *
 * Why: the store is one string literal of tens of MB at thousands of articles, and V8's scanner grows its
 * literal buffer by at most 1 MB at a time, copying it each time: loading the module is quadratic in the
 * literal's size. A single character above U+00FF anywhere in the content (a dash, an arrow, a curly quote)
 * makes the whole literal two-byte, which doubles every copy. At 5,000 articles, loading it took 4.4 s
 * (3.5 s of it in the kernel, 1.4 million page faults) on a build without a warm compile cache, as every
 * fresh clone and CI build is; split into literals of about 256 KB, with those characters written as JSON
 * `\uXXXX` escapes so every literal is one-byte, it loads in linear time (0.6 s). The value is the same: the
 * literals join into the same JSON text, escapes aside, and `JSON.parse` reads the escapes back.
 *
 * Read from the file piece by piece, the store is never held as one two-byte string of twice its size, parsed
 * whole to be checked and quoted again, as Astro's load does: that was the build's memory peak. Without a
 * single store file (chunked storage, incremental builds), Astro's own load answers.
 *
 * The plugin leans on two of Astro's private names (the module id and where the store file lives), so it fails
 * loudly rather than going quiet: a missing store file fails the build, the integration fails the build when the
 * module was never loaded here (`served()`), and tests/unit/data-store-module.test.ts compares the id, the
 * file's place and the module's value with Astro's own plugin.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const DATA_STORE_MODULE_ID = '\0astro:data-layer-content';
const PIECE_LENGTH = 256 * 1024;
const COMMA = 0x2c;

/** Characters above U+00FF as JSON `\uXXXX` escapes (valid where they occur: inside JSON strings). */
const escapeWide = (json: string): string => json.replace(/[\u0100-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The module from the store file's bytes: cut after commas (never inside a UTF-8 sequence), each piece decoded,
 * escaped and quoted on its own.
 */
export function dataStoreModuleFrom(store: Buffer): string {
  const literals: string[] = [];
  for (let at = 0; at < store.length; ) {
    const comma = store.indexOf(COMMA, at + PIECE_LENGTH);
    const end = comma === -1 ? store.length : comma + 1;
    literals.push(JSON.stringify(escapeWide(store.toString('utf8', at, end))));
    at = end;
  }
  return `export default JSON.parse([\n${literals.join(',\n')}\n].join(''));\n`;
}

export interface DataStoreModuleOptions {
  /** Astro's store file, when the store is a single file; undefined otherwise (Astro's own load answers). */
  storeFile?: string;
}

/** Where Astro keeps the store of a build from scratch in one file (`getDataStoreFile` in astro/dist/content/paths.js). */
export function astroStoreFile(config: { cacheDir: URL; experimental: { collectionStorage?: unknown; incrementalBuild?: unknown } }): string | undefined {
  const single = (config.experimental.collectionStorage ?? 'single-file') === 'single-file' && !config.experimental.incrementalBuild;
  return single ? fileURLToPath(new URL('data-store.json', config.cacheDir)) : undefined;
}

export type DataStorePlugin = Plugin & {
  /** Whether the module was loaded here in this build (always, when there is a single store file). */
  served(): boolean;
};

export function dataStoreModule({ storeFile }: DataStoreModuleOptions = {}): DataStorePlugin {
  let served = false;
  return {
    served: () => served,
    name: 'sinal-cognitivo:data-store-module',
    apply: 'build',
    enforce: 'pre',
    load: {
      // Before Astro's content plugin (itself `enforce: 'pre'`), whose load would answer first.
      order: 'pre',
      async handler(id) {
        if (id !== DATA_STORE_MODULE_ID || !storeFile) return undefined;
        const store = await readFile(storeFile).catch(() => undefined);
        if (!store) {
          return this.error(
            `armazenamento de conteúdo não encontrado em ${storeFile}: o Astro mudou onde guarda o armazenamento; ajuste astroStoreFile() em src/build/data-store-module.ts`,
          );
        }
        served = true;
        return { code: dataStoreModuleFrom(store), map: { mappings: '' } };
      },
    },
  };
}

/**
 * Vite plugin: replaces the module in which Astro ships the content data store to the prerenderer
 * (`export default JSON.parse("<the whole store>")` in Astro's own load) with a module of two lines that reads
 * Astro's store file when the prerenderer imports it (`readDataStore` below): the same value, but the store is
 * never JavaScript source.
 *
 * Why: the store is tens of MB at thousands of articles (54 MB at 5,000). As a string literal,
 *  - V8's scanner grows its literal buffer by at most 1 MB at a time, copying it each time: loading the module is
 *    quadratic in the literal's size, and a single character above U+00FF anywhere in the content (a dash, an
 *    arrow, a curly quote) makes the whole literal two-byte, which doubles every copy (4.4 s at 5,000 articles,
 *    1.4 million page faults);
 *  - the bundler parses, transforms and writes it like code: at 5,000 articles the Vite phase held five copies of
 *    it as 50 MB strings and rolldown's own heap grew by 260 MB for it, the build's memory peak (1.8–1.9 GB);
 *  - the prerenderer keeps a module's source for as long as the module lives, so the whole store stayed in V8's
 *    heap a second time while every page rendered (45 MB more live data, about twice that in heap).
 * Read at import time, the store is one buffer, decoded piece by piece into one-byte text (characters above
 * U+00FF written as JSON `\uXXXX` escapes, which `JSON.parse` reads back) and parsed once; what remains is the
 * parsed value, as with Astro's module. Without a single store file (chunked storage, incremental builds), Astro's
 * own load answers.
 *
 * The prerenderer runs in this Node process (static output, no adapter), where the store file is.
 * The plugin leans on two of Astro's private names (the module id and where the store file lives), so it fails
 * loudly rather than going quiet: a missing store file fails the build, the integration fails the build when the
 * module was never loaded here (`served()`), and tests/unit/data-store-module.test.ts compares the id, the
 * file's place and the module's value with Astro's own plugin.
 */
import { readFileSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const DATA_STORE_MODULE_ID = '\0astro:data-layer-content';
const PIECE_LENGTH = 256 * 1024;
const COMMA = 0x2c;

/** Characters above U+00FF as JSON `\uXXXX` escapes (valid where they occur: inside JSON strings). */
const escapeWide = (json: string): string => json.replace(/[\u0100-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The store file's JSON text as one-byte text: cut after commas (never inside a UTF-8 sequence), each piece
 * decoded and escaped on its own, so the whole is never held as a two-byte string of twice its size.
 */
export function oneByteJson(store: Buffer): string {
  const pieces: string[] = [];
  for (let at = 0; at < store.length; ) {
    const comma = store.indexOf(COMMA, at + PIECE_LENGTH);
    const end = comma === -1 ? store.length : comma + 1;
    pieces.push(escapeWide(store.toString('utf8', at, end)));
    at = end;
  }
  return pieces.join('');
}

/** The data store's value, as Astro's module gives it (run by the prerenderer, in the module below). */
export const readDataStore = (storeFile: string): unknown => JSON.parse(oneByteJson(readFileSync(storeFile)));

/** The module the prerenderer imports: `readDataStore` of this file over the store file. */
export const dataStoreModuleCode = (storeFile: string): string =>
  `import { readDataStore } from ${JSON.stringify(fileURLToPath(import.meta.url))};\nexport default readDataStore(${JSON.stringify(storeFile)});\n`;

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
        const present = await access(storeFile).then(
          () => true,
          () => false,
        );
        if (!present) {
          return this.error(
            `armazenamento de conteúdo não encontrado em ${storeFile}: o Astro mudou onde guarda o armazenamento; ajuste astroStoreFile() em src/build/data-store-module.ts`,
          );
        }
        served = true;
        return { code: dataStoreModuleCode(storeFile), map: { mappings: '' } };
      },
    },
  };
}

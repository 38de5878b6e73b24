/**
 * Vite plugin: rewrites the module in which Astro ships the content data store to the prerenderer,
 * `export default JSON.parse("<the whole store>")`, into the same call over a list of short string literals.
 *
 * Why: the store is one string literal of tens of MB at thousands of articles, and V8's scanner grows its
 * literal buffer by at most 1 MB at a time, copying it each time: loading the module is quadratic in the
 * literal's size. A single character above U+00FF anywhere in the content (a dash, an arrow, a curly quote)
 * makes the whole literal two-byte, which doubles every copy. At 5,000 articles, loading it took 4.4 s
 * (3.5 s of it in the kernel, 1.4 million page faults) on a build without a warm compile cache, as every
 * fresh clone and CI build is; split into literals of about 256 KB, with those characters written as JSON
 * `\uXXXX` escapes so every literal is one-byte, it loads in linear time (0.6 s). The value is the same: the literals join
 * into the same JSON text, escapes aside, and `JSON.parse` reads the escapes back.
 *
 * Two ways, same module. When the store is Astro's single file (the default), the module is loaded from it
 * directly, piece by piece: Astro's own load would first hold it as one two-byte string of twice its size,
 * parse it whole to check it (an object graph of hundreds of MB) and quote it again, which made the build's
 * memory peak. Otherwise Astro's module is rewritten as it comes. When Astro ships the store in another form,
 * the module is left alone (and the build says so).
 */
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

export const DATA_STORE_MODULE_ID = '\0astro:data-layer-content';
const PREFIX = 'export default JSON.parse(';
const SUFFIX = ')';
const PIECE_LENGTH = 256 * 1024;
const SPLIT_START = 'export default JSON.parse([';
const COMMA = 0x2c;

/** Characters above U+00FF as JSON `\uXXXX` escapes (valid where they occur: inside JSON strings). */
const escapeWide = (json: string): string => json.replace(/[\u0100-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const splitModule = (literals: string[]): string => `${SPLIT_START}\n${literals.join(',\n')}\n].join(''));\n`;

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
  return splitModule(literals);
}

/**
 * The module rewritten, or undefined when it is not the expected `export default JSON.parse("…")`. Works on the
 * literal's source text, without decoding it (the store is tens of MB): a character above U+00FF is never part
 * of an escape there (escapes are ASCII), so it becomes `\\uXXXX`, which the literal turns into the JSON escape
 * `\uXXXX`; and a comma is never inside an escape, so the text is cut after commas.
 */
export function splitDataStoreModule(code: string): string | undefined {
  // Without copying the code: the end, past a trailing semicolon and whitespace.
  let end = code.length;
  while (end > 0 && /[\s;]/.test(code[end - 1]!)) end--;
  if (!code.startsWith(`${PREFIX}"`) || code.slice(end - SUFFIX.length - 1, end) !== `"${SUFFIX}`) return undefined;
  const literal = code.slice(PREFIX.length + 1, end - SUFFIX.length - 1);
  // In the literal's source, `\\uXXXX` is what becomes the JSON escape.
  const oneByte = literal.replace(/[\u0100-\uffff]/g, (c) => `\\\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const literals: string[] = [];
  for (let at = 0; at < oneByte.length; ) {
    const comma = oneByte.indexOf(',', at + PIECE_LENGTH);
    const end = comma === -1 ? oneByte.length : comma + 1;
    literals.push(`"${oneByte.slice(at, end)}"`);
    at = end;
  }
  return splitModule(literals);
}

export interface DataStoreModuleOptions {
  /** Astro's store file, when the store is a single file; undefined otherwise (Astro's module is rewritten). */
  storeFile?: string;
}

export function dataStoreModule({ storeFile }: DataStoreModuleOptions = {}): Plugin {
  return {
    name: 'sinal-cognitivo:data-store-module',
    apply: 'build',
    enforce: 'pre',
    load: {
      // Before Astro's content plugin (itself `enforce: 'pre'`), whose load would answer first.
      order: 'pre',
      async handler(id) {
        if (id !== DATA_STORE_MODULE_ID || !storeFile) return undefined;
        const store = await readFile(storeFile).catch(() => undefined);
        // No store file: Astro's own load answers (an empty store).
        return store ? { code: dataStoreModuleFrom(store), map: { mappings: '' } } : undefined;
      },
    },
    transform(code, id) {
      if (id !== DATA_STORE_MODULE_ID || code.startsWith(SPLIT_START)) return undefined;
      const split = splitDataStoreModule(code);
      if (split === undefined) {
        if (code.length > PIECE_LENGTH) this.warn('formato inesperado do módulo de dados do conteúdo: mantido como o Astro gerou');
        return undefined;
      }
      return { code: split, map: { mappings: '' } };
    },
  };
}

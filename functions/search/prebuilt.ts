/**
 * The build step of the search: serializes the site's search index next to site-data.json, so functions
 * load it without re-analysing every page (see ./index.ts). Called by src/build/integration.ts.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { IndexEntry } from '../../src/model/site-data.ts';
import { serializeSearchIndex } from './engine.ts';

/** Where the build writes the serialized site index (relative to the project root). */
export const SEARCH_INDEX_FILE = '.generated/search-index.json';

export async function writeSearchIndex(paginas: readonly IndexEntry[], projectRoot: string): Promise<string> {
  const target = join(projectRoot, SEARCH_INDEX_FILE);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, JSON.stringify(serializeSearchIndex(paginas)));
  return target;
}

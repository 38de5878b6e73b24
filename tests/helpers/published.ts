/** The published page index (`dist/agentes/indice.json`, written by `npm run build`): suites pick pages from it. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { IndexEntry } from '../../src/model/site-data.ts';

const indexFile = new URL('../../dist/agentes/indice.json', import.meta.url);

let cached: IndexEntry[] | undefined;
export function publishedPages(): IndexEntry[] {
  if (cached) return cached;
  let text: string;
  try {
    text = readFileSync(indexFile, 'utf8');
  } catch {
    throw new Error(`${fileURLToPath(indexFile)} não existe: rode \`npm run build\` antes dos testes`);
  }
  cached = (JSON.parse(text) as { paginas: IndexEntry[] }).paginas;
  return cached;
}

/** The first published page whose route starts with `prefix`. */
export function firstPublished(prefix: string): IndexEntry {
  const entry = publishedPages().find((p) => p.rota.startsWith(prefix));
  if (!entry) throw new Error(`nenhuma página com rota ${prefix}* no índice publicado`);
  return entry;
}

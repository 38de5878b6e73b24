/**
 * Build integration: after Astro writes the static site, it
 *  1. writes Netlify's `_headers` and `_redirects` (security headers, media types, aliases);
 *  2. bundles what the functions serve from the published output (page index, twins, catalogue, documents)
 *     into `.generated/site-data.json`, so the API, MCP and /ask answer with exactly what the site publishes.
 */
import { mkdir, open, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { renderHeadersFile, renderRedirectsFile } from './static-rules.ts';
import { SITE_DATA_FILE, type SiteData, type IndexEntry } from '../model/site-data.ts';
import { DOCUMENT_PATHS } from '../model/public-paths.ts';
import { writeSearchIndex } from '../../functions/search/prebuilt.ts';

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/**
 * Writes `.generated/site-data.json`: exactly `JSON.stringify(data)` for the SiteData below, but page by page,
 * reading each twin just before writing it, so that with thousands of pages neither all the twins, nor the
 * whole document (tens of MB, more as a JS string), nor its UTF-8 copy sit in memory at once.
 * Returns how many pages and documents it wrote.
 */
export async function writeSiteData(outDir: string, projectRoot: string): Promise<{ paginas: number; documentos: number }> {
  const read = (path: string) => readFile(join(outDir, path), 'utf8');
  const indice = JSON.parse(await read('agentes/indice.json')) as { paginas: IndexEntry[] };
  const documentos: SiteData['documentos'] = [];
  for (const caminho of DOCUMENT_PATHS) {
    if (!/\.(md|txt)$/.test(caminho)) continue;
    const conteudo = await read(caminho.slice(1)).catch(() => undefined);
    if (conteudo !== undefined) documentos.push({ caminho, conteudo });
  }
  const catalogo = JSON.parse(await read('agentes/catalogo.json')) as SiteData['catalogo'] & { origem: string };
  // The document around the pages, with a marker where the page list goes.
  const shell = JSON.stringify({ origem: catalogo.origem, paginas: 0, catalogo, documentos } satisfies Omit<SiteData, 'paginas'> & { paginas: 0 });
  const marker = ',"paginas":0,';
  const at = shell.indexOf(marker);
  if (at < 0) throw new Error('site-data: formato inesperado');

  const target = join(projectRoot, SITE_DATA_FILE);
  await mkdir(dirname(target), { recursive: true });
  const file = await open(target, 'w');
  try {
    let chunk = `${shell.slice(0, at)},"paginas":[`;
    const BATCH = 64;
    for (let start = 0; start < indice.paginas.length; start += BATCH) {
      const batch = indice.paginas.slice(start, start + BATCH);
      const twins = await Promise.all(batch.map((p) => read(`${p.rota}.md`)));
      batch.forEach((p, i) => {
        const page: SiteData['paginas'][number] = { ...p, markdown: twins[i]! };
        chunk += `${start + i ? ',' : ''}${JSON.stringify(page)}`;
      });
      if (chunk.length > 1 << 20) {
        await file.write(chunk);
        chunk = '';
      }
    }
    await file.write(`${chunk}]${shell.slice(at + marker.length - 1)}`);
  } finally {
    await file.close();
  }
  await writeSearchIndex(indice.paginas, projectRoot);
  return { paginas: indice.paginas.length, documentos: documentos.length };
}

export default function siteArtifacts(): AstroIntegration {
  return {
    name: 'site-artifacts',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = fileURLToPath(dir);
        const paths: string[] = [];
        for await (const file of walk(outDir)) paths.push(`/${relative(outDir, file).split(sep).join('/')}`);
        await writeFile(join(outDir, '_headers'), renderHeadersFile(paths));
        await writeFile(join(outDir, '_redirects'), renderRedirectsFile());
        const data = await writeSiteData(outDir, process.cwd());
        logger.info(`_headers, _redirects e ${SITE_DATA_FILE} gerados (${data.paginas} páginas, ${data.documentos} documentos)`);
      },
    },
  };
}

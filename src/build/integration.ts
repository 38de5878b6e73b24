/**
 * Build integration: after Astro writes the static site, it
 *  1. writes Netlify's `_headers` and `_redirects` (security headers, media types, aliases);
 *  2. bundles what the functions serve from the published output (page index, twins, catalogue, documents)
 *     into `.generated/site-data.json`, so the API, MCP and /ask answer with exactly what the site publishes.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
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

export async function writeSiteData(outDir: string, projectRoot: string): Promise<SiteData> {
  const read = (path: string) => readFile(join(outDir, path), 'utf8');
  const indice = JSON.parse(await read('agentes/indice.json')) as { paginas: IndexEntry[] };
  const paginas = await Promise.all(
    indice.paginas.map(async (p) => ({ ...p, markdown: await read(`${p.rota}.md`) })),
  );
  const documentos: SiteData['documentos'] = [];
  for (const caminho of DOCUMENT_PATHS) {
    if (!/\.(md|txt)$/.test(caminho)) continue;
    const conteudo = await read(caminho.slice(1)).catch(() => undefined);
    if (conteudo !== undefined) documentos.push({ caminho, conteudo });
  }
  const data: SiteData = {
    origem: JSON.parse(await read('agentes/catalogo.json')).origem,
    paginas,
    catalogo: JSON.parse(await read('agentes/catalogo.json')),
    documentos,
  };
  const target = join(projectRoot, SITE_DATA_FILE);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, JSON.stringify(data));
  await writeSearchIndex(paginas, projectRoot);
  return data;
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
        logger.info(`_headers, _redirects e ${SITE_DATA_FILE} gerados (${data.paginas.length} páginas, ${data.documentos.length} documentos)`);
      },
    },
  };
}

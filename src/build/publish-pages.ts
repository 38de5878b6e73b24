/**
 * Publishes the page bundle (src/pages/build-pages.json.ts): every page's markdown twin (`<rota>.md`), the
 * public search index (`/agentes/indice.json`), the serialized search index and the functions' site data
 * (`.generated/`), and the share images (./share-image.ts). Plain Node: runs in a worker thread while Astro renders the HTML pages, or in the build hook
 * when no worker got the bundle (see ./integration.ts).
 *
 * The site data has two parts: the pages, written as soon as the bundle is here, and what other routes
 * publish (catalogue, documents), added by `finish` once every route is written.
 */
import { mkdir, type FileHandle, open, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { renderShareImage } from './share-image.ts';
import type { ShareImageSpec } from '../model/site-data.ts';
import { twinBodyText } from '../lib/text.ts';
import { originFree, SITE_DATA_FILE, type IndexEntry, type PageBundle, type SiteData } from '../model/site-data.ts';
import { twinOf } from '../model/routes.ts';
import { writeSearchIndex } from '../../functions/search/prebuilt.ts';

export interface Published {
  /** Twins written (every page, listed or not). */
  twins: number;
  /** Pages in the index and the site data (the listed ones). */
  listed: number;
  /** Share images rendered. */
  images: number;
}

export interface Publication {
  published: Published;
  /** Completes the site data with the catalogue and the documents; returns how many documents. */
  finish(catalogo: SiteData['catalogo'], documentos: SiteData['documentos']): Promise<number>;
}

type PublishedPage = SiteData['paginas'][number];

/** Runs `task` over `items`, at most `width` at a time. */
async function inBatches<T>(items: readonly T[], width: number, task: (item: T) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += width) await Promise.all(items.slice(start, start + width).map(task));
}

/** Writes strings to a file in chunks of about 1 MB (files of tens of MB at thousands of pages). */
function chunkedWriter(file: FileHandle) {
  let chunk = '';
  return {
    async add(text: string): Promise<void> {
      chunk += text;
      if (chunk.length > 1 << 20) {
        await file.write(chunk);
        chunk = '';
      }
    },
    async flush(): Promise<void> {
      if (chunk) await file.write(chunk);
      chunk = '';
    },
  };
}

async function writeTwins(outDir: string, paginas: PageBundle['paginas']): Promise<void> {
  // One mkdir per folder, awaited by every twin in it (the HTML pages may not have made it yet).
  const folders = new Map<string, Promise<unknown>>();
  await inBatches(paginas, 64, async (p) => {
    const file = join(outDir, twinOf(p.rota));
    const folder = dirname(file);
    let made = folders.get(folder);
    if (!made) folders.set(folder, (made = mkdir(folder, { recursive: true })));
    await made;
    await writeFile(file, p.markdown);
  });
}

/** The share images (PNG), one at a time: rendering is synchronous CPU work on this thread. */
async function writeShareImages(outDir: string, imagens: readonly ShareImageSpec[]): Promise<void> {
  const folders = new Set<string>();
  for (const spec of imagens) {
    const file = join(outDir, spec.caminho);
    const folder = dirname(file);
    if (!folders.has(folder)) await mkdir(folder, { recursive: true });
    folders.add(folder);
    await writeFile(file, await renderShareImage(spec));
  }
}

/** `/agentes/indice.json`: exactly `JSON.stringify({ origem, total, paginas }, null, 2)`, page by page. */
async function writePublicIndex(outDir: string, origem: string, paginas: readonly PublishedPage[]): Promise<void> {
  await mkdir(join(outDir, 'agentes'), { recursive: true });
  const file = await open(join(outDir, 'agentes/indice.json'), 'w');
  try {
    const out = chunkedWriter(file);
    await out.add(`{\n  "origem": ${JSON.stringify(origem)},\n  "total": ${paginas.length},\n  "paginas": [`);
    for (const [i, { markdown: _, ...entry }] of paginas.entries()) {
      // Entries hold strings only: their own lines, indented two levels deeper.
      await out.add(`${i ? ',' : ''}\n    ${JSON.stringify(entry satisfies IndexEntry, null, 2).replaceAll('\n', '\n    ')}`);
    }
    await out.add(`${paginas.length ? '\n  ' : ''}]\n}\n`);
    await out.flush();
  } finally {
    await file.close();
  }
}

export async function publishPages(bundle: PageBundle, outDir: string, projectRoot: string): Promise<Publication> {
  await writeTwins(outDir, bundle.paginas);
  const paginas = bundle.paginas
    .filter((p) => p.listada)
    .map(({ rota, url, titulo, descricao, secao, lastmod, markdown }): PublishedPage => ({
      rota,
      url,
      titulo,
      descricao,
      secao,
      lastmod,
      texto: twinBodyText(markdown),
      markdown,
    }));
  await writePublicIndex(outDir, bundle.origem, paginas);
  await writeSearchIndex(paginas, projectRoot);
  await writeShareImages(outDir, bundle.imagens);

  // The site data: `{"paginas":[…]` now, the rest in `finish`; renamed into place when complete.
  const target = join(projectRoot, SITE_DATA_FILE);
  const partial = `${target}.parcial`;
  await mkdir(dirname(target), { recursive: true });
  const file = await open(partial, 'w');
  try {
    const out = chunkedWriter(file);
    await out.add('{"paginas":[');
    for (const [i, page] of paginas.entries()) await out.add(`${i ? ',' : ''}${originFree(JSON.stringify(page), bundle.origem)}`);
    await out.add(']');
    await out.flush();
  } catch (error) {
    await file.close();
    throw error;
  }
  return {
    published: { twins: bundle.paginas.length, listed: paginas.length, images: bundle.imagens.length },
    async finish(catalogo, documentos) {
      try {
        const rest = { origem: bundle.origem, catalogo, documentos } satisfies Omit<SiteData, 'paginas'>;
        await file.write(`,${originFree(JSON.stringify(rest), bundle.origem).slice(1)}`);
      } finally {
        await file.close();
      }
      await rename(partial, target);
      return documentos.length;
    },
  };
}

/**
 * Publishes the page bundle (src/pages/build-pages.json.ts): every page's markdown twin (`<rota>.md`), the
 * public search index (`/agentes/indice.json`), the serialized search index and the functions' site data
 * (`.generated/`), and the share images (./share-image.ts). Plain Node: runs in a worker thread while Astro renders the HTML pages, or in the build hook
 * when no worker got the bundle (see ./integration.ts).
 *
 * The site data has two parts: the pages, written as soon as the bundle is here, and what other routes
 * publish (catalogue, documents), added by `finish` once every route is written.
 */
import { appendFile, mkdir, type FileHandle, open, rename, writeFile } from 'node:fs/promises';
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
  /** The site data written so far, for `completeSiteData` (plain data: the worker hands it to the main thread). */
  siteData: PartialSiteData;
  /** Completes the site data with the catalogue and the documents; returns how many documents. */
  finish(catalogo: SiteData['catalogo'], documentos: SiteData['documentos']): Promise<number>;
}

/** The site data being written: `{"paginas":[…]` so far in `partial`, renamed to `target` once complete. */
export interface PartialSiteData {
  partial: string;
  target: string;
  origem: string;
}

/**
 * Completes the site data with what other routes publish (catalogue, documents) once every route is written, and
 * puts it in place; returns how many documents. Any thread: the publish worker has ended by then (./integration.ts).
 */
export async function completeSiteData({ partial, target, origem }: PartialSiteData, catalogo: SiteData['catalogo'], documentos: SiteData['documentos']): Promise<number> {
  const rest = { origem, catalogo, documentos } satisfies Omit<SiteData, 'paginas'>;
  await appendFile(partial, `,${originFree(JSON.stringify(rest), origem).slice(1)}`);
  await rename(partial, target);
  return documentos.length;
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

/**
 * Everything made of the pages' text: the twins, `/agentes/indice.json`, the search index and the site data's
 * pages. Once it returns, nothing holds the pages any more (the share images come after it, on their own).
 */
async function publishTexts(all: PageBundle['paginas'], origem: string, outDir: string, projectRoot: string): Promise<PartialSiteData & { listed: number }> {
  await writeTwins(outDir, all);
  const paginas = all
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
  await writePublicIndex(outDir, origem, paginas);
  await writeSearchIndex(paginas, projectRoot);

  // The site data: `{"paginas":[…]` now, the rest in `completeSiteData`; renamed into place when complete.
  const target = join(projectRoot, SITE_DATA_FILE);
  const partial = `${target}.parcial`;
  await mkdir(dirname(target), { recursive: true });
  const file = await open(partial, 'w');
  try {
    const out = chunkedWriter(file);
    await out.add('{"paginas":[');
    for (const [i, page] of paginas.entries()) await out.add(`${i ? ',' : ''}${originFree(JSON.stringify(page), origem)}`);
    await out.add(']');
    await out.flush();
  } finally {
    await file.close();
  }
  return { partial, target, origem, listed: paginas.length };
}

/**
 * Publishes the bundle. Not itself async, so that it does not hold the bundle while it waits: the pages are
 * let go once their files are written (./publish-worker.ts keeps no copy either), before the share images, the
 * longest step, so the publish worker's heap does not stay at the size of every page's text beside the
 * renderer's (the build's memory peak, docs/ARCHITECTURE.md, "The build's memory").
 */
export function publishPages(bundle: PageBundle, outDir: string, projectRoot: string): Promise<Publication> {
  const { origem, imagens } = bundle;
  const twins = bundle.paginas.length;
  return publishTexts(bundle.paginas, origem, outDir, projectRoot).then(async ({ listed, ...siteData }) => {
    await writeShareImages(outDir, imagens);
    return {
      published: { twins, listed, images: imagens.length },
      siteData,
      finish: (catalogo, documentos) => completeSiteData(siteData, catalogo, documentos),
    };
  });
}

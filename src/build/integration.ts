/**
 * Build integration. Before anything, it checks all the content and reports every problem at once
 * (./content-check.ts). While and after Astro writes the static site, it
 *  1. publishes the page bundle (src/pages/build-pages.json.ts, never itself published): every page's markdown
 *     twin, `/agentes/indice.json`, the serialized search index and the functions' `.generated/site-data.json`
 *     (./publish-pages.ts), and every page's share image (./share-image.ts);
 *  2. writes Netlify's `_headers` and `_redirects` (security headers, media types, aliases) for every file;
 *  2b. moves the functions' page shell (src/pages/moldura-de-pagina.astro) out of the site into `.generated/`;
 *  3. has the prerenderer read the content data store from Astro's store file instead of bundling it as a
 *     string literal (./data-store-module.ts).
 *
 * The bundle is handed over in process: the integration offers a channel on `globalThis` while the build runs,
 * and the bundle route, when it finds it, passes the pages there instead of writing them out. A worker thread
 * then publishes them while Astro renders the HTML pages (the build's second core is otherwise idle), and the
 * build hook only completes the site data. Without the channel (a prerenderer outside this process), the route
 * writes the bundle to the output and the hook publishes it itself: same code, same files, one thread.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AstroIntegration } from 'astro';
import { assertContent } from './content-check.ts';
import { astroStoreFile, dataStoreModule, type DataStorePlugin } from './data-store-module.ts';
import { completeSiteData, type PartialSiteData, type Published, publishPages } from './publish-pages.ts';
import { renderHeadersFile, renderRedirectsFile } from './static-rules.ts';
import { siteOrigin } from '../config/site.ts';
import { publicFilesOf } from '../lib/public-files.ts';
import { PAGE_SHELL_FILE, PAGE_SHELL_ROUTE, type PageShellData } from '../model/page-shell.ts';
import { missingFactsWarning } from '../model/company.ts';
import { DOCUMENT_PATHS } from '../model/public-paths.ts';
import { originFree, PAGE_BUNDLE_CHANNEL, PAGE_BUNDLE_FILE, SITE_DATA_FILE, type PageBundle, type SiteData } from '../model/site-data.ts';

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** A publication under way, in a worker or in this thread. */
interface Running {
  published: Promise<Published>;
  finish(rest: Pick<SiteData, 'catalogo' | 'documentos'>): Promise<number>;
}

/**
 * The publish worker's young generation, in MB. V8's default (up to 64 MB a semi-space on 64-bit Node without
 * pointer compression, and pages it keeps pooled after use) let the worker's heap reach about 300 MB for 100 MB
 * of live data, beside the renderer's at the build's memory peak. Its objects are short-lived strings and
 * entries: a smaller young generation collects them more often, on the core the worker has to itself.
 */
const WORKER_YOUNG_GENERATION_MB = 16;

function inWorker(bundle: PageBundle, outDir: string, projectRoot: string): Running {
  const worker = new Worker(new URL('./publish-worker.ts', import.meta.url), {
    workerData: { outDir, projectRoot },
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
  });
  worker.postMessage(bundle);
  const done = new Promise<{ published: Published; siteData: PartialSiteData }>((resolve, reject) => {
    const onMessage = (message: { type: string; published: Published; siteData: PartialSiteData }) => {
      if (message.type !== 'published') return;
      worker.off('message', onMessage).off('error', reject).off('exit', onExit);
      resolve(message);
    };
    const onExit = (code: number) => reject(new Error(`a publicação das páginas terminou sem concluir (código ${code})`));
    worker.on('message', onMessage).once('error', reject).once('exit', onExit);
  });
  done.catch(() => undefined); // awaited by the build hook; not an unhandled rejection meanwhile
  return {
    published: done.then((d) => d.published),
    finish: async ({ catalogo, documentos }) => completeSiteData((await done).siteData, catalogo, documentos),
  };
}

function inThread(bundle: PageBundle, outDir: string, projectRoot: string): Running {
  const publication = publishPages(bundle, outDir, projectRoot);
  return {
    published: publication.then((p) => p.published),
    finish: async ({ catalogo, documentos }) => (await publication).finish(catalogo, documentos),
  };
}

/** The catalogue and the machine documents (llms.txt files, auth.md, pricing.md…) as the site publishes them. */
async function publishedRest(outDir: string): Promise<Pick<SiteData, 'catalogo' | 'documentos'>> {
  const read = (path: string) => readFile(join(outDir, path), 'utf8');
  const documentos: SiteData['documentos'] = [];
  for (const caminho of DOCUMENT_PATHS) {
    if (!/\.(md|txt)$/.test(caminho)) continue;
    const conteudo = await read(caminho.slice(1)).catch(() => undefined);
    if (conteudo !== undefined) documentos.push({ caminho, conteudo });
  }
  return { catalogo: JSON.parse(await read('agentes/catalogo.json')) as SiteData['catalogo'], documentos };
}

/** Moves the page shell out of the published site into `.generated/`, origin-free like the site data. */
async function publishShell(outDir: string, projectRoot: string): Promise<void> {
  const built = join(outDir, `${PAGE_SHELL_ROUTE}.html`);
  const shell: PageShellData = { html: originFree(await readFile(built, 'utf8'), siteOrigin()) };
  const target = join(projectRoot, PAGE_SHELL_FILE);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, JSON.stringify(shell));
  await rm(built);
}

type Channel = (bundle: PageBundle) => boolean;
const globals = globalThis as typeof globalThis & { [PAGE_BUNDLE_CHANNEL]?: Channel };

export default function siteArtifacts(): AstroIntegration {
  let outDir = '';
  let projectRoot = '';
  let running: Running | undefined;
  let storeModule: DataStorePlugin | undefined;
  return {
    name: 'site-artifacts',
    hooks: {
      'astro:config:setup': async ({ config, command, updateConfig }) => {
        // Every content error at once, before Astro's content sync stops at the first one (./content-check.ts).
        if (command === 'build') {
          const root = fileURLToPath(config.root);
          await assertContent(root, publicFilesOf(root));
        }
        const storeFile = astroStoreFile(config);
        // Without a single store file, Astro's own load answers and the plugin has nothing to do.
        storeModule = storeFile ? dataStoreModule({ storeFile }) : undefined;
        if (storeModule) updateConfig({ vite: { plugins: [storeModule] } });
      },
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
        projectRoot = fileURLToPath(config.root);
      },
      'astro:build:start': ({ logger }) => {
        // A production deploy says which of the firm's trust facts content/empresa.json still lacks.
        const missingFacts = missingFactsWarning();
        if (missingFacts) logger.warn(missingFacts);
        running = undefined;
        globals[PAGE_BUNDLE_CHANNEL] = (bundle) => {
          running = inWorker(bundle, outDir, projectRoot);
          return true;
        };
      },
      'astro:build:done': async ({ dir, logger }) => {
        delete globals[PAGE_BUNDLE_CHANNEL];
        if (storeModule && !storeModule.served()) {
          throw new Error(
            'o módulo de dados do conteúdo não passou pelo plugin src/build/data-store-module.ts: o Astro renomeou o módulo interno (astro:data-layer-content); ajuste DATA_STORE_MODULE_ID',
          );
        }
        const out = fileURLToPath(dir);
        const bundleFile = join(out, PAGE_BUNDLE_FILE);
        if (!running) running = inThread(JSON.parse(await readFile(bundleFile, 'utf8')) as PageBundle, out, projectRoot);
        await rm(bundleFile, { force: true });
        const { twins, listed, images } = await running.published;
        const documentos = await running.finish(await publishedRest(out));
        running = undefined;

        await publishShell(out, projectRoot);
        const paths: string[] = [];
        for await (const file of walk(out)) paths.push(`/${relative(out, file).split(sep).join('/')}`);
        await writeFile(join(out, '_headers'), renderHeadersFile(paths));
        await writeFile(join(out, '_redirects'), renderRedirectsFile());
        logger.info(
          `${twins} gêmeos markdown, ${images} imagens de compartilhamento, agentes/indice.json, _headers, _redirects, ${SITE_DATA_FILE} e ${PAGE_SHELL_FILE} gerados (${listed} páginas listadas, ${documentos} documentos)`,
        );
      },
    },
  };
}

/**
 * Worker thread of ./integration.ts: publishes the page bundle (./publish-pages.ts) while the main thread
 * goes on rendering HTML pages. Messages: receives the bundle in `workerData`, posts `published`; then
 * receives `{ catalogo, documentos }`, posts `finished`. Any error ends the worker, and the build with it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { publishPages } from './publish-pages.ts';
import type { PageBundle, SiteData } from '../model/site-data.ts';

const { bundle, outDir, projectRoot } = workerData as { bundle: PageBundle; outDir: string; projectRoot: string };
const port = parentPort!;
const publication = await publishPages(bundle, outDir, projectRoot);
port.once('message', async ({ catalogo, documentos }: Pick<SiteData, 'catalogo' | 'documentos'>) => {
  port.postMessage({ type: 'finished', documentos: await publication.finish(catalogo, documentos) });
});
port.postMessage({ type: 'published', ...publication.published });

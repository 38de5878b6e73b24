/**
 * Worker thread of ./integration.ts: publishes the page bundle (./publish-pages.ts) while the main thread
 * goes on rendering HTML pages. Messages: receives the bundle, posts `published`; then receives
 * `{ catalogo, documentos }`, posts `finished`. Any error ends the worker, and the build with it.
 * The bundle comes as a message, not in `workerData` (which the thread keeps for its whole life), so that its
 * pages can be let go once published.
 */
import { once } from 'node:events';
import { parentPort, workerData } from 'node:worker_threads';
import { publishPages } from './publish-pages.ts';
import type { PageBundle, SiteData } from '../model/site-data.ts';

const { outDir, projectRoot } = workerData as { outDir: string; projectRoot: string };
const port = parentPort!;
const publication = await publishPages(((await once(port, 'message')) as [PageBundle])[0], outDir, projectRoot);
port.once('message', async ({ catalogo, documentos }: Pick<SiteData, 'catalogo' | 'documentos'>) => {
  port.postMessage({ type: 'finished', documentos: await publication.finish(catalogo, documentos) });
});
port.postMessage({ type: 'published', ...publication.published });

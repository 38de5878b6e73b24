/**
 * Worker thread of ./integration.ts: publishes the page bundle (./publish-pages.ts) while the main thread
 * goes on rendering HTML pages. Receives the bundle as a message, posts `published` with the site data written
 * so far (the main thread completes it: `completeSiteData`), and ends: its heap (200–300 MB at 5,000 articles,
 * mostly the garbage of the texts and the search index) goes with it, not kept beside the renderer's until
 * the build's end. Any error ends the worker, and the build with it.
 * The bundle comes as a message, not in `workerData` (which the thread keeps for its whole life), so that its
 * pages can be let go once published.
 */
import { once } from 'node:events';
import { parentPort, workerData } from 'node:worker_threads';
import { publishPages } from './publish-pages.ts';
import type { PageBundle } from '../model/site-data.ts';

const { outDir, projectRoot } = workerData as { outDir: string; projectRoot: string };
const port = parentPort!;
const { published, siteData } = await publishPages(((await once(port, 'message')) as [PageBundle])[0], outDir, projectRoot);
port.postMessage({ type: 'published', published, siteData });

import type { APIRoute } from 'astro';
import { renderTwin } from '../lib/markdown-twin.ts';
import { text } from '../lib/responses.ts';
import { listedPages, loadSite } from '../lib/site.ts';

/** Every listed page's markdown twin in one file, separated by rules. */
export const GET: APIRoute = async () => {
  const model = await loadSite();
  const twins = await Promise.all(listedPages(model).map((p) => renderTwin(p, model)));
  return text(twins.join('\n---\n\n'));
};

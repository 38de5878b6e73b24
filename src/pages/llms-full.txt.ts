import type { APIRoute } from 'astro';
import { siteOrigin } from '../config/site.ts';
import { renderLlmsFull } from '../lib/llms-full.ts';
import { llmsFullOrder } from '../lib/llms.ts';
import { renderTwin } from '../lib/markdown-twin.ts';
import { text } from '../lib/responses.ts';
import { loadSite } from '../lib/site.ts';

/** Every listed page's markdown twin in one file, separated by rules, up to the size readers accept. */
export const GET: APIRoute = async () => {
  const model = await loadSite();
  return text(await renderLlmsFull(llmsFullOrder(model), (p) => renderTwin(p, model), siteOrigin()));
};

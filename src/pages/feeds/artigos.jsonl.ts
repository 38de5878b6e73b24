import type { APIRoute } from 'astro';
import { jsonLines } from '../../lib/responses.ts';
import { articleObject } from '../../lib/schema-org.ts';
import { loadSite } from '../../lib/site.ts';

export const GET: APIRoute = async () => {
  const model = await loadSite();
  return jsonLines(model.artigos.map((a) => articleObject(a, model)));
};

import type { APIRoute } from 'astro';
import { buildCatalog } from '../../lib/catalog.ts';
import { json } from '../../lib/responses.ts';
import { loadSite } from '../../lib/site.ts';

export const GET: APIRoute = async () => json(buildCatalog(await loadSite()));

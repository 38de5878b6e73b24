import type { APIRoute } from 'astro';
import { jsonLines } from '../../lib/responses.ts';
import { articleObject } from '../../lib/schema-org.ts';
import { loadSite } from '../../lib/site.ts';

export const GET: APIRoute = async () => jsonLines((await loadSite()).artigos.map((a) => articleObject(a)));

import type { APIRoute } from 'astro';
import { rootLlms } from '../lib/llms.ts';
import { text } from '../lib/responses.ts';
import { loadSite } from '../lib/site.ts';

export const GET: APIRoute = async () => text(rootLlms(await loadSite()));

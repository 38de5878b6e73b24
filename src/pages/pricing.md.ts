import type { APIRoute } from 'astro';
import { startingPrices } from '../lib/facts.ts';
import { renderPricing } from '../lib/documents.ts';
import { markdown } from '../lib/responses.ts';
import { loadSite } from '../lib/site.ts';
import { siteOrigin } from '../config/site.ts';

export const GET: APIRoute = async () => markdown(renderPricing(siteOrigin(), startingPrices(await loadSite())));

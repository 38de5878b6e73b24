import type { APIRoute } from 'astro';
import { renderPricing } from '../lib/documents.ts';
import { markdown } from '../lib/responses.ts';

export const GET: APIRoute = () => markdown(renderPricing());

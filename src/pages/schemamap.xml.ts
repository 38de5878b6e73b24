import type { APIRoute } from 'astro';
import { xml } from '../lib/responses.ts';
import { renderSchemaMap } from '../lib/schemamap.ts';

export const GET: APIRoute = () => xml(renderSchemaMap());

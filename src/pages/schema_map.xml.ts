import type { APIRoute } from 'astro';
import { xml } from '../lib/responses.ts';
import { renderSchemaMap } from '../lib/schemamap.ts';

/** The file name NLWeb crawlers probe (underscore); same content as /schemamap.xml. */
export const GET: APIRoute = () => xml(renderSchemaMap());

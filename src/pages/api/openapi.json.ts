import type { APIRoute } from 'astro';
import { siteOrigin } from '../../config/site.ts';
import { openapiDocument } from '../../../functions/openapi/document.ts';
import { json } from '../../lib/responses.ts';

/** The OpenAPI 3.1 document, generated at build from the same zod schemas the handlers use. */
export const GET: APIRoute = () => json(openapiDocument(siteOrigin()));

import type { APIRoute } from 'astro';
import { API_CATALOG_MEDIA_TYPE, apiCatalog } from '../../../functions/openapi/api-catalog.ts';
import { siteOrigin } from '../../config/site.ts';
import { text } from '../../lib/responses.ts';

/** RFC 9727 API catalog (media type and the HEAD `Link` come from _headers: TYPES_BY_PATH / EXTRA_BY_PATH). */
export const GET: APIRoute = () => text(`${JSON.stringify(apiCatalog(siteOrigin()), null, 2)}\n`, API_CATALOG_MEDIA_TYPE);

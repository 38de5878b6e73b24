import type { APIRoute } from 'astro';
import { protectedResourceMetadata } from '../../../functions/auth/metadata.ts';
import { siteOrigin } from '../../config/site.ts';
import { json } from '../../lib/responses.ts';

/** RFC 9728 protected resource metadata of the v1 API (media type from TYPES_BY_PATH). */
export const GET: APIRoute = () => json(protectedResourceMetadata(siteOrigin()));

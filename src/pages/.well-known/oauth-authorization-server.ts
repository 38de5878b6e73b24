import type { APIRoute } from 'astro';
import { authorizationServerMetadata } from '../../../functions/auth/metadata.ts';
import { siteOrigin } from '../../config/site.ts';
import { json } from '../../lib/responses.ts';

/** RFC 8414 authorization server metadata with the `agent_auth` block (media type from TYPES_BY_PATH). */
export const GET: APIRoute = () => json(authorizationServerMetadata(siteOrigin()));

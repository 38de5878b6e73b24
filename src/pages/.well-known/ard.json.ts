import type { APIRoute } from 'astro';
import { ardManifest } from '../../lib/ard.ts';
import { text } from '../../lib/responses.ts';
import { ARD_MEDIA_TYPE } from '../../model/ard.ts';

/** ARD v0.91 manifest (canonical name); its media type reaches `_headers` through TYPES_BY_PATH. */
export const GET: APIRoute = () => text(`${JSON.stringify(ardManifest(), null, 2)}\n`, ARD_MEDIA_TYPE);

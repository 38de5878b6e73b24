import type { APIRoute } from 'astro';
import { ardManifest } from '../../lib/ard.ts';
import { text } from '../../lib/responses.ts';
import { ARD_MEDIA_TYPE } from '../../model/ard.ts';

/** The same ARD manifest at its v0.9 name (legacy alias: Lighthouse 13.5 and older ARD clients read it). */
export const GET: APIRoute = () => text(`${JSON.stringify(ardManifest(), null, 2)}\n`, ARD_MEDIA_TYPE);

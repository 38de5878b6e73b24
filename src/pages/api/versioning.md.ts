import type { APIRoute } from 'astro';
import { renderDocument } from '../../lib/documents.ts';
import { markdown } from '../../lib/responses.ts';

export const GET: APIRoute = async () => markdown(await renderDocument('/api/versioning.md'));

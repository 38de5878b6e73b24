import type { APIRoute, GetStaticPaths } from 'astro';
import { sectionLlms } from '../../lib/llms.ts';
import { text } from '../../lib/responses.ts';
import { loadSite } from '../../lib/site.ts';
import { LLMS_SECTIONS } from '../../model/public-paths.ts';

type Secao = (typeof LLMS_SECTIONS)[number];
export const getStaticPaths = (() => LLMS_SECTIONS.map((secao) => ({ params: { secao } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => text(sectionLlms(params.secao as Secao, await loadSite()));

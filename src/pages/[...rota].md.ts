import type { APIRoute, GetStaticPaths } from 'astro';
import { renderTwin } from '../lib/markdown-twin.ts';
import { markdown } from '../lib/responses.ts';
import { type SitePage, loadSite } from '../lib/site.ts';

export const getStaticPaths = (async () => {
  const model = await loadSite();
  return model.pages.map((page) => ({ params: { rota: page.rota }, props: { page } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ page: SitePage }> = async ({ props }) => markdown(await renderTwin(props.page, await loadSite()));

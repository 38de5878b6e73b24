import type { APIRoute } from 'astro';
import { xml } from '../lib/responses.ts';
import { listedPages, loadSite } from '../lib/site.ts';
import { isoDay } from '../lib/text.ts';
import { urlset } from '../lib/xml.ts';

export const GET: APIRoute = async () => {
  const pages = listedPages(await loadSite());
  return xml(urlset(pages.map((p) => ({ loc: p.url, lastmod: isoDay(p.lastmod) }))));
};

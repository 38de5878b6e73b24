/**
 * The blog's RSS 2.0 feed (@astrojs/rss), announced by `<link rel="alternate" type="application/rss+xml">` on every
 * page. Summaries, not full text: a reader who wants the article comes to the site, where the article sits next to
 * its author, the related services and the next step; the full text stays one click away (and in markdown at the
 * twin). The newest FEED_ITEMS articles, so the feed stays small whatever the size of the blog. Served as a static
 * file with `application/xml` (dist/_headers, by extension), which every feed reader accepts.
 */
import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { SITE_NAME, siteOrigin } from '../../config/site.ts';
import { loadSite } from '../../lib/site.ts';
import { FEED_PATH } from '../../model/public-paths.ts';

const FEED_ITEMS = 50;
const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const GET: APIRoute = async () => {
  const origin = siteOrigin();
  const { artigos } = await loadSite();
  return rss({
    title: `Blog da ${SITE_NAME}`,
    description: 'Artigos sobre visibilidade em buscas, motores generativos e prontidão de sites para agentes de IA.',
    site: `${origin}/`,
    xmlns: { atom: 'http://www.w3.org/2005/Atom', dc: 'http://purl.org/dc/elements/1.1/' },
    customData: `<language>pt-BR</language><atom:link href="${origin}${FEED_PATH}" rel="self" type="application/rss+xml"/>`,
    items: artigos.slice(0, FEED_ITEMS).map((a) => ({
      title: a.titulo,
      description: a.descricao,
      link: a.url,
      pubDate: a.entry.data.publicadoEm,
      categories: a.entry.data.tags,
      customData: `<dc:creator>${escapeXml(a.entry.data.autor)}</dc:creator>`,
    })),
  });
};

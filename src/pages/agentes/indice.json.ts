import type { APIRoute } from 'astro';
import { siteOrigin } from '../../config/site.ts';
import { renderTwin } from '../../lib/markdown-twin.ts';
import { json } from '../../lib/responses.ts';
import { listedPages, loadSite } from '../../lib/site.ts';
import { isoDay, markdownToText } from '../../lib/text.ts';
import type { IndexEntry } from '../../model/site-data.ts';

/** The search index: title, description and plain text of every listed page (the API searches this). */
export const GET: APIRoute = async () => {
  const model = await loadSite();
  const paginas: IndexEntry[] = await Promise.all(
    listedPages(model).map(async (p) => {
      const twin = await renderTwin(p, model);
      // Text without the twin's header lines (title, description, URL, date), which have fields of their own.
      const body = twin.split('\n\n').slice(4).join('\n\n');
      return { rota: p.rota, url: p.url, titulo: p.titulo, descricao: p.descricao, secao: p.secao, lastmod: isoDay(p.lastmod), texto: markdownToText(body) };
    }),
  );
  return json({ origem: siteOrigin(), total: paginas.length, paginas });
};

import type { APIRoute } from 'astro';
import { siteOrigin } from '../config/site.ts';
import { renderTwin } from '../lib/markdown-twin.ts';
import { text } from '../lib/responses.ts';
import { indexedPages, loadSite } from '../lib/site.ts';
import { isoDay } from '../lib/text.ts';
import { PAGE_BUNDLE_CHANNEL, type PageBundle } from '../model/site-data.ts';

/**
 * Not published: every page's markdown twin and index fields, which the build integration
 * (src/build/integration.ts) turns into the `<rota>.md` twins, `/agentes/indice.json` and the functions' data.
 * One route instead of one per twin: Astro's per-route cost, paid thousands of times, was most of what the
 * twins cost the build. Handed over in process when the integration offers its channel (then this file only
 * says so), otherwise written out whole for the integration to read; deleted from the output either way.
 */
export const GET: APIRoute = async () => {
  const model = await loadSite();
  const listed = new Set(indexedPages(model));
  const bundle: PageBundle = {
    origem: siteOrigin(),
    paginas: await Promise.all(
      model.pages.map(async (p) => ({
        rota: p.rota,
        url: p.url,
        titulo: p.titulo,
        descricao: p.descricao,
        secao: p.secao,
        lastmod: isoDay(p.lastmod),
        listada: listed.has(p),
        markdown: await renderTwin(p, model),
      })),
    ),
    imagens: [...new Map(model.pages.map((p) => [p.imagemGerada.caminho, p.imagemGerada])).values()],
  };
  const channel = (globalThis as { [PAGE_BUNDLE_CHANNEL]?: (bundle: PageBundle) => boolean })[PAGE_BUNDLE_CHANNEL];
  const handedOver = channel?.(bundle) ?? false;
  return text(handedOver ? '{"entregue":true}\n' : JSON.stringify(bundle), 'application/json; charset=utf-8');
};

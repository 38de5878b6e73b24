import { ok200 } from '../context.ts';
import { type CheckDefinition, partial } from './types.ts';
import { plural } from '../../../src/model/plural.ts';

/** HTML size limits (bytes after decompression): agents truncate large pages. */
export const PAGE_OK_BYTES = 300 * 1024;
export const PAGE_MAX_BYTES = 1024 * 1024;

export const pesoDaPagina: CheckDefinition = {
  id: 'peso-da-pagina',
  nome: 'Peso do HTML',
  camada: 'conteudo',
  severidade: 'media',
  titulo: 'O HTML da página é pesado demais',
  porque: 'Agentes trabalham com janelas de contexto limitadas e costumam truncar páginas grandes: o que passa do limite (muitas vezes o conteúdo principal, depois de menus e scripts embutidos) simplesmente não é lido.',
  comoCorrigir: 'Reduza o HTML: mova scripts e estilos embutidos para arquivos externos, remova dados serializados desnecessários (estados de hidratação enormes) e evite repetir menus extensos.',
  async run(ctx) {
    const sampled = (await ctx.samplePages()).flatMap((p) => (ok200(p.probe) && p.analysis ? [{ url: p.url, bytes: p.probe.bytes }] : []));
    const pages = [{ url: ctx.home.finalUrl, bytes: ctx.home.bytes }, ...sampled];
    const credit = (bytes: number) => (bytes <= PAGE_OK_BYTES ? 1 : bytes <= PAGE_MAX_BYTES ? 0.5 : 0);
    const heavy = pages.filter((p) => p.bytes > PAGE_OK_BYTES);
    const kb = (bytes: number) => Math.round(bytes / 1024);
    const detail = `HTML da página inicial com ${kb(ctx.home.bytes)} KB; ${pages.length - heavy.length} de ${plural(pages.length, 'página amostrada', 'páginas amostradas')} até ${PAGE_OK_BYTES / 1024} KB${heavy.length ? ` (mais pesadas: ${heavy.slice(0, 3).map((p) => `${new URL(p.url).pathname} com ${kb(p.bytes)} KB`).join(', ')})` : ''}.`;
    return partial(pages.reduce((sum, p) => sum + credit(p.bytes), 0) / pages.length, detail);
  },
};

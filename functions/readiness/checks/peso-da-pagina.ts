import { ok200 } from '../context.ts';
import { sitePath } from '../evidence.ts';
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
  tituloParcial: 'Parte das páginas tem HTML pesado demais',
  porque: 'Agentes trabalham com janelas de contexto limitadas e costumam truncar páginas grandes: o que passa do limite (muitas vezes o conteúdo principal, depois de menus e scripts embutidos) simplesmente não é lido.',
  comoCorrigir: 'Reduza o HTML: mova scripts e estilos embutidos para arquivos externos, remova dados serializados desnecessários (estados de hidratação enormes) e evite repetir menus extensos.',
  async run(ctx) {
    const sampled = (await ctx.samplePages()).flatMap((p) => (ok200(p.probe) && p.analysis ? [{ url: p.url, probe: p.probe, bytes: p.probe.bytes }] : []));
    const pages = [{ url: ctx.home.finalUrl, probe: ctx.home, bytes: ctx.home.bytes }, ...sampled];
    const credit = (bytes: number) => (bytes <= PAGE_OK_BYTES ? 1 : bytes <= PAGE_MAX_BYTES ? 0.5 : 0);
    const heavy = pages.filter((p) => p.bytes > PAGE_OK_BYTES);
    const kb = (bytes: number) => Math.round(bytes / 1024);
    const detail = `${pages.length - heavy.length} de ${plural(pages.length, 'página amostrada', 'páginas amostradas')} com HTML até ${PAGE_OK_BYTES / 1024} KB; a inicial tem ${kb(ctx.home.bytes)} KB${heavy.length ? `; mais pesadas: ${heavy.slice(0, 3).map((p) => `${sitePath(p.url)} com ${kb(p.bytes)} KB`).join(', ')}` : ''}.`;
    const evidencias = (heavy.length ? heavy : pages.slice(0, 1)).slice(0, 3).map((p) => ctx.evidence(p.probe, { em: 'corpo', decisivo: `${kb(p.bytes)} KB de HTML` }));
    return partial(pages.reduce((sum, p) => sum + credit(p.bytes), 0) / pages.length, detail, { evidencias });
  },
};

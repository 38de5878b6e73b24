import { type CheckDefinition, failed, partial, passed } from './types.ts';

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
    const bytes = ctx.home.bytes;
    const kb = Math.round(bytes / 1024);
    if (bytes <= PAGE_OK_BYTES) return passed(`HTML da página inicial com ${kb} KB.`);
    if (bytes <= PAGE_MAX_BYTES) return partial(0.5, `HTML da página inicial com ${kb} KB (acima de ${PAGE_OK_BYTES / 1024} KB).`);
    return failed(`HTML da página inicial com ${kb} KB (acima de ${PAGE_MAX_BYTES / 1024} KB).`);
  },
};

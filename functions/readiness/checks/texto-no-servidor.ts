import { TETOS } from '../scoring.ts';
import { type CheckDefinition, failed, partial, passed } from './types.ts';
import { plural } from '../../../src/model/plural.ts';

/** Characters of visible text a server-rendered page shows at least (below SHELL it is an empty shell). */
export const TEXT_OK = 500;
export const TEXT_SHELL = 150;

export const textoNoServidor: CheckDefinition = {
  id: 'texto-no-servidor',
  nome: 'Conteúdo no HTML do servidor',
  camada: 'conteudo',
  severidade: 'critica',
  titulo: 'O conteúdo só aparece depois do JavaScript',
  porque:
    'A maioria dos robôs de IA não executa JavaScript: eles leem o HTML que o servidor entrega. Se o texto só é montado no navegador, esses robôs veem uma página vazia, e o site não é citado.',
  comoCorrigir:
    'Entregue o conteúdo principal já no HTML do servidor: renderização no servidor (SSR) ou geração estática (SSG) no seu framework, deixando o JavaScript apenas para interações.',
  referencia: 'https://developers.google.com/search/docs/crawling-indexing/javascript/javascript-seo-basics',
  async run(ctx) {
    const pages = [{ url: ctx.home.finalUrl, text: ctx.page.text }, ...(await ctx.samplePages()).filter((p) => p.analysis).map((p) => ({ url: p.url, text: p.analysis?.text ?? '' }))];
    const rendered = pages.filter((p) => p.text.length >= TEXT_OK).length;
    const shells = pages.filter((p) => p.text.length < TEXT_SHELL);
    const homeChars = ctx.page.text.length;
    const detail = `Página inicial com ${homeChars.toLocaleString('pt-BR')} caracteres de texto no HTML; ${rendered} de ${plural(pages.length, 'página amostrada', 'páginas amostradas')} com texto suficiente (≥ ${TEXT_OK}).`;
    if (homeChars < TEXT_SHELL && shells.length * 2 >= pages.length) {
      return failed(detail, { teto: { nota: TETOS.semTextoNoServidor, motivo: 'sem texto no HTML entregue pelo servidor' } });
    }
    if (rendered === pages.length) return passed(detail);
    return partial(Math.max(0.25, rendered / pages.length), detail);
  },
};

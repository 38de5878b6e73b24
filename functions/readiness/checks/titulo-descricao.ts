import { type CheckDefinition, failed, partial, passed } from './types.ts';
import { plural } from '../../../src/model/plural.ts';

export const tituloDescricao: CheckDefinition = {
  id: 'titulo-descricao',
  nome: 'Título e descrição',
  camada: 'conteudo',
  severidade: 'media',
  titulo: 'Faltam título ou meta descrição',
  porque: 'O <title> e a meta description são o resumo que buscadores mostram e que agentes usam para decidir se a página responde à pergunta antes de lê-la inteira.',
  comoCorrigir: 'Dê a cada página um <title> único e específico e uma <meta name="description" content="…"> de uma ou duas frases que resuma o conteúdo.',
  async run(ctx) {
    const pages = [{ url: ctx.home.finalUrl, a: ctx.page }, ...(await ctx.samplePages()).flatMap((p) => (p.analysis ? [{ url: p.url, a: p.analysis }] : []))];
    const complete = pages.filter((p) => p.a.title.length > 0 && p.a.description.length > 0).length;
    const homeMissing = [!ctx.page.title && 'título', !ctx.page.description && 'descrição'].filter(Boolean);
    const detail = `${complete} de ${plural(pages.length, 'página', 'páginas')} com título e descrição${homeMissing.length ? `; na inicial falta ${homeMissing.join(' e ')}` : ''}.`;
    if (complete === pages.length) return passed(detail);
    if (complete === 0 && !ctx.page.title) return failed(detail);
    return partial(complete / pages.length || 0.25, detail);
  },
};

import { isResponse } from '../context.ts';
import { examples } from '../evidence.ts';
import { type CheckDefinition, failed, partial, passed } from './types.ts';
import { plural } from '../../../src/model/plural.ts';

export const tituloDescricao: CheckDefinition = {
  id: 'titulo-descricao',
  nome: 'Título e descrição',
  camada: 'conteudo',
  severidade: 'media',
  titulo: 'Faltam título ou meta descrição',
  tituloParcial: 'Parte das páginas não tem título ou meta descrição',
  porque: 'O <title> e a meta description são o resumo que buscadores mostram e que agentes usam para decidir se a página responde à pergunta antes de lê-la inteira.',
  comoCorrigir: 'Dê a cada página um <title> único e específico e uma <meta name="description" content="…"> de uma ou duas frases que resuma o conteúdo.',
  async run(ctx) {
    const pages = [{ url: ctx.home.finalUrl, probe: ctx.home, a: ctx.page }, ...(await ctx.samplePages()).flatMap((p) => (p.analysis && isResponse(p.probe) ? [{ url: p.url, probe: p.probe, a: p.analysis }] : []))];
    const lacking = pages.filter((p) => !(p.a.title.length > 0 && p.a.description.length > 0));
    const complete = pages.length - lacking.length;
    const homeMissing = [!ctx.page.title && 'título', !ctx.page.description && 'descrição'].filter(Boolean);
    const missingOf = (p: (typeof pages)[number]) => [!p.a.title && '<title>', !p.a.description && '<meta name="description">'].filter(Boolean).join(' e ');
    const detail = `${complete} de ${plural(pages.length, 'página', 'páginas')} com título e descrição${lacking.length ? `; faltam em: ${examples(lacking.map((p) => p.url))}` : ''}${homeMissing.length ? `; na inicial falta ${homeMissing.join(' e ')}` : ''}.`;
    const evidencias = (lacking.length ? lacking : pages).slice(0, 3).map((p) => ctx.evidence(p.probe, { em: 'corpo', decisivo: lacking.length ? `sem ${missingOf(p)}` : `<title> e <meta name="description"> presentes` }));
    if (complete === pages.length) return passed(detail, { evidencias });
    if (complete === 0 && !ctx.page.title) return failed(detail, { evidencias });
    return partial(complete / pages.length || 0.25, detail, { evidencias, ...(complete === 0 ? { titulo: 'Nenhuma página amostrada tem título e meta descrição' } : {}) });
  },
};

import { type CheckDefinition, failed, notApplicable, partial, passed } from './types.ts';

export const llmsTxtMarkdown: CheckDefinition = {
  id: 'llms-txt-markdown',
  nome: 'llms.txt aponta para markdown',
  camada: 'descoberta',
  severidade: 'baixa',
  titulo: 'O llms.txt aponta para páginas HTML em vez de markdown',
  porque: 'Links para as versões .md poupam ao agente o trabalho de limpar HTML (menus, rodapés, scripts) e reduzem o consumo de contexto em várias vezes.',
  comoCorrigir: 'Publique uma versão markdown de cada página (por exemplo /pagina.md) e use esses endereços nos links do llms.txt.',
  dependeDe: 'llms-txt',
  async run(ctx) {
    const { file } = await ctx.llms();
    if (!file) return failed('Sem llms.txt.');
    if (file.links.length === 0) return notApplicable('O llms.txt não tem links.');
    const md = file.links.filter((l) => /\.(?:md|markdown|txt)(?:[?#].*)?$/i.test(l.url)).length;
    const share = md / file.links.length;
    const detail = `${md} de ${file.links.length} link(s) apontam para markdown ou texto.`;
    if (share >= 0.5) return passed(detail);
    return partial(share * 2, detail);
  },
};

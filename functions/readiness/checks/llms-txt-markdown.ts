import { isResponse } from '../context.ts';
import { type CheckDefinition, failed, notApplicable, partial } from './types.ts';
import { plural, agree } from '../../../src/model/plural.ts';

/** Share of page links that must point to markdown to pass (AFDocs: 90%); below it, credit in proportion. */
export const MARKDOWN_LINK_THRESHOLD = 0.9;

const MARKDOWN_PATH = /\.(?:md|markdown|txt)$/i;

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
    // Pages only: endpoints (JSON, MCP, /ask…) and ## Optional items are not pages to be read as markdown.
    const pages = (await ctx.llmsLinks()).filter((l) => !l.endpoint);
    if (pages.length === 0) return notApplicable('O llms.txt não tem links para páginas do próprio site.');
    const markdown = pages.filter((l) => MARKDOWN_PATH.test(new URL(l.url).pathname) || (l.probe && isResponse(l.probe) && l.probe.status === 200 && l.probe.contentType === 'text/markdown'));
    const share = markdown.length / pages.length;
    const detail = `${markdown.length} de ${plural(pages.length, 'link', 'links')} para páginas ${agree(markdown.length, 'aponta', 'apontam')} para markdown ou texto (o esperado é ${Math.round(MARKDOWN_LINK_THRESHOLD * 100)}% ou mais).`;
    return partial(share >= MARKDOWN_LINK_THRESHOLD ? 1 : share, detail);
  },
};

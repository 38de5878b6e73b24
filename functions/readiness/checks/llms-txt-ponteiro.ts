/**
 * AFDocs' llms.txt directive: a pointer to /llms.txt near the top of every page and of every markdown twin,
 * so an agent that lands on one page learns where the index is before it runs out of context.
 */
import { ok200 } from '../context.ts';
import { type CheckDefinition, failed, partial } from './types.ts';
import { plural, agree } from '../../../src/model/plural.ts';

/** Near the top: within the first tenth of the page's searchable text (AFDocs' threshold). */
export const POINTER_TOP = 0.1;

/** Where `/llms.txt` first appears in a markdown text, as a share of its length; undefined when absent. */
export function pointerInMarkdown(text: string): number | undefined {
  const at = text.indexOf('/llms.txt');
  return at < 0 ? undefined : text.length > 0 ? at / text.length : 0;
}

export const llmsTxtPonteiro: CheckDefinition = {
  id: 'llms-txt-ponteiro',
  nome: 'Páginas apontam para o llms.txt',
  camada: 'descoberta',
  severidade: 'baixa',
  titulo: 'As páginas não apontam para o llms.txt perto do topo',
  porque:
    'Um agente costuma chegar a uma página solta, não à raiz do site. Um aviso perto do topo de cada página e de cada versão markdown (por exemplo, "índice para agentes em /llms.txt") mostra onde está o índice antes que o contexto acabe.',
  comoCorrigir:
    'Inclua no início do conteúdo de cada página, e de cada versão .md, uma linha com um link para /llms.txt (por exemplo: "Para agentes: o índice deste site está em /llms.txt"), antes do texto principal e fora do menu de navegação.',
  referencia: 'https://github.com/agent-ecosystem/afdocs',
  dependeDe: 'llms-txt',
  async run(ctx) {
    if (!(await ctx.llms()).file) return failed('Sem llms.txt para as páginas apontarem.');
    const sampled = (await ctx.samplePages()).flatMap((p) => (ok200(p.probe) && p.analysis ? [p.analysis.llmsPointer] : []));
    const { found } = await ctx.twins();
    const positions = [ctx.page.llmsPointer, ...sampled, ...found.map((t) => pointerInMarkdown(t.probe.body))];
    const top = positions.filter((p) => p !== undefined && p <= POINTER_TOP).length;
    const lower = positions.filter((p) => p !== undefined && p > POINTER_TOP).length;
    const detail = `${top} de ${plural(positions.length, 'página ou versão markdown amostrada', 'páginas e versões markdown amostradas')} ${agree(top, 'aponta', 'apontam')} para /llms.txt no primeiro décimo do conteúdo${lower ? `; ${lower} só mais abaixo` : ''}.`;
    return partial((top + lower * 0.5) / positions.length, detail);
  },
};

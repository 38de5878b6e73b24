/**
 * AFDocs' llms.txt directive: a pointer to /llms.txt near the top of every page and of every markdown twin,
 * so an agent that lands on one page learns where the index is before it runs out of context.
 */
import { ok200, type Probe } from '../context.ts';
import { examples } from '../evidence.ts';
import { llmsLeadsNowhere } from './llms-txt-links.ts';
import { type CheckDefinition, failed, partial } from './types.ts';
import { agree } from '../../../src/model/plural.ts';

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
  tituloParcial: 'Parte das páginas não aponta para o llms.txt perto do topo',
  porque:
    'Um agente costuma chegar a uma página solta, não à raiz do site. Um aviso perto do topo de cada página e de cada versão markdown (por exemplo, "índice para agentes em /llms.txt") mostra onde está o índice antes que o contexto acabe.',
  comoCorrigir:
    'Inclua no início do conteúdo de cada página, e de cada versão .md, uma linha com um link para /llms.txt (por exemplo: "Para agentes: o índice deste site está em /llms.txt"), antes do texto principal e fora do menu de navegação.',
  referencia: 'https://github.com/agent-ecosystem/afdocs',
  dependeDe: 'llms-txt',
  async run(ctx) {
    const index = await ctx.llms();
    if (!index.file) return failed('Sem llms.txt para as páginas apontarem.', { evidencias: [ctx.evidence(index.probe, { em: 'status' })] });
    if (await llmsLeadsNowhere(ctx)) return failed('Nenhum link do llms.txt funciona: apontar para ele não leva o agente a nenhuma página.', { evidencias: [ctx.evidence(index.probe, { em: 'corpo' })] });
    const sampled = (await ctx.samplePages()).flatMap((p) => (ok200(p.probe) && p.analysis ? [{ url: p.url, probe: p.probe as Probe, at: p.analysis.llmsPointer }] : []));
    const { found } = await ctx.twins();
    const read = [
      { url: ctx.home.finalUrl, probe: ctx.home as Probe, at: ctx.page.llmsPointer },
      ...sampled,
      ...found.map((t) => ({ url: t.url, probe: t.probe as Probe, at: pointerInMarkdown(t.probe.body) })),
    ];
    const top = read.filter((p) => p.at !== undefined && p.at <= POINTER_TOP).length;
    const lower = read.filter((p) => p.at !== undefined && p.at > POINTER_TOP);
    const missing = read.filter((p) => p.at === undefined);
    const detail = `${top} de ${read.length} páginas e versões markdown amostradas ${agree(top, 'aponta', 'apontam')} para /llms.txt no primeiro décimo do conteúdo${lower.length ? `; ${lower.length} só mais abaixo (${examples(lower.map((p) => p.url))})` : ''}${missing.length ? `; sem ponteiro: ${examples(missing.map((p) => p.url))}` : ''}.`;
    const evidencias = (missing.length || lower.length ? [...missing, ...lower] : read).slice(0, 3).map((p) => ctx.evidence(p.probe, { em: 'corpo', decisivo: p.at === undefined ? 'nenhum /llms.txt no conteúdo' : `/llms.txt a ${Math.floor(p.at * 100)}% do conteúdo` }));
    return partial((top + lower.length * 0.5) / read.length, detail, { evidencias });
  },
};

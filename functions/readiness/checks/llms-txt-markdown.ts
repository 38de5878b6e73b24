/**
 * llms.txt page links that give markdown (issue 19, item 4): judged by what each link answers, not by how it
 * ends. A link counts when it answered 200 (after redirects inside the site) with markdown or plain text: a
 * markdown or text media type, or a `.md`/`.txt` file whose body is not HTML (plain static hosts may send
 * `.md` as `application/octet-stream`). A `.md` link answering 404 or HTML is not markdown. Credit is the share.
 */
import { looksLikeHtml } from '../analysis/llms.ts';
import { isResponse, type LlmsLinkProbe } from '../context.ts';
import { examples } from '../evidence.ts';
import { linkAnswer } from './llms-txt-links.ts';
import { type CheckDefinition, failed, notApplicable, partial } from './types.ts';
import { plural, agree } from '../../../src/model/plural.ts';

const MARKDOWN_TYPES = new Set(['text/markdown', 'text/x-markdown', 'text/plain']);
const MARKDOWN_PATH = /\.(?:md|markdown|txt)$/i;

/** Whether a tried llms.txt link answered markdown (see the module comment). */
export function answersMarkdown(item: LlmsLinkProbe): boolean {
  const probe = item.probe;
  if (!probe || !isResponse(probe) || probe.status !== 200 || probe.body.trim() === '' || looksLikeHtml(probe.body)) return false;
  if (MARKDOWN_TYPES.has(probe.contentType)) return true;
  return MARKDOWN_PATH.test(new URL(probe.finalUrl).pathname) && !probe.contentType.includes('html');
}

export const llmsTxtMarkdown: CheckDefinition = {
  id: 'llms-txt-markdown',
  nome: 'llms.txt aponta para markdown',
  camada: 'descoberta',
  severidade: 'baixa',
  titulo: 'O llms.txt não leva a versões em markdown',
  tituloParcial: 'Parte dos links do llms.txt não leva a markdown',
  porque: 'Links para as versões .md poupam ao agente o trabalho de limpar HTML (menus, rodapés, scripts) e reduzem o consumo de contexto em várias vezes, desde que o endereço responda markdown de fato.',
  comoCorrigir: 'Publique uma versão markdown de cada página (por exemplo /pagina.md, servida como text/markdown) e use esses endereços nos links do llms.txt.',
  dependeDe: 'llms-txt',
  async run(ctx) {
    const { file, probe: index } = await ctx.llms();
    const indexEvidence = { evidencias: [ctx.evidence(index, { em: file ? 'corpo' : 'status' })] };
    if (!file) return failed('Sem llms.txt.', indexEvidence);
    // Pages only: endpoints (JSON, MCP, /ask…) and ## Optional items are not pages to be read as markdown;
    // links the sampling budget left unfetched are not judged.
    const pages = (await ctx.llmsLinks()).filter((l) => !l.endpoint && l.probe);
    if (pages.length === 0) return notApplicable('O llms.txt não tem links testados para páginas do próprio site.', indexEvidence);
    const others = pages.filter((l) => !answersMarkdown(l));
    const markdown = pages.length - others.length;
    const describe = (l: LlmsLinkProbe) => (l.probe && isResponse(l.probe) && l.probe.status === 200 ? (l.probe.contentType || 'sem Content-Type') : linkAnswer(l));
    const detail = `${markdown} de ${plural(pages.length, 'link', 'links')} do llms.txt para páginas ${agree(markdown, 'responde', 'respondem')} markdown${others.length ? `; não respondem: ${examples(others.map((l) => l.url))} (${others.slice(0, 3).map(describe).join(', ')})` : ''}.`;
    const evidencias = others.slice(0, 3).map((l) => {
      const probe = l.probe!;
      if (!isResponse(probe)) return ctx.evidence(probe);
      return probe.status === 200
        ? ctx.evidence(probe, { em: 'cabecalho', decisivo: `Content-Type: ${probe.headers.get('content-type') ?? 'ausente'}` })
        : ctx.evidence(probe, { em: 'status', decisivo: `HTTP ${probe.status}` });
    });
    return partial(markdown / pages.length, detail, { evidencias: evidencias.length ? evidencias : [ctx.evidence(pages[0]!.probe!, { em: 'cabecalho' })] });
  },
};

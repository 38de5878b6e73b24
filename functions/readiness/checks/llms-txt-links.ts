/**
 * Every same-origin link of llms.txt, tried (issue 19, item 4): a link works when it answers 2xx, after the
 * redirects inside the measured origin (followed, as agents follow them: a Docusaurus site served with a
 * trailing-slash 301 is not broken). Endpoints outside `## Optional` (data files, MCP, `/ask`, API routes) also
 * work when they answer as something that exists but wants another request (400, 401, 403, 406, 415, 422);
 * 404, 405, 410 and 5xx are broken there. Items of `## Optional` (llmstxt.org: may be skipped) only have to show
 * they exist (405 to a GET on an MCP server is expected). The credit is the share that works: every broken
 * link costs in proportion, with no threshold.
 */
import { isOptionalLink } from '../analysis/llms.ts';
import { isResponse, type LlmsLinkProbe, type MeasurementContext } from '../context.ts';
import { examples, sitePath } from '../evidence.ts';
import { type CheckDefinition, failed, notApplicable, partial } from './types.ts';
import { plural, agree } from '../../../src/model/plural.ts';

/** Statuses by which an endpoint shows it exists but wants another request (a query, a token, a body…). */
const ENDPOINT_ALIVE = new Set([400, 401, 403, 406, 415, 422]);
/** …and, in `## Optional` only, the method refusal of an endpoint that answers POST only. */
const OPTIONAL_ALIVE = new Set([...ENDPOINT_ALIVE, 405]);

/** Whether a tried llms.txt link works (see the module comment); false when it was not fetched. */
export function linkWorks(item: LlmsLinkProbe): boolean {
  const probe = item.probe;
  if (!probe || !isResponse(probe)) return false;
  if (probe.status >= 200 && probe.status < 300) return true;
  if (isOptionalLink(item.link)) return OPTIONAL_ALIVE.has(probe.status);
  return item.endpoint && ENDPOINT_ALIVE.has(probe.status);
}

/** What a tried link answered, for sentences: `404`, `301 para outra origem`, or the fetch error. */
export function linkAnswer(item: LlmsLinkProbe): string {
  const probe = item.probe;
  if (!probe) return 'não testado';
  if (!isResponse(probe)) return probe.message;
  if (probe.redirectRefused) return `${probe.status} para outra origem`;
  return `${probe.status}`;
}

/**
 * An llms.txt that leads nowhere: it links to the site, links were tried, and not one works (issue 19: a
 * broken llms.txt must be no better than none). Then the index itself fails, and so do the checks of what it
 * should lead to (format, pointers, sizes): a well-formed list of dead links serves no agent.
 */
export async function llmsLeadsNowhere(ctx: MeasurementContext): Promise<LlmsLinkProbe[] | undefined> {
  const tried = (await ctx.llmsLinks()).filter((l) => l.probe);
  return tried.length > 0 && tried.every((l) => !linkWorks(l)) ? tried : undefined;
}

export const llmsTxtLinks: CheckDefinition = {
  id: 'llms-txt-links',
  nome: 'Links do llms.txt funcionam',
  camada: 'descoberta',
  severidade: 'media',
  titulo: 'Links do llms.txt estão quebrados',
  tituloParcial: 'Parte dos links do llms.txt está quebrada',
  porque: 'Um agente que segue um link quebrado do llms.txt perde a página e a confiança no índice; links que falham custam requisições e contexto.',
  comoCorrigir:
    'Gere o llms.txt a partir da mesma fonte das páginas publicadas e verifique, a cada publicação, que todos os links respondem 200 (endpoints que só aceitam POST vão na seção ## Optional).',
  dependeDe: 'llms-txt',
  async run(ctx) {
    const { file, probe: index } = await ctx.llms();
    const indexEvidence = { evidencias: [ctx.evidence(index, { em: file ? 'corpo' : 'status' })] };
    if (!file) return failed('Sem llms.txt para verificar os links.', indexEvidence);
    const all = await ctx.llmsLinks();
    if (all.length === 0) return notApplicable('O llms.txt não tem links para o próprio site.', indexEvidence);
    // Links the sampling budget left unfetched are neither good nor broken.
    const tried = all.filter((l) => l.probe);
    if (tried.length === 0) return notApplicable('Não houve tempo de testar os links do llms.txt nesta medição.', indexEvidence);
    const broken = tried.filter((l) => !linkWorks(l));
    const redirected = tried.filter((l) => linkWorks(l) && l.probe && isResponse(l.probe) && l.probe.redirects.length > 0);
    const parts = [`${tried.length - broken.length} de ${plural(tried.length, 'link', 'links')} do llms.txt ${agree(tried.length - broken.length, 'funciona', 'funcionam')}`];
    if (broken.length) parts.push(`quebrados: ${broken.slice(0, 3).map((l) => `${sitePath(l.url)} (${linkAnswer(l)})`).join(', ')}${broken.length > 3 ? ` e mais ${broken.length - 3}` : ''}`);
    if (redirected.length) parts.push(`${redirected.length} ${agree(redirected.length, 'redireciona dentro do site e foi seguido', 'redirecionam dentro do site e foram seguidos')} (ex.: ${examples(redirected.map((l) => l.url), 1)})`);
    if (tried.length < all.length) parts.push(`${all.length - tried.length} não ${agree(all.length - tried.length, 'testado', 'testados')} por falta de tempo`);
    const evidencias = (broken.length ? broken : redirected.length ? redirected : tried).slice(0, 3).map((l) => {
      const probe = l.probe!;
      if (!isResponse(probe)) return ctx.evidence(probe);
      const decisivo = probe.redirectRefused ? `Location: ${probe.redirectRefused}` : `HTTP ${probe.status}`;
      return ctx.evidence(probe, { em: probe.redirectRefused ? 'cabecalho' : 'status', decisivo: `${decisivo}${isOptionalLink(l.link) ? ' (seção Optional)' : l.endpoint ? ' (endpoint)' : ''}` });
    });
    return partial((tried.length - broken.length) / tried.length, `${parts.join('; ')}.`, { evidencias });
  },
};

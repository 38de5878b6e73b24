import { isResponse, type LlmsLinkProbe } from '../context.ts';
import { type CheckDefinition, failed, notApplicable, partial } from './types.ts';
import { plural, agree } from '../../../src/model/plural.ts';

/** Share of the llms.txt links that must work for the check to pass (AFDocs asks the same). */
export const LINK_THRESHOLD = 0.9;

/** Statuses by which an endpoint shows it exists but wants another request (POST only, a query, a token…). */
const ENDPOINT_ALIVE = new Set([400, 401, 403, 405, 406, 415, 422]);

/** Whether a tried llms.txt link works: a page answers 200 without redirecting; an endpoint answers at all. */
export function linkWorks(item: LlmsLinkProbe): boolean {
  const probe = item.probe;
  if (!probe || !isResponse(probe)) return false;
  if (!item.endpoint) return probe.status === 200 && probe.redirects.length === 0;
  return (probe.status >= 200 && probe.status < 300) || ENDPOINT_ALIVE.has(probe.status);
}

export const llmsTxtLinks: CheckDefinition = {
  id: 'llms-txt-links',
  nome: 'Links do llms.txt funcionam',
  camada: 'descoberta',
  severidade: 'media',
  titulo: 'Links do llms.txt estão quebrados',
  porque: 'Um agente que segue um link quebrado do llms.txt perde a página e a confiança no índice; links que redirecionam ou falham custam requisições e contexto.',
  comoCorrigir: 'Gere o llms.txt a partir da mesma fonte das páginas publicadas e verifique, a cada publicação, que todos os links respondem 200 sem redirecionar.',
  dependeDe: 'llms-txt',
  async run(ctx) {
    const { file } = await ctx.llms();
    if (!file) return failed('Sem llms.txt para verificar os links.');
    const all = await ctx.llmsLinks();
    if (all.length === 0) return notApplicable('O llms.txt não tem links para o próprio site.');
    // Links the sampling budget left unfetched are neither good nor broken.
    const tried = all.filter((l) => l.probe);
    if (tried.length === 0) return notApplicable('Não houve tempo de testar os links do llms.txt nesta medição.');
    const broken = tried.filter((l) => !linkWorks(l));
    const endpoints = tried.filter((l) => l.endpoint).length;
    const describe = (l: LlmsLinkProbe) => `${new URL(l.url).pathname} (${l.probe && isResponse(l.probe) ? `${l.probe.status}${l.probe.redirects.length ? ' com redirecionamento' : ''}` : (l.probe?.message ?? '')})`;
    const share = (tried.length - broken.length) / tried.length;
    const detail = `${tried.length - broken.length} de ${plural(tried.length, 'link', 'links')} ${agree(tried.length - broken.length, 'funciona', 'funcionam')} (páginas: 200 sem redirecionar; ${plural(endpoints, 'endpoint', 'endpoints')} e itens de ## Optional: qualquer resposta de quem existe)${tried.length < all.length ? `; ${plural(all.length - tried.length, 'não testado', 'não testados')} por falta de tempo` : ''}${broken.length ? `; falharam: ${broken.slice(0, 3).map(describe).join(', ')}` : ''}.`;
    if (share >= LINK_THRESHOLD) return partial(1, detail);
    return partial(share, detail);
  },
};

import { isResponse } from '../context.ts';
import { type CheckDefinition, failed, notApplicable, partial, passed } from './types.ts';

/** Links sampled from llms.txt (same origin), and the share that must answer 200. */
export const LINK_SAMPLE = 8;
export const LINK_THRESHOLD = 0.9;

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
    const origin = ctx.origin;
    const sameSite = [...new Set(file.links.map((l) => { try { return new URL(l.url, `${origin}/`).href; } catch { return ''; } }))].filter((u) => u.startsWith(`${origin}/`));
    if (sameSite.length === 0) return notApplicable('O llms.txt não tem links para o próprio site.');
    const step = Math.max(1, Math.floor(sameSite.length / LINK_SAMPLE));
    const sample = sameSite.filter((_, i) => i % step === 0).slice(0, LINK_SAMPLE);
    const probes = await Promise.all(sample.map((u) => ctx.get(u, { accept: 'text/markdown, text/html;q=0.9, */*;q=0.5', maxBytes: 512 * 1024 })));
    const good = probes.filter((p) => isResponse(p) && p.status === 200 && p.redirects.length === 0).length;
    const broken = sample.filter((_, i) => { const p = probes[i]; return !p || !isResponse(p) || p.status !== 200; });
    const share = good / sample.length;
    const detail = `${good} de ${sample.length} link(s) amostrado(s) responderam 200 sem redirecionar${broken.length ? `; falharam: ${broken.slice(0, 3).map((u) => new URL(u).pathname).join(', ')}` : ''}.`;
    if (share >= LINK_THRESHOLD) return passed(detail);
    return partial(share, detail);
  },
};

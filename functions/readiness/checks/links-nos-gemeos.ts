/**
 * AFDocs' broken links inside markdown: a twin is what an agent reads instead of the page, so its links are
 * the ones the agent follows. Same-origin links of the sampled twins are tried (up to `TWIN_LINKS_MAX`).
 */
import { markdownLinks } from '../analysis/llms.ts';
import { HTML_ACCEPT, isResponse, TWIN_ACCEPT } from '../context.ts';
import { sitePath } from '../evidence.ts';
import { type CheckDefinition, notApplicable, partial } from './types.ts';
import { plural, agree } from '../../../src/model/plural.ts';

/** Distinct same-origin links tried across the twins. */
export const TWIN_LINKS_MAX = 100;

export const linksNosGemeos: CheckDefinition = {
  id: 'links-nos-gemeos',
  nome: 'Links das versões markdown funcionam',
  camada: 'conteudo',
  severidade: 'baixa',
  titulo: 'As versões markdown têm links quebrados',
  tituloParcial: 'Parte dos links das versões markdown está quebrada',
  porque:
    'O agente que lê a versão markdown segue os links dela, não os do HTML. Links relativos que só funcionam a partir da página HTML, ou que apontam para endereços antigos, levam o agente a erros.',
  comoCorrigir:
    'Gere as versões .md com links absolutos ou relativos à raiz (/caminho) que respondam 200, e verifique-os a cada publicação como os links das páginas.',
  referencia: 'https://github.com/agent-ecosystem/afdocs',
  dependeDe: 'markdown-gemeo',
  async run(ctx) {
    const { found } = await ctx.twins();
    const read = { evidencias: found.slice(0, 1).map((t) => ctx.evidence(t.probe, { em: 'corpo' as const })) };
    if (found.length === 0) return notApplicable('Nenhuma versão markdown encontrada: não há links de versões markdown para testar.', { evidencias: [ctx.evidence(ctx.home, { em: 'corpo' })] });
    const targets = new Set<string>();
    for (const twin of found) {
      for (const href of markdownLinks(twin.probe.body)) {
        try {
          const u = new URL(href, twin.probe.finalUrl);
          u.hash = '';
          if (u.origin === ctx.origin) targets.add(u.href);
        } catch {
          // not a URL: not followed by agents either
        }
        if (targets.size >= TWIN_LINKS_MAX) break;
      }
    }
    if (targets.size === 0) return notApplicable(`${plural(found.length, 'versão markdown amostrada', 'versões markdown amostradas')} sem links para o próprio site.`, read);
    const tried = await Promise.all(
      [...targets].map(async (u) => ({ url: u, probe: await ctx.sampleGet(u, { accept: u.endsWith('.md') ? TWIN_ACCEPT : HTML_ACCEPT }) })),
    );
    const judged = tried.filter((t) => t.probe);
    if (judged.length === 0) return notApplicable('Não houve tempo de testar os links das versões markdown nesta medição.', read);
    const broken = judged.filter((t) => !t.probe || !isResponse(t.probe) || t.probe.status >= 400 || !!t.probe.redirectRefused);
    const answer = (p: NonNullable<(typeof judged)[number]['probe']>) => (isResponse(p) ? `${p.status}${p.redirectRefused ? ' para outra origem' : ''}` : p.message);
    const detail = `${judged.length - broken.length} de ${plural(judged.length, 'link', 'links')} das versões markdown ${agree(judged.length - broken.length, 'responde', 'respondem')}${broken.length ? `; quebrados: ${broken.slice(0, 3).map((b) => `${sitePath(b.url)} (${answer(b.probe!)})`).join(', ')}${broken.length > 3 ? ` e mais ${broken.length - 3}` : ''}` : ''}.`;
    const evidencias = (broken.length ? broken : judged).slice(0, 3).map((b) => (isResponse(b.probe!) ? ctx.evidence(b.probe!, { em: 'status', decisivo: `HTTP ${b.probe!.status}` }) : ctx.evidence(b.probe!)));
    return partial((judged.length - broken.length) / judged.length, detail, { evidencias });
  },
};

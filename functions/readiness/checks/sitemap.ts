import { isResponse } from '../context.ts';
import { siteText } from '../evidence.ts';
import { type CheckDefinition, failed, partial, passed } from './types.ts';
import { plural } from '../../../src/model/plural.ts';

const VIA = { robots: 'declarado no robots.txt', link: 'anunciado com <link rel="sitemap">', caminho: 'no endereço usual' } as const;

export const sitemap: CheckDefinition = {
  id: 'sitemap',
  nome: 'Sitemap XML válido',
  camada: 'descoberta',
  severidade: 'alta',
  titulo: 'Não há sitemap XML válido',
  tituloParcial: 'O sitemap existe, mas tem problemas ou não está declarado no robots.txt',
  porque:
    'O sitemap lista as páginas que você quer que sejam encontradas. Buscadores e agentes o usam para descobrir conteúdo que não está a um clique da página inicial e para saber o que mudou.',
  comoCorrigir:
    'Publique /sitemap.xml (urlset do protocolo sitemaps.org, com <loc> absolutos das páginas públicas e, de preferência, <lastmod>) e declare-o no robots.txt com Sitemap: https://seu-dominio/sitemap.xml.',
  referencia: 'https://www.sitemaps.org/protocol.html',
  async run(ctx) {
    const info = await ctx.sitemap();
    const robots = await ctx.robots();
    const sitemapEvidence = info.probe ? [ctx.evidence(info.probe, { em: 'corpo', ...(info.problem ? { decisivo: info.problem } : {}) })] : [];
    if (info.urls.length === 0) {
      return failed(
        `Sitemap não encontrado ou vazio${info.url ? ` (primeiro lido: ${siteText(info.url)})` : ''}: ${info.problem ? siteText(info.problem) : 'sem <loc>'}. Procurados: linhas Sitemap: do robots.txt, <link rel="sitemap"> da página inicial, /sitemap.xml, /sitemap-index.xml e /sitemap_index.xml.`,
        { evidencias: sitemapEvidence },
      );
    }
    const declared = (robots.file?.sitemaps.length ?? 0) > 0;
    // No robots.txt at all (4xx): the robots-txt check already counts that absence; it is not charged twice.
    const noRobots = isResponse(robots.probe) && robots.probe.status >= 400 && robots.probe.status < 500;
    const pages = info.pages ?? info.urls;
    const kind = info.kind === 'sitemapindex' ? `índice com ${plural(info.urls.length, 'sitemap', 'sitemaps')} e ${plural(pages.length, 'página', 'páginas')}` : plural(info.urls.length, 'página', 'páginas');
    const where = `Sitemap em ${siteText(info.url ?? '')} (${kind}), ${VIA[info.via ?? 'caminho']}`;
    if (info.problem) return partial(0.5, `${where}, mas ${siteText(info.problem)}.`, { titulo: 'O sitemap existe, mas parte dele não pôde ser lida', evidencias: sitemapEvidence });
    if (noRobots) return passed(`${where} (sem robots.txt para declará-lo).`, { evidencias: sitemapEvidence });
    if (!declared) {
      return partial(0.75, `${where}, mas não declarado no robots.txt.`, {
        titulo: 'O sitemap não está declarado no robots.txt',
        comoCorrigir: 'Declare o sitemap no robots.txt com uma linha Sitemap: e o endereço absoluto.',
        evidencias: [ctx.evidence(robots.probe, { em: 'corpo', decisivo: 'nenhuma linha Sitemap:' }), ...sitemapEvidence],
      });
    }
    return passed(`${where}.`, { evidencias: sitemapEvidence });
  },
};

/**
 * The markdown twin of a page: title, description, canonical URL, then the same content as the HTML page
 * (body plus the sections of its page model, ./page-model.ts, which the HTML template renders too), with
 * absolute links and no navigation chrome.
 */
import { siteOrigin } from '../config/site.ts';
import { diagramMarkdown, diagramOf } from './diagrams.ts';
import { paymentMarkdown } from '../model/prices.ts';
import { startingPricesMarkdown } from './facts.ts';
import type { Pagination } from '../model/blog.ts';
import type { PageSection } from './page-model.ts';
import { describePage } from './pages/index.ts';
import { isMdx, mdxToMarkdown } from './render-mdx.ts';
import type { SiteModel, SitePage } from './site.ts';
import { absolutizeLinks, isoDay } from './text.ts';

const list = (items: string[]) => items.map((i) => `- ${i}`).join('\n');
const link = (p: SitePage, origin: string) => `[${p.titulo}](${origin}${p.path}): ${p.descricao}`;

async function bodyOf(p: SitePage): Promise<string> {
  const entry = p.entry;
  if ((p.kind === 'pagina' || p.kind === 'artigo') && isMdx(entry)) return mdxToMarkdown(entry as never);
  return (entry.body ?? '').trim();
}

/** A listing's pagination in markdown: where the page is, its neighbours, the first and the last (as the list links: to the pages). */
function paginationMarkdown(p: Pagination, origin: string): string {
  const url = (path: string) => `${origin}${path}`;
  const first = p.links[0];
  const last = p.links.at(-1);
  const links = [
    p.anterior && `[anterior](${url(p.anterior)})`,
    p.proxima && `[próxima](${url(p.proxima)})`,
    first && p.pagina !== 1 && p.anterior !== first.path && `[primeira](${url(first.path)})`,
    last && p.pagina !== p.paginas && p.proxima !== last.path && `[última](${url(last.path)})`,
  ].filter(Boolean);
  return `Página ${p.pagina} de ${p.paginas}: ${links.join(' · ')}`;
}

/** A section of the page model in markdown (the HTML templates render the same sections). */
function sectionMarkdown(s: PageSection, origin: string): string {
  switch (s.tipo) {
    case 'fatos':
      return s.fatos
        .map((f) => (Array.isArray(f.valor) ? `**${f.rotulo}:**\n\n${list(f.valor)}` : `**${f.rotulo}:** ${f.valor}`))
        .join('\n\n');
    case 'lista': {
      const items = list(s.itens.map((p) => (s.nota ? `${link(p, origin)} (${s.nota(p)})` : link(p, origin))));
      return `## ${s.titulo}\n\n${items}${s.paginacao ? `\n\n${paginationMarkdown(s.paginacao, origin)}` : ''}`;
    }
    case 'precos': {
      const rows = s.linhas.map((r) => `| [${r.produto.nome}](${origin}/${r.produto.rota}) | ${r.preco} | ${r.produto.prazo} |`).join('\n');
      const from = startingPricesMarkdown(s.aPartirDe, origin);
      return `## ${s.titulo}\n\n| Produto | Preço | Prazo |\n| --- | --- | --- |\n${rows}\n\nDemais serviços: sob proposta. ${s.sobProposta.descricao}\n\n${from ? `${from}\n\n` : ''}${paymentMarkdown(s.pagamento, '###')}`;
    }
    case 'faq':
      return `## ${s.titulo}\n\n${s.perguntas.map((f) => `### ${f.pergunta}\n\n${f.resposta}`).join('\n\n')}`;
  }
}

/**
 * The canonical-URL block of every markdown document (twins, /auth.md, /pricing.md...): the canonical URL, then the
 * pointer to /llms.txt near the top, as the Agent-Friendly Documentation Spec asks (afdocs `llms-txt-directive-md`).
 * One block (a soft line break), so the header keeps its four blocks.
 */
export const canonicalBlock = (url: string, origin = siteOrigin()): string =>
  `URL canônica: ${url}\nÍndice do site para agentes de IA: ${origin}/llms.txt`;

/**
 * The twin of a page. The page bundle (twins, search index, functions' data) renders every page's; llms-full.txt
 * renders the first ones again, as many as it holds. Not kept: kept for every page and the whole build, the twins
 * were 30 MB more live data in the renderer at 5,000 articles, about twice that in heap at the memory peak.
 */
export async function renderTwin(p: SitePage, model: SiteModel, origin = siteOrigin()): Promise<string> {
  const view = describePage(p, model);
  // Always four header blocks (twinBodyText in ./text.ts skips them for the search index).
  const header = [`# ${p.titulo}`, `> ${p.descricao}`, canonicalBlock(p.url, origin), view.linhaDoGemeo ? absolutizeLinks(view.linhaDoGemeo, origin) : `Atualizado em ${isoDay(p.lastmod)}`];
  // A fact sheet opens the twin; the other sections follow the body.
  const before = view.secoes.filter((s) => s.tipo === 'fatos');
  const after = view.secoes.filter((s) => s.tipo !== 'fatos');
  // The page's diagram (./diagrams.ts), as text where the HTML page draws it: before the body.
  const diagram = diagramOf(p.rota);
  const body = [diagram && diagramMarkdown(diagram), absolutizeLinks(await bodyOf(p), origin)].filter(Boolean).join('\n\n');
  const parts = [...before.map((s) => sectionMarkdown(s, origin)), body, ...after.map((s) => sectionMarkdown(s, origin))];
  return `${[...header, ...parts.filter(Boolean)].join('\n\n')}\n`;
}

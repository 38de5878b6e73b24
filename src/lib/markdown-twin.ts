/**
 * The markdown twin of a page: title, description, canonical URL, then the same content as the HTML page
 * (body plus the facts and lists the templates add), with absolute links and no navigation chrome.
 */
import { siteOrigin } from '../config/site.ts';
import { loadPrices } from '../model/prices.ts';
import { diagramMarkdown, diagramOf } from './diagrams.ts';
import { priceRows, solutionFacts, solutionsOf, objectivesOf, TIPO_LABEL } from './facts.ts';
import { isMdx, mdxToMarkdown } from './render-mdx.ts';
import type { SiteModel, SitePage } from './site.ts';
import { absolutizeLinks, formatDate, isoDay } from './text.ts';

const list = (items: string[]) => items.map((i) => `- ${i}`).join('\n');
const link = (p: SitePage, origin: string) => `[${p.titulo}](${origin}${p.path}): ${p.descricao}`;

async function bodyOf(p: SitePage): Promise<string> {
  const entry = p.entry;
  if ((p.kind === 'pagina' || p.kind === 'artigo') && isMdx(entry)) return mdxToMarkdown(entry as never);
  return (entry.body ?? '').trim();
}

/** Sections that follow the body, by kind and route. Mirrors what the HTML templates render. */
function extras(p: SitePage, model: SiteModel, origin: string): string[] {
  const out: string[] = [];
  if (p.kind === 'solucao') {
    const facts = solutionFacts(p)
      .map((f) => (Array.isArray(f.valor) ? `**${f.rotulo}:**\n\n${list(f.valor)}` : `**${f.rotulo}:** ${f.valor}`))
      .join('\n\n');
    out.unshift(facts);
    const objs = objectivesOf(p, model);
    if (objs.length) out.push(`## Objetivos atendidos\n\n${list(objs.map((o) => link(o, origin)))}`);
  }
  if (p.kind === 'objetivo') out.push(`## Soluções indicadas\n\n${list(solutionsOf(p, model).map((s) => link(s, origin)))}`);
  if (p.kind === 'pagina') {
    if (p.rota === 'solucoes')
      out.push(`## Catálogo de soluções\n\n${list(model.solucoes.map((s) => `${link(s, origin)} (${TIPO_LABEL[s.entry.data.tipo]})`))}`);
    if (p.rota === 'objetivos') out.push(`## Objetivos de negócio\n\n${list(model.objetivos.map((o) => link(o, origin)))}`);
    if (p.rota === 'blog')
      out.push(`## Artigos\n\n${list(model.artigos.map((a) => `${link(a, origin)} (${formatDate(a.entry.data.publicadoEm)})`))}`);
    if (p.rota === 'precos' || p.rota === 'diagnostico-de-visibilidade') {
      const rows = priceRows()
        .map((r) => `| [${r.produto.nome}](${origin}/${r.produto.rota}) | ${r.preco} | ${r.produto.prazo} |`)
        .join('\n');
      out.push(
        `## Preços públicos\n\n| Produto | Preço | Prazo |\n| --- | --- | --- |\n${rows}\n\nDemais serviços: sob proposta. ${loadPrices().sobProposta.descricao}`,
      );
    }
  }
  const faq = 'faq' in p.entry.data ? p.entry.data.faq : undefined;
  if (faq?.length) out.push(`## Perguntas frequentes\n\n${faq.map((f) => `### ${f.pergunta}\n\n${f.resposta}`).join('\n\n')}`);
  return out;
}

/**
 * The canonical-URL block of every markdown document (twins, /auth.md, /pricing.md...): the canonical URL, then the
 * pointer to /llms.txt near the top, as the Agent-Friendly Documentation Spec asks (afdocs `llms-txt-directive-md`).
 * One block (a soft line break), so the header keeps its four blocks.
 */
export const canonicalBlock = (url: string, origin = siteOrigin()): string =>
  `URL canônica: ${url}\nÍndice do site para agentes de IA: ${origin}/llms.txt`;

const rendered = new WeakMap<SitePage, Map<string, Promise<string>>>();

/**
 * The twin of a page. The page bundle (twins, search index, functions' data) and llms-full.txt both need it: it is rendered once per
 * page and origin, and shared.
 */
export function renderTwin(p: SitePage, model: SiteModel, origin = siteOrigin()): Promise<string> {
  let byOrigin = rendered.get(p);
  if (!byOrigin) rendered.set(p, (byOrigin = new Map()));
  let twin = byOrigin.get(origin);
  if (!twin) byOrigin.set(origin, (twin = buildTwin(p, model, origin)));
  return twin;
}

async function buildTwin(p: SitePage, model: SiteModel, origin: string): Promise<string> {
  // Always four header blocks (twinBodyText in ./text.ts skips them for the search index).
  const header = [`# ${p.titulo}`, `> ${p.descricao}`, canonicalBlock(p.url, origin)];
  if (p.kind === 'artigo') {
    const d = p.entry.data;
    header.push(
      `Por ${d.autor} · publicado em ${isoDay(d.publicadoEm)}${d.atualizadoEm ? ` · atualizado em ${isoDay(d.atualizadoEm)}` : ''} · tags: ${d.tags.join(', ')}`,
    );
  } else {
    header.push(`Atualizado em ${isoDay(p.lastmod)}`);
  }
  const [first, ...rest] = extras(p, model, origin);
  // The page's diagram, as text where the HTML page draws it: before the body.
  const diagram = diagramOf(p.rota);
  const body = [diagram && diagramMarkdown(diagram), absolutizeLinks(await bodyOf(p), origin)].filter(Boolean).join('\n\n');
  const parts = p.kind === 'solucao' ? [first, body, ...rest] : [body, first, ...rest];
  return `${[...header, ...parts.filter(Boolean)].join('\n\n')}\n`;
}

/**
 * The listing pages (solutions catalogue, business objectives, the blog and its derived listings, the team): the
 * body, then the list, also described as an ItemList in JSON-LD from the same section.
 */
import { TIPO_LABEL } from '../facts.ts';
import type { PageKind, PageSection } from '../page-model.ts';
import { BLOG_ROUTE, THEMES_ROUTE, pageCount, pageSlice, paginationOf } from '../../model/blog.ts';
import { collectionPage, itemList } from '../schema-org.ts';
import type { SiteModel, SitePage } from '../site.ts';
import { formatDate, isoDay } from '../text.ts';

type Lista = Extract<PageSection, { tipo: 'lista' }>;

/** The page's main list (its first) as an ItemList; the lists after it are navigation. */
const mainList = (secoes: readonly PageSection[]): Lista | undefined => secoes.find((s): s is Lista => s.tipo === 'lista');

/** The JSON-LD of a listing: its main list as an ItemList. */
const mainListJsonLd = (page: SitePage, _model: SiteModel, secoes: readonly PageSection[]): unknown[] => {
  const main = mainList(secoes);
  return main ? [itemList(page.url, main.titulo, main.itens)] : [];
};

function listing(modelo: string, lista: (model: SiteModel) => Lista): PageKind {
  return { modelo, secoes: (_page, model) => [lista(model)], jsonLd: mainListJsonLd, ctaMedicao: true };
}

export const solucoes = listing('solucoes', (model) => ({
  tipo: 'lista',
  id: 'h-catalogo',
  titulo: 'Catálogo de soluções',
  itens: model.solucoes,
  nota: (s: SitePage) => (s.kind === 'solucao' ? (TIPO_LABEL[s.entry.data.tipo] ?? s.entry.data.tipo) : ''),
}));

export const objetivos = listing('objetivos', (model) => ({
  tipo: 'lista',
  id: 'h-objetivos',
  titulo: 'Objetivos de negócio',
  itens: model.objetivos,
}));

/** An article's publication date, the twin's note after it in a list. */
export const publishedOn = (a: SitePage) => (a.kind === 'artigo' ? formatDate(a.entry.data.publicadoEm) : '');

/** One page of a listing of articles, with the links to its other pages when it has more than one. */
const articlesPage = (titulo: string, base: string, pagina: number, itens: readonly SitePage[], paginas: number): Lista => ({
  tipo: 'lista',
  id: 'h-artigos',
  titulo,
  itens,
  nota: publishedOn,
  ...(paginas > 1 ? { paginacao: paginationOf(base, pagina, paginas) } : {}),
});

/** The themes as a list of their first pages, each with how many articles it has. */
const themesList = (model: SiteModel, titulo: string): Lista => ({
  tipo: 'lista',
  id: 'h-temas',
  titulo,
  itens: model.temas.map((t) => model.byRoute.get(t.rota)).filter((p): p is SitePage => p !== undefined),
  nota: (p: SitePage) => (p.kind === 'listagem' && p.entry.data.tipo === 'tema' ? articleCount(p.entry.data.tema.artigos.length) : ''),
});

const articleCount = (n: number) => (n === 1 ? '1 artigo' : `${n} artigos`);

/** `/blog`: the newest articles (the first page of the listing), then the themes. */
export const blog: PageKind = {
  modelo: 'blog',
  secoes: (_page, model) => [
    articlesPage('Artigos', BLOG_ROUTE, 1, pageSlice(model.artigos, 1), pageCount(model.artigos.length)),
    ...(model.temas.length ? [themesList(model, 'Temas')] : []),
  ],
  jsonLd: mainListJsonLd,
  ctaMedicao: true,
  seguirFeed: true,
};

type Listagem = Extract<SitePage, { kind: 'listagem' }>;

/** The description of a listing page for schema.org: the page (about its theme), and the list it shows. */
const listingJsonLd = (p: Listagem, secoes: readonly PageSection[]): unknown[] => {
  const lista = mainList(secoes);
  const tema = p.entry.data.tipo === 'tema' ? p.entry.data.tema.nome : undefined;
  return [collectionPage(p, tema), ...(lista ? [itemList(p.url, lista.titulo, lista.itens)] : [])];
};

/**
 * The listings the build derives from the articles (src/lib/site-model.ts): the blog's later pages and each theme's
 * pages show one page of articles and the links to the others; the index of themes lists every theme.
 */
export const listagem: PageKind<Listagem> = {
  modelo: 'blog',
  secoes: (p, model) => {
    const d = p.entry.data;
    if (d.tipo === 'temas') return [themesList(model, 'Todos os temas')];
    return [articlesPage('Artigos', d.base, d.pagina, d.artigos, d.paginas)];
  },
  jsonLd: (p, _model, secoes) => listingJsonLd(p, secoes),
  linhaDoGemeo: (p) => `Atualizado em ${isoDay(p.lastmod)}${p.entry.data.tipo === 'temas' ? '' : ` · [todos os temas do blog](/${THEMES_ROUTE})`}`,
  ctaMedicao: true,
  seguirFeed: true,
};

/** The team (content/autores): each author's page with their role; `/sobre` and the `/autores` index show it. */
const team = (model: SiteModel, titulo: string): Lista => ({
  tipo: 'lista',
  id: 'h-equipe',
  titulo,
  itens: [...model.autores.values()],
  nota: (p: SitePage) => (p.kind === 'autor' ? p.entry.data.cargo : ''),
});

export const autores = listing('equipe', (model) => team(model, 'Autores'));
export const sobre: PageKind = { modelo: 'equipe', secoes: (_page, model) => [team(model, 'Quem somos')] };

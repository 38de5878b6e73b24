/**
 * The listing pages (solutions catalogue, business objectives, blog): the body, then the list, also described
 * as an ItemList in JSON-LD from the same section.
 */
import { TIPO_LABEL } from '../facts.ts';
import type { PageKind, PageSection } from '../page-model.ts';
import { itemList } from '../schema-org.ts';
import type { SiteModel, SitePage } from '../site.ts';
import { formatDate } from '../text.ts';

type Lista = Extract<PageSection, { tipo: 'lista' }>;

function listing(modelo: string, lista: (model: SiteModel) => Lista): PageKind {
  return {
    modelo,
    secoes: (_page, model) => [lista(model)],
    jsonLd: (page, _model, secoes) =>
      secoes.filter((s): s is Lista => s.tipo === 'lista').map((s) => itemList(page.url, s.titulo, s.itens)),
    ctaMedicao: true,
  };
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

export const blog = listing('blog', (model) => ({
  tipo: 'lista',
  id: 'h-artigos',
  titulo: 'Artigos',
  itens: model.artigos,
  nota: (a: SitePage) => (a.kind === 'artigo' ? formatDate(a.entry.data.publicadoEm) : ''),
}));

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

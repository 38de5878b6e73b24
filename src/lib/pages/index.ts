/**
 * Which kind each page is: the collections' pages by collection, the site's own pages by the table below, the
 * other pages of the diagnostic section by section, the rest institutional. Adding a kind: docs/DECISIONS.md.
 */
import { MEASURE_ROUTE } from '../../model/measurement.ts';
import { type PageKind, type PageView, describe } from '../page-model.ts';
import type { SiteModel, SitePage } from '../site.ts';
import { artigo, autor, objetivo, solucao } from './colecoes.ts';
import { DIAGNOSTIC_ROUTE, diagnostico, medicao, secaoDiagnostico } from './diagnostico.ts';
import { inicio } from './inicio.ts';
import { agentes, contato, institucional } from './institucionais.ts';
import { autores, blog, listagem, objetivos, sobre, solucoes } from './listas.ts';
import { precos } from './precos.ts';

// Each kind is declared for the pages of its own type; stored here over the union.
type AnyKind = PageKind<never>;

const BY_COLLECTION: Record<Exclude<SitePage['kind'], 'pagina'>, AnyKind> = { solucao, objetivo, artigo, autor, listagem };

/** The site's own pages with a kind of their own, by route. */
const BY_ROUTE: Readonly<Record<string, AnyKind>> = {
  index: inicio,
  solucoes,
  objetivos,
  blog,
  precos,
  contato,
  agentes,
  sobre,
  autores,
  [DIAGNOSTIC_ROUTE]: diagnostico,
  [MEASURE_ROUTE]: medicao,
};

/** The kind of a page. */
export function kindOf(page: SitePage): PageKind {
  const kind =
    page.kind !== 'pagina'
      ? BY_COLLECTION[page.kind]
      : (BY_ROUTE[page.rota] ?? (page.secao === 'diagnostico-de-visibilidade' ? secaoDiagnostico : institucional));
  return kind as PageKind;
}

const views = new WeakMap<SitePage, PageView>();

/** The page described by its kind (once per page: the template and the twin share it). */
export function describePage(page: SitePage, model: SiteModel): PageView {
  let view = views.get(page);
  if (!view) views.set(page, (view = describe(kindOf(page), page, model)));
  return view;
}

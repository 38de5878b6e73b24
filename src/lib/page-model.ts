/**
 * The page model: what a page shows besides its body, described once per page kind (src/lib/pages/*.ts) as a
 * list of sections. The HTML template of the kind (src/components/pages/*.astro) and the markdown twin
 * (./markdown-twin.ts) both read the same description, so the two renderings cannot drift apart; neither
 * branches on the route. How a new kind is added: docs/DECISIONS.md.
 */
import { type Crumb, trailOf } from '../layouts/trail.ts';
import type { Pagination } from '../model/blog.ts';
import type { Precos } from '../model/content.ts';
import type { PaymentTerm } from '../model/prices.ts';
import { SECTIONS } from '../model/routes.ts';
import type { PriceRow, StartingPrice } from './facts.ts';
import { breadcrumbList, faqPage } from './schema-org.ts';
import type { SiteModel, SitePage } from './site.ts';

export interface Fact {
  rotulo: string;
  valor: string | string[];
}
export interface Question {
  pergunta: string;
  resposta: string;
}

/** A section of a page, in reading order. `id` is the HTML heading's id. */
export type PageSection =
  /** A fact sheet: opens the twin (before the body); a side panel on the HTML page. */
  | { tipo: 'fatos'; id: string; titulo: string; fatos: Fact[] }
  /**
   * Links to other pages; `nota` is the twin's parenthesis after an item; `paginacao`, where the list is one page
   * of a longer listing (the links to the other pages follow it; the page's head links the neighbours).
   */
  | { tipo: 'lista'; id: string; titulo: string; itens: readonly SitePage[]; nota?(p: SitePage): string; paginacao?: Pagination }
  /** The public prices. */
  | { tipo: 'precos'; id: string; titulo: string; linhas: PriceRow[]; sobProposta: Precos['sobProposta']; aPartirDe: StartingPrice[]; pagamento: PaymentTerm[] }
  /** Questions and answers (also FAQPage JSON-LD). */
  | { tipo: 'faq'; id: string; titulo: string; perguntas: Question[] };

export type SectionOf<T extends PageSection['tipo']> = Extract<PageSection, { tipo: T }>;

/** What a page kind declares (every member optional but `modelo`). */
export interface PageKind<P extends SitePage = SitePage> {
  /** The HTML template of the kind (src/pages/[...rota].astro maps it to a component). */
  modelo: string;
  /** Sections besides the body and the FAQ (which every kind gets from the front matter). */
  secoes?(page: P, model: SiteModel): PageSection[];
  /** JSON-LD of the kind, between the breadcrumb trail and the FAQ. */
  jsonLd?(page: P, model: SiteModel, secoes: readonly PageSection[]): unknown[];
  /** Small line above the h1 (default: the section's name on an inner page of a section). */
  eyebrow?(page: P): string | undefined;
  /** The twin's line after the canonical block (default: the last modification). */
  linhaDoGemeo?(page: P, model: SiteModel): string | undefined;
  /** Extra stylesheets of the kind's pages. */
  estilos?: string[];
  /** Followed by the call to the free measurement (site-wide: outside `<main>`, in the layout's `<aside>`). */
  ctaMedicao?: boolean;
  /** Followed by the invitation to follow the blog's feed (outside `<main>`, in the layout's `<aside>`). */
  seguirFeed?: boolean;
  /** The body in the wide column (long tables and code). */
  proseLarga?: boolean;
  /** Open Graph article metadata. */
  artigo?(page: P, model: SiteModel): ArticleMeta;
}

export interface ArticleMeta {
  publicadoEm: string;
  atualizadoEm: string;
  /** The author's page (absolute URL): Open Graph's `article:author` is a profile. */
  autor: string;
  tags: string[];
}

/** One page, described: what the template and the twin render. */
export interface PageView<P extends SitePage = SitePage> {
  page: P;
  modelo: string;
  trail: Crumb[];
  eyebrow: string | undefined;
  secoes: PageSection[];
  jsonLd: unknown[];
  estilos: string[] | undefined;
  ctaMedicao: boolean;
  seguirFeed: boolean;
  proseLarga: boolean;
  artigo: ArticleMeta | undefined;
  linhaDoGemeo: string | undefined;
  /** The pagination of the page's list, when it is one page of a longer listing (`rel="prev"`/`"next"`). */
  paginacao: Pagination | undefined;
}

const defaultEyebrow = (p: SitePage): string | undefined =>
  p.secao !== 'institucional' && p.secao !== 'inicio' && p.rota !== p.secao ? SECTIONS[p.secao] : undefined;

/** The FAQ section of a page's front matter, when it has one. */
export const faqSection = (p: SitePage): SectionOf<'faq'> | undefined => {
  const faq = 'faq' in p.entry.data ? p.entry.data.faq : undefined;
  return faq?.length ? { tipo: 'faq', id: 'perguntas-frequentes', titulo: 'Perguntas frequentes', perguntas: faq } : undefined;
};

/** Describes `page` with its kind. */
export function describe<P extends SitePage>(kind: PageKind<P>, page: P, model: SiteModel): PageView<P> {
  const faq = faqSection(page);
  const secoes = [...(kind.secoes?.(page, model) ?? []), ...(faq ? [faq] : [])];
  const trail = trailOf(page, model);
  const jsonLd = [
    ...(trail.length ? [breadcrumbList(trail)] : []),
    ...(kind.jsonLd?.(page, model, secoes) ?? []),
    ...(faq ? [faqPage(page.url, faq.perguntas)] : []),
  ];
  return {
    page,
    modelo: kind.modelo,
    trail,
    eyebrow: kind.eyebrow ? kind.eyebrow(page) : defaultEyebrow(page),
    secoes,
    jsonLd,
    estilos: kind.estilos,
    ctaMedicao: kind.ctaMedicao ?? false,
    seguirFeed: kind.seguirFeed ?? false,
    proseLarga: kind.proseLarga ?? false,
    artigo: kind.artigo?.(page, model),
    linhaDoGemeo: kind.linhaDoGemeo?.(page, model),
    paginacao: secoes.find((s): s is SectionOf<'lista'> => s.tipo === 'lista' && s.paginacao !== undefined)?.paginacao,
  };
}

/** The first section of a type, for templates that place it. */
export const sectionOfType = <T extends PageSection['tipo']>(view: PageView, tipo: T): SectionOf<T> | undefined =>
  view.secoes.find((s): s is SectionOf<T> => s.tipo === tipo);

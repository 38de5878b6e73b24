/**
 * Navigation helpers of the HTML templates: short labels, the breadcrumb trail (shown on the page and
 * described in BreadcrumbList JSON-LD from the same list) and the main navigation.
 */
import { absoluteUrl } from '../config/site.ts';
import { FREE_TOOL, PAID_DIAGNOSTIC } from '../model/offer.ts';
import type { SiteModel, SitePage } from '../lib/site.ts';

export interface Crumb {
  nome: string;
  path: string;
  url: string;
}

/** Short label of a page: its `rotulo`, or the part of the title before a colon. */
export const labelOf = (p: SitePage): string => {
  if (p.kind === 'pagina' && p.entry.data.rotulo) return p.entry.data.rotulo;
  if (p.kind === 'listagem') return p.entry.data.rotulo;
  const head = p.titulo.split(':')[0]?.trim() ?? p.titulo;
  return head.length >= 3 ? head : p.titulo;
};

/** Home → each existing ancestor route → the page. Empty for the home page. */
export const trailOf = (page: SitePage, model: SiteModel): Crumb[] => {
  if (page.rota === 'index') return [];
  const crumbs: Crumb[] = [{ nome: 'Início', path: '/', url: absoluteUrl('index') }];
  const segments = page.rota.split('/');
  for (let i = 1; i < segments.length; i++) {
    const ancestor = model.byRoute.get(segments.slice(0, i).join('/'));
    if (ancestor) crumbs.push({ nome: labelOf(ancestor), path: ancestor.path, url: ancestor.url });
  }
  crumbs.push({ nome: labelOf(page), path: page.path, url: page.url });
  return crumbs;
};

/**
 * The menu for people: the agents' pages are linked from the footer and the discovery files. `also` lists other
 * sections an entry stands for (the paid diagnostic's pages belong to Soluções).
 */
export const NAV: readonly { label: string; href: string; also?: readonly string[] }[] = [
  { label: 'Soluções', href: '/solucoes', also: [PAID_DIAGNOSTIC.path] },
  { label: 'Objetivos', href: '/objetivos' },
  { label: FREE_TOOL.rotulo, href: FREE_TOOL.path },
  { label: 'Blog', href: '/blog' },
  { label: 'Preços', href: '/precos' },
  { label: 'Sobre', href: '/sobre' },
  { label: 'Contato', href: '/contato' },
];

const within = (section: string, current: string): boolean => current === section || current.startsWith(`${section}/`);

/** Whether a menu entry stands for the current page's section (whole path segments: the free tool's
 * `/diagnostico-de-visibilidade-cognitiva` is not under the paid `/diagnostico-de-visibilidade`). */
export const isInSection = (item: (typeof NAV)[number], current: string): boolean =>
  within(item.href, current) || (item.also ?? []).some((s) => within(s, current));

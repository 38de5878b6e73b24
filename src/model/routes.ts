/** Routes and sections of the site, derived from where an entry lives. Pure: used by the build and tests. */
import { MEASURE_ROUTE } from './measurement.ts';

/** What a page is: an entry of a collection, or a listing the build derives from the articles (`listagem`). */
export type PageKind = 'pagina' | 'solucao' | 'objetivo' | 'artigo' | 'autor' | 'listagem';

export const COLLECTION_PREFIX: Record<Exclude<PageKind, 'listagem'>, string> = {
  pagina: '',
  solucao: 'solucoes/',
  objetivo: 'objetivos/',
  artigo: 'blog/',
  autor: 'autores/',
};

export const SECTIONS = {
  inicio: 'Início',
  institucional: 'Institucional',
  solucoes: 'Soluções',
  objetivos: 'Objetivos',
  blog: 'Blog',
  'diagnostico-de-visibilidade': 'Diagnóstico de Visibilidade', // PAID_DIAGNOSTIC.nome (tests/integration/offer-names.test.ts)
  agentes: 'Agentes e desenvolvedores',
  precos: 'Preços',
  autores: 'Autores',
} as const;
export type Section = keyof typeof SECTIONS;

/** Section of a route: the first path segment, with the institutional pages grouped. */
export const sectionOf = (rota: string): Section => {
  const first = rota.split('/')[0] ?? rota;
  if (rota === 'index') return 'inicio';
  if (first === MEASURE_ROUTE) return 'diagnostico-de-visibilidade';
  if (first in SECTIONS) return first as Section;
  return 'institucional';
};

/** Root-relative path of a route (`index` → `/`). */
export const pathOf = (rota: string): string => (rota === 'index' ? '/' : `/${rota}`);

/** Route of a root-relative page path (`/` → `index`): the inverse of `pathOf`. */
export const routeOf = (path: string): string => (path === '/' || path === '' ? 'index' : path.replace(/^\//, ''));

/** Path of the markdown twin of a route (`index` → `/index.md`), the one place twin addresses are made. */
export const twinOf = (rota: string): string => `/${rota}.md`;

/** Absolute URL of the markdown twin of a route at `origin`. */
export const twinUrl = (origin: string, rota: string): string => `${origin}${twinOf(rota)}`;

/** A route is lowercase ASCII segments separated by slashes. */
export const ROUTE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

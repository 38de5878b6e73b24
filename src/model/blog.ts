/**
 * The blog's listings, declared once: how many articles a listing page shows, where the themes (the articles'
 * tags) and the later pages live, and how a tag becomes an address. Pure: the site model (src/lib/site-model.ts)
 * builds the pages from it, the templates and the twins link with it, tests check against it.
 */
import { fold } from './fold.ts';

/** The blog's own route and the themes' index. */
export const BLOG_ROUTE = 'blog';
export const THEMES_ROUTE = `${BLOG_ROUTE}/temas`;

/**
 * Articles on one listing page (`/blog`, `/blog/pagina/<n>`, a theme's pages): twelve cards, six rows of two on a
 * wide screen, keep a listing page inside the first round trip (14 KB of HTML + CSS, gzip). Each listing page costs
 * the build about as much as an article (Astro's cost per page): at 5,000 articles with two tags each, twelve
 * make about 1,400 listing pages, six made 2,800 and took the build past its target (BENCHMARKS.md).
 */
export const ARTICLES_PER_PAGE = 12;

/** Segment before the number of a later page (`/blog/pagina/2`). */
const PAGE_SEGMENT = 'pagina';

/**
 * The address segment of a tag: folded to ASCII, lowercase, every run of other characters one hyphen
 * (`SEO técnico` → `seo-tecnico`, `robots.txt` → `robots-txt`, `JSON-LD` → `json-ld`). Empty when nothing is left.
 */
export const themeSlug = (tag: string): string =>
  fold(tag)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** Route of a theme's first page. */
export const themeRoute = (tag: string): string => `${THEMES_ROUTE}/${themeSlug(tag)}`;

/** Root-relative path of a theme's first page (the link every tag is). */
export const themePath = (tag: string): string => `/${themeRoute(tag)}`;

/** Route of page `n` (from 1) of a listing whose first page is `base`: the first page is the listing itself. */
export const listingPageRoute = (base: string, n: number): string => (n <= 1 ? base : `${base}/${PAGE_SEGMENT}/${n}`);

/** How many pages `count` articles take (at least one: an empty listing still has its page). */
export const pageCount = (count: number): number => Math.max(1, Math.ceil(count / ARTICLES_PER_PAGE));

/** The articles of page `n` (from 1). */
export const pageSlice = <T>(items: readonly T[], n: number): T[] => items.slice((n - 1) * ARTICLES_PER_PAGE, n * ARTICLES_PER_PAGE);

/** Where a listing page sits among its pages: the neighbours and a short run of numbered links. */
export interface Pagination {
  pagina: number;
  paginas: number;
  /** Root-relative paths of the previous and next pages, when there are. */
  anterior?: string;
  proxima?: string;
  /** Numbered links in order: the first, the last and the current page's neighbours; `null` where numbers are skipped. */
  links: ({ numero: number; path: string } | null)[];
}

/** The pagination of page `pagina` of `paginas` of the listing whose first page is the route `base`. */
export function paginationOf(base: string, pagina: number, paginas: number): Pagination {
  const path = (n: number) => `/${listingPageRoute(base, n)}`;
  const shown = [...new Set([1, pagina - 1, pagina, pagina + 1, paginas])].filter((n) => n >= 1 && n <= paginas).sort((a, b) => a - b);
  const links: Pagination['links'] = [];
  shown.forEach((n, i) => {
    const gap = n - (shown[i - 1] ?? 0);
    // A gap of one number is shown as that number rather than an ellipsis.
    if (gap === 2) links.push({ numero: n - 1, path: path(n - 1) });
    else if (gap > 2) links.push(null);
    links.push({ numero: n, path: path(n) });
  });
  return {
    pagina,
    paginas,
    ...(pagina > 1 ? { anterior: path(pagina - 1) } : {}),
    ...(pagina < paginas ? { proxima: path(pagina + 1) } : {}),
    links,
  };
}

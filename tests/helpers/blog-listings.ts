/**
 * The blog's listings as the content says they must be, worked out here from the articles' front matter (not with
 * the build's site model): every theme with its articles newest first, and every page of the blog and of each
 * theme with the articles it must show. Suites compare the built site with it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import yaml from 'js-yaml';
import { ARTICLES_PER_PAGE, themeSlug } from '../../src/model/blog.ts';

export interface ExpectedArticle {
  rota: string;
  publicadoEm: string;
  tags: string[];
}

export interface ExpectedListing {
  /** Route of the page (`blog`, `blog/pagina/2`, `blog/temas/seo-tecnico`, …). */
  rota: string;
  /** Route of the listing's first page. */
  base: string;
  pagina: number;
  paginas: number;
  /** Routes of the articles shown, in order. */
  artigos: string[];
  /** The theme's name (theme pages). */
  tema?: string;
}

const contentDir = new URL('../../content/blog/', import.meta.url);

export function expectedArticles(): ExpectedArticle[] {
  return readdirSync(contentDir)
    .filter((f) => /\.mdx?$/.test(f))
    .map((f) => {
      const text = readFileSync(new URL(f, contentDir), 'utf8');
      const data = yaml.load(/^---\n([\s\S]*?\n)---/.exec(text)![1]!, { schema: yaml.JSON_SCHEMA }) as { publicadoEm: string; tags: string[] };
      return { rota: `blog/${f.replace(/\.mdx?$/, '')}`, publicadoEm: String(data.publicadoEm), tags: data.tags };
    })
    .sort((a, b) => b.publicadoEm.localeCompare(a.publicadoEm));
}

/** The themes: name → articles (newest first). */
export function expectedThemes(articles = expectedArticles()): Map<string, { slug: string; artigos: string[] }> {
  const themes = new Map<string, { slug: string; artigos: string[] }>();
  for (const a of articles) {
    for (const tag of new Set(a.tags)) {
      const theme = themes.get(tag) ?? { slug: themeSlug(tag), artigos: [] };
      theme.artigos.push(a.rota);
      themes.set(tag, theme);
    }
  }
  return themes;
}

function pagesOf(base: string, routes: string[], tema?: string): ExpectedListing[] {
  const paginas = Math.max(1, Math.ceil(routes.length / ARTICLES_PER_PAGE));
  return Array.from({ length: paginas }, (_, i) => ({
    rota: i === 0 ? base : `${base}/pagina/${i + 1}`,
    base,
    pagina: i + 1,
    paginas,
    artigos: routes.slice(i * ARTICLES_PER_PAGE, (i + 1) * ARTICLES_PER_PAGE),
    ...(tema ? { tema } : {}),
  }));
}

/** Every page of the blog (its first page is `/blog`) and of every theme. */
export function expectedListings(): ExpectedListing[] {
  const articles = expectedArticles();
  return [
    ...pagesOf('blog', articles.map((a) => a.rota)),
    ...[...expectedThemes(articles)].flatMap(([tema, t]) => pagesOf(`blog/temas/${t.slug}`, t.artigos, tema)),
  ];
}

/** Routes the build derives from the articles (every listing page but `/blog`, plus the index of themes). */
export const derivedRoutes = (): string[] => ['blog/temas', ...expectedListings().map((l) => l.rota).filter((r) => r !== 'blog')];

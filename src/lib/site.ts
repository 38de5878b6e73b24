/**
 * The site model of the build: the content collections, assembled and validated once by ./site-model.ts.
 * Pages, twins, feeds, sitemaps and the search index are all built from this model.
 */
import { getCollection } from 'astro:content';
import { loadPrices } from '../model/prices.ts';
import { publicFilesOf } from './public-files.ts';
import { type SiteModel, type SitePage, assembleSite } from './site-model.ts';

export type { PageImage, SiteModel, SitePage } from './site-model.ts';
export { shareImage } from './site-model.ts';

async function buildModel(): Promise<SiteModel> {
  const [paginas, solucoes, objetivos, blog, documentos, autores] = await Promise.all([
    getCollection('paginas'),
    getCollection('solucoes'),
    getCollection('objetivos'),
    getCollection('blog'),
    getCollection('documentos'),
    getCollection('autores'),
  ]);
  return assembleSite({ paginas, solucoes, objetivos, blog, documentos, autores }, loadPrices(), { publicFiles: publicFilesOf() });
}

let cached: Promise<SiteModel> | undefined;
/** The validated site model (built once per build). */
export const loadSite = (): Promise<SiteModel> => (cached ??= buildModel());

/** Pages listed in sitemaps, indexes and feeds (hidden pages are rendered but not listed). */
export const listedPages = (model: SiteModel): SitePage[] =>
  model.pages.filter((p) => !(p.kind === 'pagina' && p.entry.data.oculta));

/**
 * Pages with content of their own: the listed pages but the listings derived from the articles (lists of links,
 * in the sitemap and llms.txt but not in the search index, the functions' data or llms-full.txt).
 */
export const indexedPages = (model: SiteModel): SitePage[] => listedPages(model).filter((p) => p.kind !== 'listagem');

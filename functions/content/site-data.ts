/**
 * What the functions serve: the data the build bundled from the published site (page index with text and
 * markdown, catalogue, documents). Static import: the bundle ships inside each Netlify function.
 *
 * The file is origin-free: every absolute URL in it is written with `ORIGIN_PLACEHOLDER`, so it serves whatever
 * origin is configured, whatever origin the build used. `siteData` is the data as stored (for routes, counts
 * and the search index); anything served goes through `siteDataFor(origin)`.
 */
import data from '../../.generated/site-data.json' with { type: 'json' };
import { type SiteData, withOrigin } from '../../src/model/site-data.ts';
import { perOrigin } from '../memo.ts';

/** The data as stored, URLs written with `ORIGIN_PLACEHOLDER`. */
export const siteData: SiteData = data as SiteData;

/** The site data with absolute URLs for `origin`, made once per origin. */
export const siteDataFor = perOrigin((origin): SiteData => withOrigin(siteData, origin));

export type { SiteData, IndexEntry, Catalogo } from '../../src/model/site-data.ts';

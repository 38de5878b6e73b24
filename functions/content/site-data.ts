/**
 * What the functions serve: the data the build bundled from the published site (page index with text and
 * markdown, catalogue, documents). Static import: the bundle ships inside each Netlify function.
 */
import data from '../../.generated/site-data.json' with { type: 'json' };
import type { SiteData } from '../../src/model/site-data.ts';

export const siteData: SiteData = data as SiteData;
export type { SiteData, IndexEntry, Catalogo } from '../../src/model/site-data.ts';

/** XML documents (sitemap, schema map) built with fast-xml-parser, never by string concatenation. */
import { XMLBuilder } from 'fast-xml-parser';

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: true });
export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export const buildXml = (root: Record<string, unknown>): string => `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build(root)}`;

export const urlset = (urls: Record<string, unknown>[]): string => buildXml({ urlset: { '@_xmlns': SITEMAP_NS, url: urls } });

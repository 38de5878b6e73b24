import { siteOrigin } from '../config/site.ts';
import { urlset } from './xml.ts';

/** NLWeb schema map: the schema.org data feeds of the site. */
export const renderSchemaMap = (origin = siteOrigin()): string =>
  urlset([
    { '@_contentType': 'structuredData/schema.org', loc: `${origin}/feeds/solucoes.jsonl` },
    { '@_contentType': 'structuredData/schema.org', loc: `${origin}/feeds/artigos.jsonl` },
  ]);

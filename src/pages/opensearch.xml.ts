/**
 * `/opensearch.xml`: the OpenSearch 1.1 description of the site search (`/busca`), so browsers offer the site's
 * own search from the address bar. Built at build time from the configured origin; every page's head links it.
 */
import type { APIRoute } from 'astro';
import { SITE_NAME, SITE_LOCALE, siteOrigin } from '../config/site.ts';
import { xml } from '../lib/responses.ts';
import { escapeHtml } from '../model/escape.ts';
import { SEARCH_PAGE_PATH } from '../model/paths.ts';

export const GET: APIRoute = () => {
  const origin = siteOrigin();
  const a = escapeHtml;
  return xml(`<?xml version="1.0" encoding="UTF-8"?>
<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">
  <ShortName>${a(SITE_NAME)}</ShortName>
  <Description>${a(`Busca nos artigos, soluções e guias da ${SITE_NAME}`)}</Description>
  <InputEncoding>UTF-8</InputEncoding>
  <OutputEncoding>UTF-8</OutputEncoding>
  <Language>${a(SITE_LOCALE)}</Language>
  <Image height="192" width="192" type="image/png">${a(`${origin}/icon-192.png`)}</Image>
  <Url type="text/html" method="get" template="${a(`${origin}${SEARCH_PAGE_PATH}?q={searchTerms}`)}"/>
  <Url type="application/opensearchdescription+xml" rel="self" template="${a(`${origin}/opensearch.xml`)}"/>
</OpenSearchDescription>
`);
};

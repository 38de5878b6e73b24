/**
 * schema.org objects for the site: the JSON-LD on pages and the NLWeb feeds are built from these,
 * so the structured data agents read is the same everywhere. Typed with schema-dts (schema.org's own
 * vocabulary as TypeScript), so a misspelt property or a wrong value type fails the type check.
 */
import type { BlogPosting, BreadcrumbList, FAQPage, ItemList, ProfessionalService, Service, WebSite, WithContext } from 'schema-dts';
import { SITE_NAME, SITE_TAGLINE, contactEmail, siteOrigin } from '../config/site.ts';
import { findProduct } from '../model/prices.ts';
import type { SitePage } from './site.ts';
import { isoDay } from './text.ts';

type Solution = Extract<SitePage, { kind: 'solucao' }>;
type Article = Extract<SitePage, { kind: 'artigo' }>;

export const organizationId = (origin = siteOrigin()) => `${origin}/#organizacao`;

export const organization = (origin = siteOrigin()): WithContext<ProfessionalService> => ({
  '@context': 'https://schema.org',
  '@type': 'ProfessionalService',
  '@id': organizationId(origin),
  name: SITE_NAME,
  description: SITE_TAGLINE,
  url: `${origin}/`,
  logo: `${origin}/logo.svg`,
  image: `${origin}/og.png`,
  email: contactEmail(),
  areaServed: { '@type': 'Country', name: 'Brasil' },
  address: { '@type': 'PostalAddress', addressLocality: 'São Paulo', addressRegion: 'SP', addressCountry: 'BR' },
  knowsLanguage: 'pt-BR',
});

/**
 * schema.org gives `Service` no `dateModified` (a CreativeWork property); the service objects carry it anyway
 * (the NLWeb feed's freshness), declared here as the one extension to the vocabulary.
 */
type ServiceWithDate = WithContext<Service> & { dateModified: string };

export const serviceObject = (s: Solution, origin = siteOrigin()): ServiceWithDate => {
  const id = s.entry.data.preco;
  const product = id === 'sob-proposta' ? undefined : findProduct(id);
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    '@id': `${s.url}#servico`,
    url: s.url,
    name: s.titulo,
    description: s.descricao,
    serviceType: s.entry.data.tipo,
    provider: { '@id': organizationId(origin) },
    areaServed: { '@type': 'Country', name: 'Brasil' },
    audience: { '@type': 'Audience', audienceType: s.entry.data.paraQuem.join('; ') },
    offers: product
      ? { '@type': 'Offer', price: product.preco.toFixed(2), priceCurrency: 'BRL', url: `${origin}/${product.rota}`, availability: 'https://schema.org/InStock' }
      : { '@type': 'Offer', priceSpecification: { '@type': 'PriceSpecification', priceCurrency: 'BRL', description: 'Sob proposta' }, url: `${origin}/contato` },
    dateModified: isoDay(s.lastmod),
  };
};

export const articleObject = (a: Article, origin = siteOrigin()): WithContext<BlogPosting> => ({
  '@context': 'https://schema.org',
  '@type': 'BlogPosting',
  '@id': `${a.url}#artigo`,
  url: a.url,
  mainEntityOfPage: a.url,
  headline: a.titulo,
  description: a.descricao,
  inLanguage: 'pt-BR',
  author: { '@type': 'Person', name: a.entry.data.autor },
  publisher: { '@id': organizationId(origin) },
  datePublished: isoDay(a.entry.data.publicadoEm),
  dateModified: isoDay(a.lastmod),
  keywords: a.entry.data.tags.join(', '),
});

/** The site itself (home page). */
export const webSite = (origin = siteOrigin()): WithContext<WebSite> => ({
  '@context': 'https://schema.org',
  '@type': 'WebSite',
  '@id': `${origin}/#site`,
  url: `${origin}/`,
  name: SITE_NAME,
  description: SITE_TAGLINE,
  inLanguage: 'pt-BR',
  publisher: { '@id': organizationId(origin) },
});

export interface TrailItem {
  nome: string;
  url: string;
}

/** Breadcrumb trail of an inner page (from the home page to the page itself). */
export const breadcrumbList = (trail: readonly TrailItem[]): WithContext<BreadcrumbList> => ({
  '@context': 'https://schema.org',
  '@type': 'BreadcrumbList',
  itemListElement: trail.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.nome, item: item.url })),
});

/** Questions and answers shown on a page (frontmatter `faq`). */
export const faqPage = (url: string, faq: readonly { pergunta: string; resposta: string }[]): WithContext<FAQPage> => ({
  '@context': 'https://schema.org',
  '@type': 'FAQPage',
  '@id': `${url}#perguntas`,
  url,
  mainEntity: faq.map((f) => ({
    '@type': 'Question',
    name: f.pergunta,
    acceptedAnswer: { '@type': 'Answer', text: f.resposta },
  })),
});

/** A listing page's items (catalogue of solutions, objectives, articles). */
export const itemList = (url: string, name: string, items: readonly { titulo: string; url: string }[]): WithContext<ItemList> => ({
  '@context': 'https://schema.org',
  '@type': 'ItemList',
  '@id': `${url}#lista`,
  url,
  name,
  numberOfItems: items.length,
  itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, url: item.url, name: item.titulo })),
});

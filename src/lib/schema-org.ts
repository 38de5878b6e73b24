/**
 * schema.org objects for the site: the JSON-LD on pages and the NLWeb feeds are built from these,
 * so the structured data agents read is the same everywhere. Typed with schema-dts (schema.org's own
 * vocabulary as TypeScript), so a misspelt property or a wrong value type fails the type check.
 */
import type { BlogPosting, BreadcrumbList, CollectionPage, ContactPoint, DayOfWeek, FAQPage, ItemList, Offer, OpeningHoursSpecification, Person, PostalAddress, ProfessionalService, Service, WebSite, WithContext } from 'schema-dts';
import { SHARE_IMAGE, SITE_NAME, SITE_TAGLINE, contactEmail, siteOrigin } from '../config/site.ts';
import { SCHEMA_DAY, addressLine, effectiveCompany, phoneDigits } from '../model/company.ts';
import type { Empresa, Produto } from '../model/content.ts';
import { formatCnpj } from '../model/cnpj.ts';
import { findProduct, loadPrices } from '../model/prices.ts';
import type { PageImage, SiteModel, SitePage } from './site.ts';
import { isoDay } from './text.ts';

type Solution = Extract<SitePage, { kind: 'solucao' }>;
type Article = Extract<SitePage, { kind: 'artigo' }>;
type Author = Extract<SitePage, { kind: 'autor' }>;

const brasil = { '@type': 'Country', name: 'Brasil' } as const;

export const organizationId = (origin = siteOrigin()) => `${origin}/#organizacao`;

/** The firm's postal address: only the parts content/empresa.json states. */
const postalAddress = (e: Empresa): PostalAddress => {
  const a = e.endereco;
  const street = [a.logradouro, a.numero].filter(Boolean).join(', ');
  return {
    '@type': 'PostalAddress',
    ...(street && { streetAddress: [street, a.complemento].filter(Boolean).join(' — ') }),
    ...(a.bairro && { addressNeighborhood: a.bairro }),
    ...(a.cidade && { addressLocality: a.cidade }),
    ...(a.uf && { addressRegion: a.uf }),
    ...(a.cep && { postalCode: a.cep }),
    addressCountry: 'BR',
  } as PostalAddress;
};

const openingHours = (e: Empresa): OpeningHoursSpecification | undefined =>
  e.horario.dias.length
    ? {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: e.horario.dias.map((d) => `https://schema.org/${SCHEMA_DAY[d]}` as DayOfWeek),
        opens: e.horario.abre,
        closes: e.horario.fecha,
      }
    : undefined;

/**
 * The firm (every page carries it): the facts of content/empresa.json that are filled (an empty one is left out,
 * never guessed), the e-mail of CONTACT_EMAIL, a customer-service contact point and the official profiles.
 */
export const organization = (origin = siteOrigin(), e: Empresa = effectiveCompany()): WithContext<ProfessionalService> => {
  const hours = openingHours(e);
  const contactPoint: ContactPoint = {
    '@type': 'ContactPoint',
    contactType: 'customer service',
    email: contactEmail(),
    ...(e.telefone && { telephone: phoneDigits(e.telefone) }),
    areaServed: 'BR',
    availableLanguage: 'pt-BR',
    ...(hours && { hoursAvailable: hours }),
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': organizationId(origin),
    name: SITE_NAME,
    ...(e.razaoSocial && { legalName: e.razaoSocial }),
    ...(e.cnpj && { taxID: formatCnpj(e.cnpj) }),
    description: SITE_TAGLINE,
    url: `${origin}/`,
    logo: `${origin}/logo.svg`,
    image: `${origin}${SHARE_IMAGE.path}`,
    email: contactEmail(),
    ...(e.telefone && { telephone: phoneDigits(e.telefone) }),
    ...(addressLine(e) && { address: postalAddress(e) }),
    ...(hours && { openingHoursSpecification: hours }),
    ...(e.fundacao !== null && { foundingDate: String(e.fundacao) }),
    contactPoint,
    ...(e.perfis.length && { sameAs: e.perfis }),
    areaServed: brasil,
    knowsLanguage: 'pt-BR',
  };
};

/** The offer of a product of content/precos.json: its price in BRL, availability, its page, sold by the organization. */
export const productOffer = (product: Produto, origin = siteOrigin()): Offer => ({
  '@type': 'Offer',
  price: product.preco.toFixed(2),
  priceCurrency: loadPrices().moeda,
  availability: 'https://schema.org/InStock',
  url: `${origin}/${product.rota}`,
  seller: { '@id': organizationId(origin) },
});

/** A product of content/precos.json as a Service with its offer (the prices page, the paid diagnostic's page). */
export const productService = (product: Produto, origin = siteOrigin()): WithContext<Service> => ({
  '@context': 'https://schema.org',
  '@type': 'Service',
  '@id': `${origin}/${product.rota}#servico`,
  url: `${origin}/${product.rota}`,
  name: product.nome,
  description: product.descricao,
  provider: { '@id': organizationId(origin) },
  areaServed: brasil,
  offers: productOffer(product, origin),
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
    areaServed: brasil,
    audience: { '@type': 'Audience', audienceType: s.entry.data.paraQuem.join('; ') },
    offers: product
      ? productOffer(product, origin)
      : {
          '@type': 'Offer',
          priceSpecification: { '@type': 'PriceSpecification', priceCurrency: loadPrices().moeda, description: 'Sob proposta' },
          url: `${origin}/${loadPrices().sobProposta.rota}`,
          seller: { '@id': organizationId(origin) },
        },
    dateModified: isoDay(s.lastmod),
  };
};

/**
 * A page's image as a schema.org ImageObject. Width and height in pixels as plain numbers, as search engines'
 * examples write them (schema.org types them as Distance text or QuantitativeValue): the one place typed by hand.
 */
interface ImageInPixels {
  '@type': 'ImageObject';
  url: string;
  width: number;
  height: number;
  caption: string;
}
export const imageObject = (image: PageImage): ImageInPixels => ({ '@type': 'ImageObject', url: image.url, width: image.width, height: image.height, caption: image.alt });

/** A BlogPosting whose image is given in pixels (see ImageInPixels). */
type PostingWithImage = Omit<Exclude<WithContext<BlogPosting>, string>, 'image'> & { image: ImageInPixels };

/** The `@id` of an author (their page's URL with `#pessoa`): the Person on their page, the author of their articles. */
export const personId = (author: Author): string => `${author.url}#pessoa`;

/** An author (content/autores) on their page: who they are, what they know, where else they are, for whom they work. */
export const personObject = (author: Author, origin = siteOrigin()): WithContext<Person> => {
  const d = author.entry.data;
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    '@id': personId(author),
    url: author.url,
    name: d.nome,
    jobTitle: d.cargo,
    description: d.resumo,
    knowsAbout: d.especialidades,
    ...(d.perfis?.length && { sameAs: d.perfis }),
    worksFor: { '@id': organizationId(origin) },
    ...(d.foto && { image: `${origin}${d.foto}` }),
  };
};

/** An article's author as BlogPosting.author: the Person of the author's page (the site model checks the name exists). */
const authorOf = (a: Article, model: SiteModel) => {
  const author = model.autores.get(a.entry.data.autor);
  return author
    ? ({ '@type': 'Person', '@id': personId(author), name: author.titulo, url: author.url } as const)
    : ({ '@type': 'Person', name: a.entry.data.autor } as const);
};

export const articleObject = (a: Article, model: SiteModel, origin = siteOrigin()): PostingWithImage => ({
  '@context': 'https://schema.org',
  '@type': 'BlogPosting',
  '@id': `${a.url}#artigo`,
  url: a.url,
  mainEntityOfPage: a.url,
  headline: a.titulo,
  description: a.descricao,
  image: imageObject(a.imagem),
  inLanguage: 'pt-BR',
  author: authorOf(a, model),
  publisher: { '@id': organizationId(origin) },
  datePublished: isoDay(a.entry.data.publicadoEm),
  dateModified: isoDay(a.lastmod),
  keywords: a.entry.data.tags.join(', '),
});

/** The WebSite's `@id` (described on the home page, referred to from the listings). */
export const webSiteId = (origin = siteOrigin()) => `${origin}/#site`;

/** The site itself (home page). */
export const webSite = (origin = siteOrigin()): WithContext<WebSite> => ({
  '@context': 'https://schema.org',
  '@type': 'WebSite',
  '@id': webSiteId(origin),
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

/** A listing page (a page of the blog, a theme, the themes), about its theme when it has one; its list is its main entity. */
export const collectionPage = (p: { url: string; titulo: string; descricao: string }, about?: string, origin = siteOrigin()): WithContext<CollectionPage> => ({
  '@context': 'https://schema.org',
  '@type': 'CollectionPage',
  '@id': `${p.url}#pagina`,
  url: p.url,
  name: p.titulo,
  description: p.descricao,
  inLanguage: 'pt-BR',
  isPartOf: { '@id': webSiteId(origin) },
  ...(about ? { about: { '@type': 'Thing', name: about } } : {}),
  mainEntity: { '@id': `${p.url}#lista` },
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

/**
 * The structured data of every built page, read from the served HTML: each JSON-LD block parses, every typed object
 * has the properties its type requires (Google's rich-result requirements for Offer, Service, BlogPosting), the prices
 * and the paid diagnostic carry their offers with the prices of content/precos.json, and every page has its own share
 * image (a 1200×630 PNG served where `og:image` says) with a text alternative of its own (Open Graph and X/Twitter).
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { parseDocument } from 'htmlparser2';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { siteOrigin } from '../../src/config/site.ts';
import { organizationId } from '../../src/lib/schema-org.ts';
import { loadPrices } from '../../src/model/prices.ts';
import { SECTIONS, type Section } from '../../src/model/routes.ts';
import type { IndexEntry } from '../../src/model/site-data.ts';
import { derivedRoutes } from '../helpers/blog-listings.ts';
import { pngSize } from '../helpers/png.ts';

type Json = Record<string, unknown>;

/** Properties each schema.org type must carry on this site (Google's required and recommended ones we commit to). */
const REQUIRED: Record<string, string[]> = {
  ProfessionalService: ['@id', 'name', 'url', 'logo', 'image', 'address'],
  WebSite: ['@id', 'url', 'name', 'publisher'],
  BreadcrumbList: ['itemListElement'],
  ListItem: ['position', 'name'],
  ItemList: ['itemListElement', 'numberOfItems'],
  FAQPage: ['mainEntity'],
  Question: ['name', 'acceptedAnswer'],
  Answer: ['text'],
  Service: ['@id', 'name', 'description', 'url', 'provider', 'offers'],
  Offer: ['url', 'seller'],
  PriceSpecification: ['priceCurrency'],
  BlogPosting: ['@id', 'headline', 'image', 'author', 'publisher', 'datePublished', 'dateModified', 'mainEntityOfPage'],
  ImageObject: ['url', 'width', 'height'],
  Person: ['@id', 'name', 'url'],
  PostalAddress: ['addressCountry'],
  ContactPoint: ['contactType', 'email'],
  OpeningHoursSpecification: ['dayOfWeek', 'opens', 'closes'],
  Country: ['name'],
  Audience: ['audienceType'],
  CollectionPage: ['@id', 'url', 'name', 'isPartOf', 'mainEntity'],
  Thing: ['name'],
};

/** Every typed object in a JSON-LD tree, with its path (for messages). */
function* typed(value: unknown, path: string): Generator<[Json, string]> {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) yield* typed(v, `${path}[${i}]`);
  } else if (value && typeof value === 'object') {
    const obj = value as Json;
    if (typeof obj['@type'] === 'string') yield [obj, path];
    for (const [k, v] of Object.entries(obj)) yield* typed(v, `${path}.${k}`);
  }
}

/** Problems of one page's JSON-LD objects (empty when valid). */
function problems(objects: Json[]): string[] {
  const out: string[] = [];
  const orgId = organizationId(siteOrigin());
  for (const [i, top] of objects.entries()) {
    if (top['@context'] !== 'https://schema.org') out.push(`[${i}] sem @context schema.org`);
    for (const [obj, path] of typed(top, `[${i}]`)) {
      const type = obj['@type'] as string;
      const required = REQUIRED[type];
      if (!required) {
        out.push(`${path}: tipo inesperado ${type}`);
        continue;
      }
      for (const key of required) if (obj[key] === undefined || obj[key] === '') out.push(`${path} (${type}): falta ${key}`);
      if (type === 'Offer') {
        const spec = obj.priceSpecification as Json | undefined;
        if (obj.price === undefined && !spec) out.push(`${path}: Offer sem price nem priceSpecification`);
        if (obj.price !== undefined) {
          if (!/^\d+\.\d{2}$/.test(String(obj.price))) out.push(`${path}: price "${obj.price}" não é um número com duas casas`);
          if (obj.priceCurrency !== 'BRL') out.push(`${path}: priceCurrency ${obj.priceCurrency}`);
          if (!String(obj.availability).startsWith('https://schema.org/')) out.push(`${path}: availability ${obj.availability}`);
        }
        if ((obj.seller as Json | undefined)?.['@id'] !== orgId) out.push(`${path}: seller não é a organização`);
      }
      for (const key of ['url', 'image', 'logo', 'item', 'mainEntityOfPage'] as const) {
        const v = obj[key];
        if (typeof v === 'string' && !/^https?:\/\//.test(v)) out.push(`${path}.${key}: URL relativa ${v}`);
      }
    }
  }
  return out;
}

interface Parsed {
  ld: Json[];
  meta: Map<string, string>;
}

function parsePage(html: string): Parsed {
  const ld: Json[] = [];
  const meta = new Map<string, string>();
  const walk = (nodes: unknown[]): void => {
    for (const node of nodes as { type: string; name?: string; attribs?: Record<string, string>; children?: unknown[] }[]) {
      if (node.name === 'script' && node.attribs?.type === 'application/ld+json') {
        const text = (node.children ?? []).map((c) => (c as { data?: string }).data ?? '').join('');
        ld.push(JSON.parse(text) as Json);
        continue;
      }
      if (node.name === 'meta' && node.attribs) {
        const key = node.attribs.property ?? node.attribs.name;
        if (key) meta.set(key, node.attribs.content ?? '');
      }
      if (node.children) walk(node.children);
    }
  };
  walk(parseDocument(html).children);
  return { ld, meta };
}

let server: LocalServer;
let pages: IndexEntry[];
const parsed = new Map<string, Parsed>();

before(async () => {
  server = await startLocalServer({ port: 0 });
  pages = JSON.parse(await readFile(new URL('../../dist/agentes/indice.json', import.meta.url), 'utf8')).paginas;
  for (const p of pages) {
    const res = await fetch(`${server.url}${p.rota === 'index' ? '/' : `/${p.rota}`}`);
    assert.equal(res.status, 200, p.rota);
    parsed.set(p.rota, parsePage(await res.text()));
  }
  // The listings the build derives from the articles (themes, the blog's later pages): not in the index.
  for (const rota of derivedRoutes()) {
    const res = await fetch(`${server.url}/${rota}`);
    assert.equal(res.status, 200, rota);
    parsed.set(rota, parsePage(await res.text()));
  }
  parsed.set('404', parsePage(await (await fetch(`${server.url}/pagina-que-nao-existe`)).text()));
});
after(() => server.close());

const ofType = (rota: string, type: string) => parsed.get(rota)!.ld.filter((o) => o['@type'] === type);

describe('JSON-LD of the built pages', () => {
  test('every block parses, and every typed object has the properties of its type', () => {
    for (const [rota, page] of parsed) {
      assert.ok(page.ld.length >= 1, `${rota}: sem JSON-LD`);
      assert.deepEqual(problems(page.ld), [], rota);
      assert.equal(page.ld.filter((o) => o['@type'] === 'ProfessionalService').length, 1, `${rota}: organização`);
    }
  });

  test('the prices page offers every product of content/precos.json at its price', () => {
    const services = ofType('precos', 'Service');
    for (const product of loadPrices().produtos) {
      const service = services.find((s) => s.url === `${siteOrigin()}/${product.rota}`);
      assert.ok(service, `precos: Service de ${product.id}`);
      assert.equal(service.name, product.nome);
      const offer = service.offers as Json;
      assert.equal(offer['@type'], 'Offer');
      assert.equal(Number(offer.price), product.preco);
      assert.equal(offer.priceCurrency, 'BRL');
      assert.equal(offer.availability, 'https://schema.org/InStock');
      assert.deepEqual(offer.seller, { '@id': organizationId(siteOrigin()) });
    }
  });

  test('the paid diagnostic page offers the paid product at its price', () => {
    const paid = loadPrices().produtos.find((p) => p.tipo === 'pago')!;
    assert.ok(paid.preco > 0);
    const [service] = ofType(paid.rota, 'Service');
    assert.ok(service, `${paid.rota}: Service`);
    assert.equal((service.offers as Json).price, paid.preco.toFixed(2));
    assert.equal((service.offers as Json).url, `${siteOrigin()}/${paid.rota}`);
  });

  test("each author's page describes the author as a Person working for the organization", () => {
    const authors = pages.filter((p) => p.rota.startsWith('autores/'));
    assert.equal(authors.length, 3);
    for (const a of authors) {
      const [person, ...more] = ofType(a.rota, 'Person');
      assert.ok(person && !more.length, `${a.rota}: one Person`);
      assert.equal(person['@id'], `${siteOrigin()}/${a.rota}#pessoa`);
      assert.equal(person.url, `${siteOrigin()}/${a.rota}`);
      assert.equal(person.name, a.titulo);
      assert.equal(person.description, a.descricao);
      assert.ok(typeof person.jobTitle === 'string' && person.jobTitle.length > 2, `${a.rota}: jobTitle`);
      assert.ok(Array.isArray(person.knowsAbout) && person.knowsAbout.length > 0, `${a.rota}: knowsAbout`);
      assert.deepEqual(person.worksFor, { '@id': organizationId(siteOrigin()) });
    }
  });

  test("every BlogPosting's author is the Person of an author's page", () => {
    const people = new Map(pages.filter((p) => p.rota.startsWith('autores/')).map((p) => [`${siteOrigin()}/${p.rota}#pessoa`, p]));
    for (const a of pages.filter((p) => p.rota.startsWith('blog/'))) {
      const author = ofType(a.rota, 'BlogPosting')[0]!.author as Json;
      const page = people.get(String(author['@id']));
      assert.ok(page, `${a.rota}: author ${author['@id']}`);
      assert.deepEqual(author, { '@type': 'Person', '@id': `${siteOrigin()}/${page.rota}#pessoa`, name: page.titulo, url: `${siteOrigin()}/${page.rota}` });
    }
  });

  test('every BlogPosting has an image', () => {
    const articles = pages.filter((p) => p.rota.startsWith('blog/'));
    assert.ok(articles.length > 0);
    for (const a of articles) {
      const [post] = ofType(a.rota, 'BlogPosting');
      assert.ok(post, `${a.rota}: BlogPosting`);
      const image = post.image as Json;
      assert.equal(image['@type'], 'ImageObject');
      assert.match(String(image.url), /^https?:\/\/.+\.(png|jpe?g|webp)$/);
    }
  });
});

describe('share image', () => {
  test('every page has og:image and twitter:image, each with its text alternative', () => {
    for (const [rota, { meta }] of parsed) {
      for (const key of ['og:image', 'twitter:image']) assert.match(meta.get(key) ?? '', /^https?:\/\//, `${rota}: ${key}`);
      for (const key of ['og:image:alt', 'twitter:image:alt']) assert.ok((meta.get(key) ?? '').trim().length > 10, `${rota}: ${key}`);
      assert.equal(meta.get('twitter:image:alt'), meta.get('og:image:alt'), rota);
      assert.equal(meta.get('twitter:image'), meta.get('og:image'), rota);
    }
  });

  /** Each page's own image, fetched from the server at the address `og:image` names. */
  const images = new Map<string, Buffer>();
  before(async () => {
    for (const p of pages) {
      const url = new URL(parsed.get(p.rota)!.meta.get('og:image') ?? '');
      assert.equal(url.origin, siteOrigin(), `${p.rota}: og:image on the site's origin`);
      const res = await fetch(`${server.url}${url.pathname}`);
      assert.equal(res.status, 200, `${p.rota}: ${url.pathname}`);
      assert.equal(res.headers.get('content-type'), 'image/png', `${p.rota}: ${url.pathname}`);
      images.set(p.rota, Buffer.from(await res.arrayBuffer()));
    }
  });

  test('the image exists at the URL og:image names, a 1200×630 PNG as og:image:width/height say', () => {
    for (const [rota, png] of images) {
      const { meta } = parsed.get(rota)!;
      assert.deepEqual(pngSize(png), { width: 1200, height: 630 }, rota);
      assert.equal(meta.get('og:image:width'), '1200', rota);
      assert.equal(meta.get('og:image:height'), '630', rota);
    }
  });

  test('every page has an image of its own (no two pages share one)', () => {
    const digests = new Map<string, string>();
    for (const [rota, png] of images) {
      const digest = createHash('sha256').update(png).digest('hex');
      assert.equal(digests.get(digest), undefined, `${rota} has the same image as ${digests.get(digest)}`);
      digests.set(digest, rota);
    }
    assert.ok(digests.size >= 30, `${digests.size} images`);
  });

  test("the text alternative describes the page's own image: its title, its section, specific to the page", () => {
    const alts = new Map<string, string>();
    for (const p of pages) {
      const alt = parsed.get(p.rota)!.meta.get('og:image:alt') ?? '';
      assert.ok(alt.includes(`“${p.titulo}”`), `${p.rota}: "${alt}" does not name the title`);
      assert.ok(alt.includes(SECTIONS[p.secao as Section]), `${p.rota}: "${alt}" does not name the section`);
      assert.equal(alts.get(alt), undefined, `${p.rota}: same alt as ${alts.get(alt)}`);
      alts.set(alt, p.rota);
    }
  });

  test("BlogPosting.image is the page's share image, its caption the text alternative", () => {
    for (const p of pages.filter((x) => x.rota.startsWith('blog/'))) {
      const image = ofType(p.rota, 'BlogPosting')[0]!.image as Json;
      const { meta } = parsed.get(p.rota)!;
      assert.equal(image.url, meta.get('og:image'), p.rota);
      assert.equal(image.caption, meta.get('og:image:alt'), p.rota);
      assert.deepEqual([image.width, image.height], [1200, 630], p.rota);
    }
  });
});

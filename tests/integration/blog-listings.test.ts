/**
 * The blog's listings on the built site, through the local server: `/blog` and its later pages, the index of
 * themes and each theme's pages. What each page must show is worked out from the articles' front matter
 * (tests/helpers/blog-listings.ts), not from the build's site model. Every page has its twin, its neighbours in
 * `<link rel="prev"/"next">` and in its pager, its JSON-LD, its place in the sitemap and in llms.txt; every tag on
 * the site is a link that answers; the listings stay out of the search index.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parseDocument } from 'htmlparser2';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { siteOrigin } from '../../src/config/site.ts';
import { ARTICLES_PER_PAGE, themePath } from '../../src/model/blog.ts';
import { type ExpectedListing, expectedArticles, expectedListings, expectedThemes } from '../helpers/blog-listings.ts';
import { publishedPages } from '../helpers/published.ts';

let server: LocalServer;
const origin = siteOrigin();
const listings = expectedListings();
const pathOf = (rota: string) => `/${rota}`;

type Node = { type: string; name?: string; attribs?: Record<string, string>; children?: Node[]; data?: string };

/** Every element of a document, depth first. */
function* elements(nodes: Node[]): Generator<Node> {
  for (const n of nodes) {
    if (n.name) yield n;
    if (n.children) yield* elements(n.children);
  }
}
const textOf = (n: Node): string => (n.data ?? '') + (n.children ?? []).map(textOf).join('');

interface Page {
  html: string;
  all: Node[];
  head: Node[];
  main: Node[];
}
const pages = new Map<string, Page>();

async function page(path: string): Promise<Page> {
  let p = pages.get(path);
  if (!p) {
    const res = await fetch(`${server.url}${path}`);
    assert.equal(res.status, 200, path);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/, path);
    const html = await res.text();
    const doc = parseDocument(html).children as Node[];
    const all = [...elements(doc)];
    const head = all.find((n) => n.name === 'head')!;
    const main = all.find((n) => n.name === 'main')!;
    p = { html, all, head: [...elements(head.children ?? [])], main: [...elements(main.children ?? [])] };
    pages.set(path, p);
  }
  return p;
}

/** Routes of the article cards of a listing page, in order (the title links of the main list's cards). */
const cardsOf = (p: Page): string[] =>
  p.main
    .filter((n) => n.name === 'section' && n.attribs?.['aria-labelledby'] === 'h-artigos')
    .flatMap((s) => [...elements(s.children ?? [])].filter((n) => n.name === 'h3').map((h) => [...elements(h.children ?? [])].find((a) => a.name === 'a')!.attribs!.href!))
    .map((href) => href.replace(/^\//, ''));

const headLink = (p: Page, rel: string) => p.head.find((n) => n.name === 'link' && n.attribs?.rel === rel)?.attribs?.href;

before(async () => {
  server = await startLocalServer({ port: 0 });
});
after(() => server.close());

describe('the blog and its themes, paginated', () => {
  test('the content gives the listings something to paginate (the blog has more than one page)', () => {
    assert.ok(expectedArticles().length > ARTICLES_PER_PAGE, `${expectedArticles().length} artigos, ${ARTICLES_PER_PAGE} por página`);
    assert.ok(listings.some((l) => l.base === 'blog' && l.pagina === 2));
  });

  test('every page of the blog and of every theme shows its articles, newest first, and nothing else', async () => {
    for (const l of listings) assert.deepEqual(cardsOf(await page(pathOf(l.rota))), l.artigos, l.rota);
  });

  test('the pages of a listing show every article once, the whole listing in order', () => {
    const blog = listings.filter((l) => l.base === 'blog').flatMap((l) => l.artigos);
    assert.deepEqual(blog, expectedArticles().map((a) => a.rota));
    for (const [tema, t] of expectedThemes()) {
      assert.deepEqual(listings.filter((l) => l.tema === tema).flatMap((l) => l.artigos), t.artigos, tema);
    }
  });

  test('each page links its neighbours: <link rel="prev"/"next"> in the head, and the pager says where it is', async () => {
    for (const l of listings) {
      const p = await page(pathOf(l.rota));
      const prev = l.pagina > 1 ? pathOf(l.pagina === 2 ? l.base : `${l.base}/pagina/${l.pagina - 1}`) : undefined;
      const next = l.pagina < l.paginas ? pathOf(`${l.base}/pagina/${l.pagina + 1}`) : undefined;
      assert.equal(headLink(p, 'prev'), prev, `${l.rota}: prev`);
      assert.equal(headLink(p, 'next'), next, `${l.rota}: next`);
      const pager = p.main.find((n) => n.name === 'nav' && n.attribs?.class === 'pager');
      if (l.paginas === 1) {
        assert.equal(pager, undefined, `${l.rota}: no pager on a single page`);
        continue;
      }
      assert.ok(pager, `${l.rota}: pager`);
      assert.match(textOf(pager), new RegExp(`Página ${l.pagina} de ${l.paginas}`));
      const links = [...elements(pager.children ?? [])].filter((n) => n.name === 'a');
      assert.equal(links.find((a) => a.attribs?.['aria-current'] === 'page')?.attribs?.href, pathOf(l.rota), `${l.rota}: current page`);
      assert.equal(links.find((a) => a.attribs?.rel === 'prev')?.attribs?.href, prev, `${l.rota}: pager prev`);
      assert.equal(links.find((a) => a.attribs?.rel === 'next')?.attribs?.href, next, `${l.rota}: pager next`);
      // The first and the last page are always one click away.
      const hrefs = new Set(links.map((a) => a.attribs?.href));
      assert.ok(hrefs.has(pathOf(l.base)) && hrefs.has(pathOf(l.paginas === 1 ? l.base : `${l.base}/pagina/${l.paginas}`)), `${l.rota}: first and last`);
    }
  });

  test('a page past the last, and a theme no article has, are 404', async () => {
    const last = Math.max(...listings.filter((l) => l.base === 'blog').map((l) => l.pagina));
    for (const path of [`/blog/pagina/${last + 1}`, '/blog/pagina/0', '/blog/temas/tema-que-nao-existe', `${themePath(expectedThemes().keys().next().value!)}/pagina/99`]) {
      assert.equal((await fetch(`${server.url}${path}`)).status, 404, path);
    }
  });
});

describe('themes', () => {
  test('every tag on the blog, its pages and its articles is a link to its theme, and the theme lists the article', async () => {
    const themes = expectedThemes();
    const paths = [...new Set([...listings.map((l) => pathOf(l.rota)), ...expectedArticles().map((a) => pathOf(a.rota))])];
    let seen = 0;
    for (const path of paths) {
      const p = await page(path);
      for (const list of p.main.filter((n) => n.name === 'ul' && n.attribs?.class?.split(' ').includes('tags'))) {
        for (const a of [...elements(list.children ?? [])].filter((n) => n.name === 'a')) {
          const name = textOf(a).replace(/\s*\(\d+ artigos?\)$/, '');
          const theme = themes.get(name);
          assert.ok(theme, `${path}: tag "${name}" não é tema de nenhum artigo`);
          assert.equal(a.attribs?.href, `/blog/temas/${theme.slug}`, `${path}: ${name}`);
          seen++;
        }
      }
    }
    assert.ok(seen >= expectedArticles().length, `${seen} links de tags`);
    // Each article's own tags link to a theme whose pages list it.
    for (const a of expectedArticles()) {
      for (const tag of a.tags) {
        const onTheme = listings.filter((l) => l.tema === tag).flatMap((l) => l.artigos);
        assert.ok(onTheme.includes(a.rota), `${a.rota} em ${tag}`);
      }
    }
  });

  test('the index of themes links every theme, with how many articles it has', async () => {
    const p = await page('/blog/temas');
    const cards = p.main.filter((n) => n.name === 'li' && n.attribs?.class === 'card');
    const themes = expectedThemes();
    assert.equal(cards.length, themes.size);
    for (const [tema, t] of themes) {
      const card = cards.find((c) => [...elements(c.children ?? [])].some((a) => a.name === 'a' && a.attribs?.href === `/blog/temas/${t.slug}`));
      assert.ok(card, tema);
      assert.match(textOf(card), new RegExp(`${t.artigos.length} artigos?`), tema);
    }
    // /blog links every theme too.
    const blog = await page('/blog');
    for (const t of themes.values()) assert.ok(blog.main.some((n) => n.name === 'a' && n.attribs?.href === `/blog/temas/${t.slug}`), t.slug);
  });
});

describe('what agents and crawlers get', () => {
  const derived = [{ rota: 'blog/temas' } as ExpectedListing, ...listings.filter((l) => l.rota !== 'blog')];

  test('every listing page has its twin: the same articles, in order, and the neighbours', async () => {
    for (const l of derived) {
      const res = await fetch(`${server.url}/${l.rota}.md`);
      assert.equal(res.status, 200, l.rota);
      assert.match(res.headers.get('content-type') ?? '', /^text\/markdown/);
      const md = await res.text();
      assert.match(md, new RegExp(`^URL canônica: ${origin}/${l.rota}$`, 'm'), l.rota);
      if (!l.artigos) continue;
      const linked = [...md.matchAll(/^- \[[^\]]+\]\(([^)]+)\)/gm)].map((m) => m[1]!.replace(`${origin}/`, ''));
      assert.deepEqual(linked, l.artigos, l.rota);
      if (l.paginas > 1) assert.match(md, new RegExp(`^Página ${l.pagina} de ${l.paginas}: `, 'm'), l.rota);
      // Asked for markdown on the page's own address, the same twin.
      const negotiated = await fetch(`${server.url}/${l.rota}`, { headers: { accept: 'text/markdown' } });
      assert.equal(await negotiated.text(), md, `${l.rota}: Accept: text/markdown`);
    }
  });

  test('the sitemap lists every listing page; llms.txt the themes, /blog/llms.txt every listing page', async () => {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const root = await (await fetch(`${server.url}/llms.txt`)).text();
    const area = await (await fetch(`${server.url}/blog/llms.txt`)).text();
    for (const l of derived) {
      assert.ok(sitemap.includes(`<loc>${origin}/${l.rota}</loc>`), `sitemap: ${l.rota}`);
      assert.ok(area.includes(`(${origin}/${l.rota}.md)`), `/blog/llms.txt: ${l.rota}`);
      if (l.rota === 'blog/temas' || (l.tema && l.pagina === 1)) assert.ok(root.includes(`(${origin}/${l.rota}.md)`), `llms.txt: ${l.rota}`);
    }
  });

  test('listing pages stay out of the search index and the site data (lists of links, not content)', async () => {
    const indexed = new Set(publishedPages().map((p) => p.rota));
    for (const l of derived) assert.ok(!indexed.has(l.rota), l.rota);
    const res = await fetch(`${server.url}/api/v1/sandbox/busca?q=temas`);
    assert.equal(res.status, 200);
    const body = (await res.json()) as { resultados: { url: string }[] };
    assert.ok(body.resultados.every((r) => !r.url.includes('/blog/temas') && !r.url.includes('/blog/pagina/')), JSON.stringify(body.resultados.map((r) => r.url)));
  });

  test('JSON-LD: the breadcrumb trail, a CollectionPage about the theme whose main entity is the ItemList of the articles shown', async () => {
    for (const l of derived) {
      const p = await page(pathOf(l.rota));
      const ld = p.all
        .filter((n) => n.name === 'script' && n.attribs?.type === 'application/ld+json')
        .map((n) => JSON.parse(textOf(n)) as Record<string, unknown>);
      const [collection] = ld.filter((o) => o['@type'] === 'CollectionPage');
      const [list] = ld.filter((o) => o['@type'] === 'ItemList');
      const [trail] = ld.filter((o) => o['@type'] === 'BreadcrumbList');
      assert.ok(collection && list && trail, l.rota);
      assert.equal(collection.url, `${origin}/${l.rota}`);
      assert.deepEqual(collection.mainEntity, { '@id': list['@id'] });
      assert.deepEqual(collection.isPartOf, { '@id': `${origin}/#site` });
      if (l.tema) assert.deepEqual(collection.about, { '@type': 'Thing', name: l.tema }, l.rota);
      const items = (list.itemListElement as { url: string }[]).map((i) => i.url.replace(`${origin}/`, ''));
      if (l.artigos) assert.deepEqual(items, l.artigos, l.rota);
      assert.equal(list.numberOfItems, items.length);
      const crumbs = (trail.itemListElement as { item: string }[]).map((i) => i.item);
      assert.equal(crumbs.at(-1), `${origin}/${l.rota}`);
      assert.ok(crumbs.includes(`${origin}/blog`), `${l.rota}: trail through the blog`);
      if (l.tema) assert.ok(crumbs.includes(`${origin}/blog/temas`), `${l.rota}: trail through the themes`);
    }
  });

  test('each article card names its author with a link to the author page', async () => {
    const authors = new Set(publishedPages().filter((p) => p.rota.startsWith('autores/')).map((p) => `/${p.rota}`));
    const p = await page('/blog');
    const metas = p.main.filter((n) => n.name === 'p' && n.attribs?.class === 'meta');
    assert.equal(metas.length, Math.min(ARTICLES_PER_PAGE, expectedArticles().length));
    for (const m of metas) {
      const link = [...elements(m.children ?? [])].find((n) => n.name === 'a');
      assert.ok(link && authors.has(link.attribs!.href!), textOf(m));
    }
  });
});

/**
 * The blog's listings in the site model (src/lib/site-model.ts) and their rules (src/model/blog.ts): tags become
 * addresses, long listings are cut into pages with the right neighbours, and the model built from a copy of the
 * content with many articles has every page a reader can reach, each listing its own slice.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { ARTICLES_PER_PAGE, pageCount, paginationOf, themeSlug } from '../../src/model/blog.ts';
import type { SiteModel } from '../../src/lib/site-model.ts';
import { describePage } from '../../src/lib/pages/index.ts';
import { type ContentFiles, checkContent, readContentFiles } from '../helpers/content.ts';

describe('theme addresses', () => {
  test('folded, lowercase, one hyphen for each run of other characters', () => {
    const cases: [string, string][] = [
      ['SEO técnico', 'seo-tecnico'],
      ['robots.txt', 'robots-txt'],
      ['JSON-LD', 'json-ld'],
      ['schema.org', 'schema-org'],
      ['Citações em IA', 'citacoes-em-ia'],
      ['  estratégia  de   conteúdo ', 'estrategia-de-conteudo'],
      ['Ação & reação!', 'acao-reacao'],
      ['ÇÃÕ', 'cao'],
      ['!!!', ''],
    ];
    for (const [tag, slug] of cases) assert.equal(themeSlug(tag), slug, tag);
  });
});

describe('pagination', () => {
  test('pages needed: at least one, then one per ARTICLES_PER_PAGE', () => {
    assert.equal(pageCount(0), 1);
    assert.equal(pageCount(1), 1);
    assert.equal(pageCount(ARTICLES_PER_PAGE), 1);
    assert.equal(pageCount(ARTICLES_PER_PAGE + 1), 2);
    assert.equal(pageCount(5000), Math.ceil(5000 / ARTICLES_PER_PAGE));
  });

  const numbers = (base: string, n: number, total: number) => paginationOf(base, n, total).links.map((l) => (l ? l.numero : '…')).join(' ');

  test('the first page is the listing itself; later pages under /pagina/<n>', () => {
    const p = paginationOf('blog', 2, 3);
    assert.equal(p.anterior, '/blog');
    assert.equal(p.proxima, '/blog/pagina/3');
    assert.deepEqual(p.links.map((l) => l?.path), ['/blog', '/blog/pagina/2', '/blog/pagina/3']);
    assert.equal(paginationOf('blog/temas/seo-tecnico', 1, 2).proxima, '/blog/temas/seo-tecnico/pagina/2');
  });

  test('no previous on the first page, no next on the last', () => {
    assert.equal(paginationOf('blog', 1, 5).anterior, undefined);
    assert.equal(paginationOf('blog', 5, 5).proxima, undefined);
    const only = paginationOf('blog', 1, 1);
    assert.deepEqual([only.anterior, only.proxima, only.links.length], [undefined, undefined, 1]);
  });

  test('numbered links: the first, the last, the neighbours, an ellipsis for longer gaps', () => {
    assert.equal(numbers('blog', 1, 834), '1 2 … 834');
    assert.equal(numbers('blog', 400, 834), '1 … 399 400 401 … 834');
    assert.equal(numbers('blog', 834, 834), '1 … 833 834');
    assert.equal(numbers('blog', 4, 7), '1 2 3 4 5 6 7'); // a gap of one number shows the number
    assert.equal(numbers('blog', 5, 9), '1 … 4 5 6 … 9');
  });
});

describe('listings in the site model', () => {
  let model: SiteModel;
  const ARTICLES = 3 * ARTICLES_PER_PAGE + 2;

  before(async () => {
    // The repository's articles, and more (older) ones, some on a theme of their own.
    const files: ContentFiles = readContentFiles(process.cwd());
    for (let i = 0; i < ARTICLES; i++) {
      const day = `2020-0${1 + Math.floor(i / 28)}-${String(1 + (i % 28)).padStart(2, '0')}`;
      const tags = i % 2 ? '["Par", "Todos"]' : '["Todos"]';
      files.set(
        `content/blog/artigo-${i}.md`,
        `---\ntitulo: "Artigo de teste ${i}"\ndescricao: "O artigo número ${i} de uma lista longa, para testar a paginação."\npublicadoEm: ${day}\nautor: "Marina Albuquerque"\ntags: ${tags}\n---\n\nTexto.\n`,
      );
    }
    const checked = checkContent(files);
    assert.ok(checked.model, checked.error);
    model = checked.model;
  });

  test('every page of the blog and of each theme exists, each with its slice, newest first', () => {
    const newestFirst = model.artigos.map((a) => a.rota);
    assert.ok(newestFirst.length > ARTICLES);
    const published = model.artigos.map((a) => a.entry.data.publicadoEm.getTime());
    assert.ok(published.every((t, i) => i === 0 || t <= published[i - 1]!), 'newest first');
    const blogPages = pageCount(newestFirst.length);
    const shown: string[] = [];
    for (let n = 1; n <= blogPages; n++) {
      const page = model.byRoute.get(n === 1 ? 'blog' : `blog/pagina/${n}`);
      assert.ok(page, `página ${n}`);
      const lista = describePage(page, model).secoes.find((s) => s.tipo === 'lista')!;
      shown.push(...lista.itens.map((p) => p.rota));
      assert.ok(lista.itens.length <= ARTICLES_PER_PAGE);
    }
    assert.deepEqual(shown, newestFirst);
    assert.equal(model.byRoute.get(`blog/pagina/${blogPages + 1}`), undefined);

    const even = newestFirst.filter((r) => /^blog\/artigo-\d+$/.test(r) && Number(r.split('-').at(-1)) % 2 === 1);
    const themePages = pageCount(even.length);
    const onTheme = Array.from({ length: themePages }, (_, i) => model.byRoute.get(i ? `blog/temas/par/pagina/${i + 1}` : 'blog/temas/par'))
      .flatMap((p) => describePage(p!, model).secoes.find((s) => s.tipo === 'lista')!.itens.map((a) => a.rota));
    assert.deepEqual(onTheme, even);
  });

  test('a listing page is as fresh as the newest article it may list (the blog: or its own page)', () => {
    const newest = (prefix: RegExp) => Math.max(...model.artigos.filter((a) => prefix.test(a.rota)).map((a) => a.lastmod.getTime()));
    assert.equal(model.byRoute.get('blog/pagina/2')!.lastmod.getTime(), Math.max(newest(/./), model.byRoute.get('blog')!.lastmod.getTime()));
    assert.equal(model.byRoute.get('blog/temas/todos/pagina/3')!.lastmod.getTime(), newest(/^blog\/artigo-/));
  });

  test('titles say which page; the breadcrumb goes through the blog and the themes', () => {
    const page = model.byRoute.get('blog/temas/par/pagina/2')!;
    assert.equal(page.titulo, `Artigos sobre Par: página 2 de ${pageCount(Math.floor(ARTICLES / 2))}`);
    const view = describePage(page, model);
    assert.deepEqual(view.trail.map((c) => c.path), ['/', '/blog', '/blog/temas', '/blog/temas/par', '/blog/temas/par/pagina/2']);
    assert.equal(view.trail.at(-1)!.nome, 'Página 2');
    assert.deepEqual([view.paginacao?.anterior, view.paginacao?.proxima], ['/blog/temas/par', undefined]);
  });
});

/**
 * Who writes: each author's page (/autores/<file name>) and its twin, the /autores index, the bylines of the
 * articles (HTML and twin) linking to the author's page, the team on /sobre drawn from content/autores, and the
 * author pages in the sitemap and in llms.txt. The Person JSON-LD is checked in structured-data.test.ts.
 */
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { siteOrigin } from '../../src/config/site.ts';
import type { IndexEntry } from '../../src/model/site-data.ts';

let server: LocalServer;
let articles: IndexEntry[];
const origin = siteOrigin();
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers, redirect: 'manual' });
const text = async (path: string, headers: Record<string, string> = {}) => {
  const res = await get(path, headers);
  assert.equal(res.status, 200, path);
  return res.text();
};

/** The authors as content/autores holds them: file name, name, role, expertise. */
const authors = await Promise.all(
  (await readdir(new URL('../../content/autores/', import.meta.url))).map(async (file) => {
    const source = await readFile(new URL(`../../content/autores/${file}`, import.meta.url), 'utf8');
    const field = (name: string) => source.match(new RegExp(`^${name}: "(.*)"$`, 'm'))?.[1] ?? '';
    return { slug: file.replace(/\.md$/, ''), nome: field('nome'), cargo: field('cargo'), resumo: field('resumo') };
  }),
);

before(async () => {
  server = await startLocalServer({ port: 0 });
  const index = JSON.parse(await readFile(new URL('../../dist/agentes/indice.json', import.meta.url), 'utf8')) as { paginas: IndexEntry[] };
  articles = index.paginas.filter((p) => p.rota.startsWith('blog/'));
});
after(() => server.close());

describe('author pages', () => {
  test('the collection has the three authors', () => {
    assert.equal(authors.length, 3);
    for (const a of authors) assert.ok(a.nome && a.cargo && a.resumo, a.slug);
  });

  test("each author's page shows name, role, expertise and their articles newest first, linked", async () => {
    for (const a of authors) {
      const html = await text(`/autores/${a.slug}`);
      assert.match(html, new RegExp(`<h1[^>]*>${a.nome}</h1>`), `${a.slug}: h1`);
      assert.ok(html.includes(a.cargo), `${a.slug}: cargo`);
      assert.ok(html.includes(`href="/autores"`), `${a.slug}: breadcrumb to /autores`);
      const twin = await text(`/autores/${a.slug}.md`);
      const own = [...twin.matchAll(/\]\(([^)]+\/blog\/[^)]+)\)/g)].map((m) => m[1]!.replace(origin, ''));
      assert.ok(own.length > 0, `${a.slug}: lista de artigos`);
      for (const path of own) assert.ok(html.includes(`href="${path}"`), `${a.slug}: link ${path}`);
      const dates = await Promise.all(own.map(async (path) => (await text(`${path}.md`)).match(/ · publicado em (\d{4}-\d{2}-\d{2})/)?.[1] ?? ''));
      assert.ok(dates.every(Boolean), `${a.slug}: datas`);
      assert.deepEqual(dates, [...dates].sort().reverse(), `${a.slug}: mais recentes primeiro`);
    }
  });

  test("each author's twin answers markdown with the same facts, also by negotiation", async () => {
    for (const a of authors) {
      const twin = await text(`/autores/${a.slug}.md`);
      assert.ok(twin.startsWith(`# ${a.nome}\n\n> ${a.resumo}\n`), a.slug);
      assert.ok(twin.includes(`**Cargo:** ${a.cargo}`), a.slug);
      assert.ok(twin.includes('**Especialidades:**'), a.slug);
      const res = await get(`/autores/${a.slug}`, { accept: 'text/markdown' });
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^text\/markdown/);
      assert.equal(await res.text(), twin);
    }
  });

  test('the /autores index links every author', async () => {
    const html = await text('/autores');
    for (const a of authors) assert.ok(html.includes(`href="/autores/${a.slug}"`), a.slug);
  });
});

describe('bylines', () => {
  test("every article's byline links to its author's page, in HTML and in the twin", async () => {
    assert.ok(articles.length > 0);
    for (const p of articles) {
      const html = await text(`/${p.rota}`);
      const byline = html.match(/<p class="byline">[\s\S]*?<\/p>/)?.[0] ?? '';
      const author = authors.find((a) => byline.includes(`<a href="/autores/${a.slug}" rel="author">${a.nome}</a>`));
      assert.ok(author, `${p.rota}: byline ${byline}`);
      const twin = await text(`/${p.rota}.md`);
      assert.ok(twin.includes(`Por [${author.nome}](${origin}/autores/${author.slug}) · publicado em`), `${p.rota}: twin byline`);
    }
  });

  test('an updated article says when it was updated, in HTML and in the twin', async () => {
    let updated = 0;
    for (const p of articles) {
      const day = (await text(`/${p.rota}.md`)).match(/ · atualizado em (\d{4}-\d{2}-\d{2}) · /)?.[1];
      if (!day) continue;
      updated++;
      assert.ok((await text(`/${p.rota}`)).includes(`<span>Atualizado em <time datetime="${day}">`), p.rota);
    }
    assert.ok(updated > 0, 'ao menos um artigo atualizado');
  });
});

describe('the team on /sobre', () => {
  test('lists the three authors from the collection, with role, summary and link, in HTML and twin', async () => {
    const html = await text('/sobre');
    const twin = await text('/sobre.md');
    for (const a of authors) {
      assert.ok(html.includes(`<a href="/autores/${a.slug}">${a.nome}</a>`), `${a.slug}: link`);
      assert.ok(html.includes(a.cargo) && html.includes(a.resumo), `${a.slug}: cargo e resumo`);
      assert.ok(twin.includes(`- [${a.nome}](${origin}/autores/${a.slug}): ${a.resumo} (${a.cargo})`), `${a.slug}: twin`);
    }
    assert.match(twin, /## Quem somos/);
    assert.doesNotMatch(twin, /### Marina Albuquerque —/, 'the hand-written bios are gone');
  });
});

describe('discovery', () => {
  test('the sitemap lists every author page', async () => {
    const sitemap = await text('/sitemap.xml');
    for (const path of ['/autores', ...authors.map((a) => `/autores/${a.slug}`)]) assert.ok(sitemap.includes(`<loc>${origin}${path}</loc>`), path);
  });

  test('llms.txt has an Autores section linking every author twin', async () => {
    const llms = await text('/llms.txt');
    const section = llms.split('\n## ').find((s) => s.startsWith('Autores\n')) ?? '';
    for (const a of authors) assert.ok(section.includes(`- [${a.nome}](${origin}/autores/${a.slug}.md): ${a.resumo}`), a.slug);
  });
});

/**
 * Which share image each page gets (src/lib/share-images.ts through the site model): its own, at `/og/<rota>.png`,
 * with a text alternative naming its title and section; beyond the newest ARTICLES_WITH_OWN_IMAGE articles, the
 * blog's image. The renderer (src/build/share-image.ts) draws a 1200×630 PNG whose pixels depend on the text.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { type ContentFiles, checkContent, readContentFiles } from '../helpers/content.ts';
import { pngSize } from '../helpers/png.ts';
import { renderShareImage } from '../../src/build/share-image.ts';
import { ARTICLES_WITH_OWN_IMAGE, sectionShareImage } from '../../src/lib/share-images.ts';
import type { SiteModel } from '../../src/lib/site-model.ts';

let files: ContentFiles;
before(async () => {
  files = readContentFiles(process.cwd());
});

/** The real content plus `extra` synthetic articles, published one day apart before the real ones. */
function modelWith(extra: number): SiteModel {
  const copy = new Map(files);
  for (let i = 0; i < extra; i++) {
    const day = new Date(Date.UTC(2020, 0, 1) - i * 86_400_000).toISOString().slice(0, 10);
    copy.set(
      `content/blog/artigo-${i}.md`,
      `---\ntitulo: "Artigo de teste número ${i}"\ndescricao: "Um artigo de teste para as imagens de compartilhamento."\npublicadoEm: ${day}\nautor: "Marina Albuquerque"\ntags: ["teste"]\n---\n\nTexto.\n`,
    );
  }
  const { model, error } = checkContent(copy);
  assert.ok(model, error);
  return model;
}

describe('share images of the site model', () => {
  test('every page has its own image at /og/<rota>.png, and an alt naming its title and section', () => {
    const model = modelWith(0);
    const own = model.pages.filter((p) => !(p.kind === 'listagem' && p.entry.data.tipo !== 'temas' && p.entry.data.pagina > 1));
    for (const p of own) {
      assert.equal(new URL(p.imagem.url).pathname, `/og/${p.rota}.png`, p.rota);
      assert.deepEqual([p.imagem.width, p.imagem.height], [1200, 630]);
      assert.ok(p.imagem.alt.includes(`“${p.titulo}”`), p.rota);
      assert.equal(p.imagemGerada.caminho, `/og/${p.rota}.png`);
    }
    assert.equal(new Set(own.map((p) => p.imagem.alt)).size, own.length, 'one alt per page');
  });

  test("a listing's later pages share its first page's image (the blog's, or their theme's)", () => {
    const model = modelWith(20);
    const later = model.pages.filter((p) => p.kind === 'listagem' && p.entry.data.tipo !== 'temas' && p.entry.data.pagina > 1);
    assert.ok(later.some((p) => p.rota.startsWith('blog/pagina/')) && later.some((p) => p.rota.startsWith('blog/temas/')), 'later pages of the blog and of a theme');
    for (const p of later) {
      const d = p.entry.data as Extract<typeof p.entry.data, { tipo: 'blog' | 'tema' }>;
      assert.equal(p.imagemGerada.caminho, `/og/${d.base}.png`, p.rota);
      assert.equal(p.imagem.url, model.byRoute.get(d.base)!.imagem.url, p.rota);
    }
  });

  test(`beyond the newest ${ARTICLES_WITH_OWN_IMAGE} articles, the blog's image`, () => {
    const model = modelWith(ARTICLES_WITH_OWN_IMAGE + 5);
    const own = model.artigos.slice(0, ARTICLES_WITH_OWN_IMAGE);
    const shared = model.artigos.slice(ARTICLES_WITH_OWN_IMAGE);
    assert.equal(shared.length, model.artigos.length - ARTICLES_WITH_OWN_IMAGE);
    for (const a of own) assert.equal(new URL(a.imagem.url).pathname, `/og/${a.rota}.png`);
    for (const a of shared) {
      assert.equal(new URL(a.imagem.url).pathname, '/og/secao/blog.png', a.rota);
      assert.deepEqual(a.imagemGerada, sectionShareImage('blog'));
      assert.match(a.imagem.alt, /Blog da Sinal Cognitivo/);
    }
    // The newest articles are the real ones (the synthetic ones are older).
    assert.ok(own.some((a) => a.rota === 'blog/llms-txt-na-pratica'));
  });
});

describe('renderShareImage', () => {
  test('a 1200×630 PNG that depends on the title and the section', async () => {
    const a = await renderShareImage({ titulo: 'Medição gratuita de prontidão para IA', secao: 'Diagnóstico de visibilidade' });
    const b = await renderShareImage({ titulo: 'Medição gratuita de prontidão para IA', secao: 'Blog' });
    const c = await renderShareImage({ titulo: 'Outro título, com acentuação: ação', secao: 'Blog' });
    for (const png of [a, b, c]) assert.deepEqual(pngSize(png), { width: 1200, height: 630 });
    assert.notDeepEqual(a, b);
    assert.notDeepEqual(b, c);
  });

  test('a very long title still renders (shrunk, cut after four lines)', async () => {
    const png = await renderShareImage({ titulo: 'Palavra '.repeat(60).trim(), secao: 'Blog' });
    assert.deepEqual(pngSize(png), { width: 1200, height: 630 });
  });
});

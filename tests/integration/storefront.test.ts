/**
 * The storefront for buyers in the repository's build (issue 20, items 3–8), read from dist/: no way to talk is
 * configured here, so none is shown (never a dead link); the home speaks the buyer's words and shows the offer;
 * the sample report is there, labelled as an example and linked from the offer; the calls to action that pages
 * repeat sit outside <main>; the copy slips are gone; no "a partir de" price is shown while precos.json has none.
 * tests/integration/storefront-build.test.ts builds the site with the ways to talk and the prices set.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { renderOffer } from '../../functions/readiness/result-page.ts';
import { loadPrices } from '../../src/model/prices.ts';
import { PAID_DIAGNOSTIC, SAMPLE_REPORT } from '../../src/model/offer.ts';
import { byClass, byId, byTag, doc, htmlPages, talkLinks, text } from '../helpers/storefront.ts';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const read = (file: string) => readFile(`${DIST}${file}`, 'utf8');
let pages: Map<string, string>;

before(async () => {
  pages = await htmlPages(DIST);
});

describe('ways to talk, none configured', () => {
  test('no page has the list, a wa.me or a tel: link (never a dead link)', () => {
    assert.ok(pages.size > 50);
    for (const [path, html] of pages) {
      assert.deepEqual(talkLinks(html), [], path);
      assert.doesNotMatch(html, /talk-row|href="https:\/\/wa\.me|href="tel:/, path);
    }
  });

  test('/contato offers the form and the e-mail, and no longer says there is no need to call', async () => {
    const html = pages.get('/contato')!;
    assert.doesNotMatch(html, /Não é preciso telefonar/);
    assert.doesNotMatch(await read('contato.md'), /Não é preciso telefonar/);
    assert.equal(byClass(doc(html), 'talk-panel').length, 0, 'no "Prefere conversar?" panel without a way to talk');
    assert.match(html, /Escreva para nós/);
  });
});

describe('home', () => {
  test('the headline is the buyer\'s outcome, not the brand; the offer sits beside it with the sample report', () => {
    const page = doc(pages.get('/')!);
    const h1 = text(byTag(page, 'h1')[0]!);
    assert.doesNotMatch(h1, /Sinal Cognitivo|motores generativos/);
    assert.match(h1, /Google/);
    const hero = byClass(page, 'hero')[0]!;
    const tier = byClass(hero, 'tier')[0]!;
    assert.ok(tier, 'the paid offer in the hero');
    assert.match(text(tier), new RegExp(`${PAID_DIAGNOSTIC.nome}.*R\\$\\s2\\.900,00`));
    assert.ok(byTag(tier, 'a').some((a) => a.attribs.href === SAMPLE_REPORT.path), 'the sample report from the offer');
  });

  test('the three steps are drawn once (no second list of them in the hero)', () => {
    const html = pages.get('/')!;
    assert.equal(html.match(/class="diagram"/g)?.length, 1);
    assert.doesNotMatch(html, /class="signals"/);
  });
});

describe('sample report', () => {
  test('a page of the diagnostic, on a demonstration domain, labelled as an example', async () => {
    const html = pages.get(SAMPLE_REPORT.path)!;
    assert.ok(html, SAMPLE_REPORT.path);
    const main = text(byTag(doc(html), 'main')[0]!);
    assert.match(main, /Isto é um exemplo\./);
    assert.match(main, /loja-exemplo\.example/);
    assert.match(main, /nenhum dado é de um cliente/);
    assert.match(main, /Plano de ação priorizado/);
    assert.match(await read(`${SAMPLE_REPORT.path.slice(1)}.md`), /Isto é um exemplo/);
  });

  test('linked from the offer: /precos, the paid diagnostic\'s page and the result page\'s offer', () => {
    for (const path of ['/precos', PAID_DIAGNOSTIC.path]) assert.ok(pages.get(path)!.includes(`href="${SAMPLE_REPORT.path}"`), path);
    assert.ok(renderOffer({ site: 'exemplo.com.br', nota: 40, grau: 'D' }).includes(`href="${SAMPLE_REPORT.path}"`), 'result page offer');
  });
});

describe('calls to action outside <main>', () => {
  test('the measurement\'s call and the feed invitation are in an <aside> after <main>, never inside it', () => {
    let ctas = 0;
    let feeds = 0;
    for (const [path, html] of pages) {
      const page = doc(html);
      const main = byTag(page, 'main')[0]!;
      assert.equal(!!byId(main, 'cta-medicao'), false, `${path}: call in <main>`);
      assert.equal(byClass(main, 'follow').length, 0, `${path}: feed invitation in <main>`);
      const aside = byClass(page, 'page-aside')[0];
      if (!aside) continue;
      assert.equal(aside.name, 'aside', path);
      assert.ok(html.indexOf('</main>') < html.indexOf('class="wrap page-aside"'), `${path}: after <main>`);
      if (byId(aside, 'cta-medicao')) ctas++;
      if (byClass(aside, 'follow').length) feeds++;
    }
    assert.ok(ctas > 30, `calls: ${ctas}`);
    assert.ok(feeds >= 3, `feed invitations: ${feeds}`);
  });
});

describe('copy', () => {
  test('"Autora" for the women authors (declared in their front matter), "Autor" for the men', () => {
    const eyebrow = (path: string) => text(byClass(doc(pages.get(path)!), 'eyebrow')[0]!);
    assert.equal(eyebrow('/autores/beatriz-nogueira'), 'Autora');
    assert.equal(eyebrow('/autores/marina-albuquerque'), 'Autora');
    assert.equal(eyebrow('/autores/rafael-tavares'), 'Autor');
  });

  test('"Vocês seguem os Fundamentos"', () => {
    const html = pages.get('/blog/como-contratar-consultoria-de-seo')!;
    assert.match(html, /Vocês seguem os <a/);
    assert.doesNotMatch(html, /seguem as <a[^>]*>Fundamentos/);
  });

  test('no "(s)" plural on any page', () => {
    for (const [path, html] of pages) assert.doesNotMatch(text(byTag(doc(html), 'body')[0]!), /\p{L}\((?:s|es|ns|is|ões)\)/u, path);
  });
});

describe('"a partir de" prices, none filled', () => {
  test('precos.json has none, and no page, twin or /pricing.md shows one', async () => {
    assert.equal(loadPrices().sobProposta.aPartirDe, undefined);
    for (const [path, html] of pages) assert.doesNotMatch(html, /Valores de partida|a partir de R\$/, path);
    for (const file of ['precos.md', 'pricing.md', 'solucoes/seo-tecnico.md']) assert.doesNotMatch(await read(file), /Valores de partida|a partir de R\$/, file);
  });
});

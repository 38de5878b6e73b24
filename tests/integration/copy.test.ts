/**
 * The copy of the built site reads as written for each page, not pasted from page to page: no sentence of five
 * words or more appears in the main content of more than three HTML pages (header, footer, navigation and cards left
 * out: tests/helpers/repeated-copy.ts; the calls to action that pages repeat sit outside <main>, in an <aside>). Also the slips an editor would catch: the home page
 * promising what its FAQ denies, and a doubled block on the solution, objective and FAQ pages.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { mainSentences, sentencesByPage } from '../helpers/repeated-copy.ts';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const MAX_PAGES = 3;
const page = (path: string) => readFile(`${DIST}${path}`, 'utf8');
let bySentence: Map<string, Set<string>>;

before(async () => {
  bySentence = await sentencesByPage(DIST);
});

describe('copy across pages', () => {
  test('the helper reads sentences of the main content only, five words or more', () => {
    const html =
      '<header><p>Menu com cinco palavras ou mais aqui.</p></header><main><h2>Título curto</h2><p>Primeira frase com cinco palavras. Segunda: quatro palavras só!</p>' +
      '<ul><li class="card"><h3><a href="/x">Um cartão com título longo demais</a></h3></li></ul></main><aside class="page-aside"><section class="cta"><p>Chamada para a ação com muitas palavras.</p></section></aside>' +
      '<footer><p>Rodapé com cinco palavras ou mais.</p></footer>';
    assert.deepEqual(mainSentences(html), ['primeira frase com cinco palavras']);
  });

  test(`no sentence of five words or more appears on more than ${MAX_PAGES} pages`, () => {
    assert.ok(bySentence.size > 500, `frases lidas: ${bySentence.size}`);
    const repeated = [...bySentence]
      .filter(([, pages]) => pages.size > MAX_PAGES)
      .map(([sentence, pages]) => `"${sentence}" em ${pages.size} páginas: ${[...pages].join(', ')}`);
    assert.deepEqual(repeated, []);
  });
});

describe('slips an editor catches', () => {
  test('the home page promises nothing its FAQ denies: no "garantimos"', async () => {
    const home = mainSentences(await page('index.html'), 1).join(' ');
    assert.doesNotMatch(home, /garantimos/);
    assert.match(home, /garantem primeira posição/, 'a pergunta do FAQ continua lá');
  });

  test('a solution page lists what it delivers once, and states the proposal deadline nowhere but /precos and /contato', async () => {
    const html = await page('solucoes/seo-tecnico.html');
    assert.equal(html.match(/>O que entregamos</g)?.length, 1);
    assert.equal(html.match(/>Como contratar</g)?.length, 1);
    for (const [sentence, pages] of bySentence)
      if (/3 dias úteis/.test(sentence)) assert.deepEqual([...pages].filter((p) => p !== '/precos' && p !== '/contato'), [], sentence);
  });

  test('an objective page links its solutions once as a list (the template\'s cards)', async () => {
    const html = await page('objetivos/crescer-na-busca-local.html');
    assert.doesNotMatch(html, /Soluções que atendem a este objetivo/);
    assert.equal(html.match(/<li class="card">/g)?.length, 3);
  });

  test('the FAQ page answers each question once', async () => {
    const sentences = mainSentences(await page('diagnostico-de-visibilidade/perguntas-frequentes.html'), 1);
    assert.equal(sentences.filter((s) => s === 'quais acessos vocês precisam').length, 1);
  });

  test('"Demais serviços: sob proposta" is not followed by the same words again', async () => {
    for (const path of ['precos.md', 'diagnostico-de-visibilidade.md', 'pricing.md']) assert.doesNotMatch(await page(path), /Demais serviços: sob proposta\.?\s+Os demais serviços/, path);
  });
});

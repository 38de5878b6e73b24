/**
 * The functions' page shell (functions/html/shell.ts) and the measurement result rendered in it: the site's own
 * layout (the same header, menu and footer as a built page), and every inserted value kept as text
 * (tests/attacks/html-injection-cases.ts). Reads the build's output (`npm test` builds first).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { parseDocument } from 'htmlparser2';
import { renderShellPage } from '../../functions/html/shell.ts';
import type { Envelope } from '../../src/model/reading.ts';
import { renderMessagePage, renderResultPage, renderResultSection } from '../../functions/readiness/result-page.ts';
import { SITE_NAME } from '../../src/config/site.ts';
import { ORIGIN_PLACEHOLDER } from '../../src/model/site-data.ts';
import { HTML_INJECTION_CASES } from '../attacks/html-injection-cases.ts';

const ORIGIN = 'https://exemplo-de-origem.com.br';
const built = (path: string) => readFileSync(new URL(`../../dist/${path}`, import.meta.url), 'utf8');

type ChildNode = ReturnType<typeof parseDocument>['children'][number];
type Element = Extract<ChildNode, { attribs: Record<string, string> }>;

const elements = (nodes: ChildNode[], out: Element[] = []): Element[] => {
  for (const node of nodes) {
    if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
      out.push(node as Element);
      elements((node as Element).children, out);
    }
  }
  return out;
};
const textOf = (node: ChildNode): string =>
  node.type === 'text' ? (node as unknown as { data: string }).data : 'children' in node ? (node.children as ChildNode[]).map(textOf).join('') : '';
const classed = (all: Element[], name: string) => all.filter((e) => (e.attribs.class ?? '').split(/\s+/).includes(name));

/** What must hold whatever text went in: one document, the shell's own scripts only, no event handlers. */
function assertInert(html: string): Element[] {
  const all = elements(parseDocument(html).children);
  assert.equal(all.filter((e) => e.name === 'html').length, 1);
  assert.equal(all.filter((e) => e.name === 'title').length, 1);
  assert.equal(all.filter((e) => e.name === 'main').length, 1);
  for (const e of all) {
    for (const name of Object.keys(e.attribs)) assert.doesNotMatch(name, /^on/i, `event handler on <${e.name}>`);
    if (e.name === 'script') assert.ok(e.attribs.src === '/webmcp.js' || e.attribs.src === '/medicao.js' || e.attribs.type === 'application/ld+json', `unexpected script: ${JSON.stringify(e.attribs)}`);
    assert.notEqual(e.name, 'img');
  }
  return all;
}

const envelope = (text: string): Envelope => ({
  dominio: text,
  estado: 'registrada',
  nota: 42,
  grau: 'D',
  camadas: [{ id: 'acesso', nome: 'Acesso de robôs', nota: 42, verificacoes: [{ id: 'x', nome: 'Título', status: 'falhou', peso: 4, pontos: 0, detalhe: text }] }],
  lacunas: [{ verificacao: 'x', camada: 'acesso', severidade: 'media', titulo: text, porque: text, comoCorrigir: text }],
  medidoEm: '2026-05-04T12:00:00.000Z',
  teto: { nota: 39, motivo: text },
});

describe('the page shell is the site layout', () => {
  const chrome = (html: string) => ({
    header: html.match(/<header class="site-header">[\s\S]*?<\/header>/)?.[0],
    footer: html.match(/<footer class="site-footer">[\s\S]*?<\/footer>/)?.[0],
    css: html.match(/<link rel="stylesheet" href="\/_astro\/[^"]+">/g),
  });

  test('the same header, menu, footer and stylesheet as a built page, without a twin link', () => {
    const page = renderShellPage({ titulo: 'Título', descricao: 'Descrição.', conteudo: '<p>Conteúdo</p>' }, ORIGIN);
    const statica = built('privacidade.html');
    const noTwin = (part: string | undefined) =>
      part?.replace(/ · <a href="\/privacidade\.md"[^>]*>[^<]*<\/a>|<li><a href="\/privacidade\.md"[^>]*>[^<]*<\/a><\/li>/g, '');
    assert.ok(chrome(page).header?.includes('<nav aria-label="Principal">'));
    assert.equal(chrome(page).header, noTwin(chrome(statica).header));
    assert.equal(chrome(page).footer, noTwin(chrome(statica).footer));
    assert.deepEqual(chrome(page).css, chrome(statica).css);
    assert.match(page, /<meta name="robots" content="noindex">/);
    assert.match(page, new RegExp(`<title>Título \\| ${SITE_NAME}</title>`));
    assert.match(page, /<h1>Título<\/h1> <p class="lead">Descrição\.<\/p>/);
    assert.match(page, /<div class="wrap section-tight"><p>Conteúdo<\/p><\/div>/);
  });

  test('absolute URLs name the configured origin, whatever origin the build used', () => {
    const page = renderShellPage({ titulo: 'T', descricao: 'D', conteudo: '' }, ORIGIN);
    assert.ok(!page.includes(ORIGIN_PLACEHOLDER));
    assert.match(page, new RegExp(`<meta property="og:image" content="${ORIGIN}/og.png">`));
    assert.ok(!/localhost:8890/.test(page), 'no trace of the build origin');
  });

  test('the result page: in the layout, with the measurement stylesheet and the way back', () => {
    const page = renderResultPage(envelope('exemplo.com.br'), ORIGIN);
    const all = assertInert(page);
    assert.equal(all.filter((e) => e.name === 'header' && e.attribs.class === 'site-header').length, 1);
    assert.match(page, /<link rel="stylesheet" href="\/medicao.css">/);
    assert.match(page, /<h1>Medição de exemplo\.com\.br<\/h1>/);
    assert.match(page, /<a href="\/diagnostico-de-visibilidade-cognitiva">Medir outro domínio<\/a>/);
    assert.match(page, /veja <a href="\/diagnostico-de-visibilidade-cognitiva\/como-pontuamos">como a nota é calculada<\/a>\./);
  });

  test('layer bars take the color band of their grade (src/model/measurement.ts)', () => {
    const bands = (nota: number) => {
      const html = renderResultSection({ ...envelope('x.com.br'), camadas: [{ id: 'a', nome: 'A', nota, verificacoes: [] }] }, ORIGIN);
      return html.match(/barra-valor (grau-\w+)/)?.[1];
    };
    assert.deepEqual([100, 85, 84, 70, 69, 55, 54, 40, 39, 0].map(bands), ['grau-a', 'grau-a', 'grau-b', 'grau-b', 'grau-c', 'grau-c', 'grau-d', 'grau-d', 'grau-f', 'grau-f']);
  });
});

describe('inserted values stay text (tests/attacks/html-injection-cases.ts)', () => {
  for (const { name, value } of HTML_INJECTION_CASES) {
    test(`${name}: shell title, description and content`, () => {
      const page = renderShellPage({ titulo: value, descricao: value, conteudo: '<p>fixo</p>', estilos: [value] }, ORIGIN);
      const all = assertInert(page);
      assert.equal(textOf(all.find((e) => e.name === 'title')!), `${value} | ${SITE_NAME}`);
      assert.equal(textOf(all.find((e) => e.name === 'h1')!), value);
      assert.equal(all.find((e) => e.name === 'meta' && e.attribs.name === 'description')?.attribs.content, value);
      assert.equal(all.find((e) => e.name === 'meta' && e.attribs.property === 'og:title')?.attribs.content, value);
      assert.ok(all.some((e) => e.name === 'link' && e.attribs.rel === 'stylesheet' && e.attribs.href === value));
      assert.equal(classed(all, 'section-tight').map(textOf).join(''), 'fixo');
    });

    test(`${name}: the measurement result and the message page`, () => {
      const page = renderResultPage(envelope(value), ORIGIN);
      const all = assertInert(page);
      assert.equal(textOf(all.find((e) => e.name === 'h1')!), `Medição de ${value}`);
      assert.equal(classed(all, 'medicao-dominio').map(textOf).join(''), value);
      // The lacuna's technical title, in the developer's section (the buyer's fixes above it are our words).
      assert.equal(textOf(all.find((e) => e.name === 'h5')!).trim(), `${value} média (x)`);
      assert.ok(all.some((e) => e.name === 'li' && textOf(e).endsWith(value)), 'the check detail');
      assert.equal(classed(all, 'medicao-teto').map(textOf).join(''), `A nota foi limitada a 39 por uma lacuna grave: ${value}.`);

      const message = renderMessagePage(value, value, value, ORIGIN);
      const inMessage = assertInert(message);
      assert.equal(textOf(inMessage.find((e) => e.name === 'h1')!), value);
      assert.deepEqual(classed(inMessage, 'medicao-aviso').flatMap((e) => e.children).map(textOf), [value, value]);
    });
  }
});

/**
 * The diagrams of the site (src/lib/diagrams.ts, drawn by src/components/PageDiagram.astro), read from the served
 * pages: each is an inline SVG with role="img", named by its <title> and described by its <desc> in pt-BR, coloured
 * by the stylesheet (no fixed colours in the markup), sized to read on a 390 px phone; the markdown twin of the
 * page carries the same steps as text; every objective has one.
 */
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { DomUtils, parseDocument } from 'htmlparser2';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { DIAGRAM_WIDTH, DIAGRAMS, diagramDescription } from '../../src/lib/diagrams.ts';
import { pathOf, twinOf } from '../../src/model/routes.ts';

const { findAll, findOne, textContent } = DomUtils;
/** An element of htmlparser2's DOM (the package does not export the type by name). */
type Element = ReturnType<typeof findAll>[number];
let server: LocalServer;
const html = new Map<string, string>();
const twins = new Map<string, string>();

before(async () => {
  server = await startLocalServer({ port: 0 });
  for (const rota of [...Object.keys(DIAGRAMS), 'sobre', 'blog/llms-txt-na-pratica']) {
    const page = await fetch(`${server.url}${pathOf(rota)}`);
    assert.equal(page.status, 200, rota);
    html.set(rota, await page.text());
    const twin = await fetch(`${server.url}${twinOf(rota)}`);
    assert.equal(twin.status, 200, `${rota}.md`);
    twins.set(rota, await twin.text());
  }
});
after(() => server.close());

const diagramsOf = (rota: string): Element[] =>
  findAll((e) => e.name === 'svg' && (e.parent as Element | null)?.attribs?.class === 'diagram', parseDocument(html.get(rota)!).children);

describe('diagrams', () => {
  test('every objective has its diagram (keyed by its slug)', async () => {
    const slugs = (await readdir(new URL('../../content/objetivos/', import.meta.url))).map((f) => f.replace(/\.mdx?$/, ''));
    assert.ok(slugs.length >= 5);
    for (const slug of slugs) assert.ok(DIAGRAMS[`objetivos/${slug}`], `objetivos/${slug}`);
    assert.ok(DIAGRAMS.index, 'home');
    assert.ok(DIAGRAMS['diagnostico-de-visibilidade-cognitiva'], 'measurement page');
  });

  test('each is an inline SVG with role="img", named by its <title> and described by its <desc>', () => {
    for (const [rota, diagram] of Object.entries(DIAGRAMS)) {
      const svgs = diagramsOf(rota);
      assert.equal(svgs.length, 1, `${rota}: one diagram`);
      const svg = svgs[0]!;
      assert.equal(svg.attribs.role, 'img', rota);
      const title = findOne((e) => e.name === 'title', svg.children)!;
      const desc = findOne((e) => e.name === 'desc', svg.children)!;
      assert.equal(textContent(title), diagram.titulo, `${rota}: <title>`);
      assert.equal(textContent(desc), diagramDescription(diagram), `${rota}: <desc>`);
      assert.equal(svg.attribs['aria-labelledby'], `${title.attribs.id} ${desc.attribs.id}`, `${rota}: named and described`);
      // Every step is in the text alternative.
      for (const p of diagram.passos) assert.ok(textContent(desc).includes(`${p.rotulo}: ${p.texto}`), `${rota}: ${p.rotulo}`);
    }
  });

  test('colours come from the stylesheet (the CSS variables), never fixed in the markup', () => {
    for (const rota of Object.keys(DIAGRAMS)) {
      const svg = diagramsOf(rota)[0]!;
      for (const e of findAll(() => true, svg.children)) {
        for (const attr of ['fill', 'stroke', 'style', 'color']) assert.equal(e.attribs[attr], undefined, `${rota}: <${e.name} ${attr}>`);
      }
    }
  });

  test('drawn at its natural size on a 390 px phone: 360 units wide, every line within its box', () => {
    for (const [rota, diagram] of Object.entries(DIAGRAMS)) {
      const svg = diagramsOf(rota)[0]!;
      // (the parser lowercases attribute names)
      assert.equal(svg.attribs.viewbox?.split(' ')[2], String(DIAGRAM_WIDTH), rota);
      const lines = findAll((e) => e.name === 'tspan', svg.children).map((e) => textContent(e));
      assert.deepEqual(lines.join(' ').split(/\s+/), diagram.passos.map((p) => p.texto).join(' ').split(/\s+/), `${rota}: every word drawn`);
      for (const line of lines) assert.ok(line.length <= 36, `${rota}: "${line}" too long for the box`);
    }
  });

  test('the markdown twin carries the diagram as text: its title and every step', () => {
    for (const [rota, diagram] of Object.entries(DIAGRAMS)) {
      const twin = twins.get(rota)!;
      assert.ok(twin.includes(`**${diagram.titulo}** (diagrama)`), `${rota}.md: title`);
      diagram.passos.forEach((p, i) => assert.ok(twin.includes(`${i + 1}. **${p.rotulo}:** ${p.texto}`), `${rota}.md: step ${i + 1}`));
      assert.ok(!/<svg/i.test(twin), `${rota}.md: no image markup`);
    }
  });

  test('pages without a diagram draw none', () => {
    for (const rota of ['sobre', 'blog/llms-txt-na-pratica']) assert.equal(diagramsOf(rota).length, 0, rota);
  });
});

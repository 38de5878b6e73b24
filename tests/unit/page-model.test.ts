/**
 * The page model (src/lib/page-model.ts, src/lib/pages/*.ts) is what both renderings show: for every page of the
 * site, each section its kind declares is in the built HTML page and in its markdown twin (the same links, prices,
 * facts and questions), and the page's JSON-LD is the kind's. Reads the build's output (`npm test` builds first)
 * and assembles the model from content/ in process (tests/helpers/content.ts).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { before, describe, test } from 'node:test';
import { parseDocument } from 'htmlparser2';
import { siteOrigin } from '../../src/config/site.ts';
import type { PageSection } from '../../src/lib/page-model.ts';
import { describePage, kindOf } from '../../src/lib/pages/index.ts';
import type { SiteModel } from '../../src/lib/site-model.ts';
import { twinOf } from '../../src/model/routes.ts';
import { checkContent, readContentFiles } from '../helpers/content.ts';

const root = new URL('../../', import.meta.url);
const dist = (path: string) => readFileSync(new URL(`dist${path}`, root), 'utf8');

type ChildNode = ReturnType<typeof parseDocument>['children'][number];
const textOf = (node: ChildNode): string =>
  node.type === 'text' ? (node as unknown as { data: string }).data : 'children' in node ? (node.children as ChildNode[]).map(textOf).join(' ') : '';
const htmlText = (html: string) => parseDocument(html).children.map(textOf).join(' ').replace(/\s+/g, ' ');
const ldTypes = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => (JSON.parse(m[1]!) as { '@type': string })['@type']);

/** What a section must show in each rendering: link targets and texts. */
function shown(s: PageSection, origin: string): { hrefs: string[]; twinLinks: string[]; texts: string[] } {
  switch (s.tipo) {
    case 'lista':
      return { hrefs: s.itens.map((p) => p.path), twinLinks: s.itens.map((p) => `${origin}${p.path}`), texts: [] };
    case 'precos':
      return { hrefs: [], twinLinks: [], texts: [...s.linhas.map((r) => r.produto.nome), ...s.linhas.map((r) => r.preco)] };
    case 'fatos':
      return { hrefs: [], twinLinks: [], texts: s.fatos.flatMap((f) => [f.rotulo, ...(Array.isArray(f.valor) ? f.valor : [f.valor])]) };
    case 'faq':
      return { hrefs: [], twinLinks: [], texts: s.perguntas.flatMap((q) => [q.pergunta, q.resposta]) };
  }
}

let model: SiteModel;
before(async () => {
  const { model: assembled, error } = checkContent(readContentFiles(fileURLToPath(root)));
  assert.ok(assembled, error);
  model = assembled;
});

describe('every page renders its kind’s sections in HTML and in markdown', () => {
  test('each page: sections, links and JSON-LD', () => {
    const origin = siteOrigin();
    const kinds = new Set<string>();
    for (const page of model.pages) {
      const view = describePage(page, model);
      kinds.add(kindOf(page).modelo);
      const html = dist(`${page.path === '/' ? '/index' : page.path}.html`);
      const twin = dist(twinOf(page.rota));
      const text = htmlText(html);
      const twinText = twin.replace(/\*\*|\\/g, '').replace(/\s+/g, ' ');
      for (const section of view.secoes) {
        const { hrefs, twinLinks, texts } = shown(section, origin);
        if (section.tipo !== 'fatos') assert.ok(twin.includes(`## ${section.titulo}\n`), `${page.rota}: twin heading ${section.titulo}`);
        for (const href of hrefs) assert.ok(html.includes(`href="${href}"`), `${page.rota}: HTML link to ${href} (${section.tipo})`);
        for (const url of twinLinks) assert.ok(twin.includes(`](${url})`), `${page.rota}: twin link to ${url} (${section.tipo})`);
        // The paid diagnostic's page shows only its own tier beside the body; its twin has the whole table (as before the model).
        const htmlTexts =
          view.modelo === 'diagnostico' && section.tipo === 'precos'
            ? section.linhas.filter((r) => r.produto.tipo === 'pago').flatMap((r) => [r.produto.nome, r.preco])
            : texts;
        for (const t of htmlTexts) assert.ok(text.includes(t.replace(/\s+/g, ' ').trim()), `${page.rota}: HTML shows “${t}” (${section.tipo})`);
        for (const t of texts) {
          const flat = t.replace(/\s+/g, ' ').trim();
          assert.ok(twinText.includes(flat), `${page.rota}: twin shows “${flat}” (${section.tipo})`);
        }
      }
      const declared = (view.jsonLd as { '@type': string }[]).map((o) => o['@type']);
      assert.deepEqual(ldTypes(html).slice(1), declared, `${page.rota}: JSON-LD after the Organization`);
    }
    // Every kind of the site is in use (a kind nobody uses is dead code).
    assert.deepEqual([...kinds].sort(), ['artigo', 'autor', 'blog', 'contato', 'diagnostico', 'equipe', 'inicio', 'institucional', 'medicao', 'objetivo', 'objetivos', 'precos', 'secao-diagnostico', 'solucao', 'solucoes']);
  });

  test('the kind of a page: by collection, by the route table, by section, else institutional', () => {
    const kind = (rota: string) => kindOf(model.byRoute.get(rota)!).modelo;
    assert.equal(kind('index'), 'inicio');
    assert.equal(kind('precos'), 'precos');
    assert.equal(kind('diagnostico-de-visibilidade/metodologia'), 'secao-diagnostico');
    assert.equal(kind('diagnostico-de-visibilidade-cognitiva/como-pontuamos'), 'secao-diagnostico');
    assert.equal(kind('termos'), 'institucional');
    assert.equal(kind('sobre'), 'equipe');
    assert.equal(kind('autores'), 'equipe');
    assert.equal(kind('autores/marina-albuquerque'), 'autor');
    assert.equal(kind(model.artigos[0]!.rota), 'artigo');
  });
});

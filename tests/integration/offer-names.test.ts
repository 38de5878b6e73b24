/**
 * One name for the free tool and one for the paid diagnostic (issue 12, item 6), declared once
 * (src/model/offer.ts, from content/precos.json): the built pages, twins, llms.txt, JSON-LD, the menu, the API and
 * the MCP texts use them, and none of the old spellings ("Diagnóstico de Visibilidade Cognitiva" for the paid
 * product, "medição de prontidão para IA" without "gratuita") is left anywhere in what the site serves.
 */
import assert from 'node:assert/strict';
import { globSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { PRODUCT_TOOLS } from '../../functions/mcp/product-tools.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { FREE_TOOL, PAID_DIAGNOSTIC } from '../../src/model/offer.ts';
import { SECTIONS } from '../../src/model/routes.ts';
import { testServices } from '../helpers/services.ts';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const OLD_NAMES = /Diagnóstico de Visibilidade Cognitiva|diagnóstico (pago )?de visibilidade cognitiva|medição de prontidão para IA|Diagnóstico de visibilidade\b/;

let server: LocalServer;
before(async () => {
  server = await startLocalServer({ port: 0, services: testServices() });
});
after(() => server?.close());

const text = async (path: string, accept?: string): Promise<string> => {
  const res = await fetch(`${server.url}${path}`, accept ? { headers: { accept } } : {});
  assert.equal(res.status, 200, path);
  return res.text();
};
const h1 = (html: string): string => (/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, '').trim();

describe('one name per product', () => {
  test('the names: "Medição gratuita de prontidão para IA" and "Diagnóstico de Visibilidade"', () => {
    assert.equal(FREE_TOOL.nome, 'Medição gratuita de prontidão para IA');
    assert.equal(PAID_DIAGNOSTIC.nome, 'Diagnóstico de Visibilidade');
    assert.equal(SECTIONS['diagnostico-de-visibilidade'], PAID_DIAGNOSTIC.nome);
  });

  test('no old spelling in any file the site serves (pages, twins, llms.txt, llms-full.txt, JSON)', () => {
    const files = globSync('**/*.{html,md,txt,json}', { cwd: dist });
    assert.ok(files.length > 50, 'dist/ is built');
    const found = files.filter((f) => OLD_NAMES.test(readFileSync(`${dist}${f}`, 'utf8')));
    assert.deepEqual(found, []);
  });

  test('the product pages are titled with the names, in HTML and twin, and the menu says where you are', async () => {
    const free = await text(FREE_TOOL.path);
    assert.equal(h1(free), FREE_TOOL.nome);
    assert.match(free, /<a href="\/diagnostico-de-visibilidade-cognitiva" class="on" aria-current="page">Medição gratuita<\/a>/);
    const paid = await text(PAID_DIAGNOSTIC.path);
    assert.ok(h1(paid).startsWith(PAID_DIAGNOSTIC.nome), h1(paid));
    assert.match(paid, /<a href="\/solucoes" class="on">Soluções<\/a>/);
    const menu = /<nav aria-label="Principal">([\s\S]*?)<\/nav>/.exec(paid)?.[1] ?? '';
    assert.match(menu, /Medição gratuita/);
    assert.doesNotMatch(menu, /href="\/agentes"/, 'no Agentes in the menu');
    assert.match(await text(`${FREE_TOOL.path}.md`), new RegExp(`^# ${FREE_TOOL.nome}$`, 'm'));
    assert.match(await text(`${PAID_DIAGNOSTIC.path}.md`), new RegExp(`^# ${PAID_DIAGNOSTIC.nome}`, 'm'));
  });

  test('llms.txt, the JSON-LD of /precos, the API and the MCP tools name the two products the same way', async () => {
    const llms = await text('/llms.txt');
    assert.ok(llms.includes(`## ${PAID_DIAGNOSTIC.nome}`), 'llms.txt section');
    assert.ok(llms.includes(FREE_TOOL.nome), 'llms.txt names the free tool');
    const ld = [...(await text('/precos')).matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .flatMap((m) => [JSON.parse(m[1]!)].flat())
      .filter((d: { '@type'?: string }) => d['@type'] === 'Service')
      .map((d: { name: string }) => d.name)
      .sort();
    assert.deepEqual(ld, [PAID_DIAGNOSTIC.nome, FREE_TOOL.nome].sort());
    const body = JSON.parse(await text('/api/v1/sandbox/precos')) as { produtos: { nome: string }[] };
    assert.deepEqual(body.produtos.map((p) => p.nome).sort(), [PAID_DIAGNOSTIC.nome, FREE_TOOL.nome].sort());
    for (const name of ['get_pricing', 'how_to_hire']) {
      const tool = PRODUCT_TOOLS.find((t) => t.name === name)!;
      for (const n of [PAID_DIAGNOSTIC.nome, FREE_TOOL.nome]) assert.ok(tool.description.includes(n), `${name}: ${n}`);
    }
  });
});

/**
 * The storefront in a real build with the ways to talk and the "a partir de" prices set (issue 20, items 3 and 8):
 * a copy of the project (scripts/lib/project-copy.ts) with every company fact filled (tests/helpers/company.ts),
 * built with CONTACT_WHATSAPP, CONTACT_PHONE and CONTACT_SCHEDULING_URL set to other values, and starting prices
 * in precos.json. The environment's values reach every built page, the functions' page shell, /contato beside the
 * form, the footer, the JSON-LD and llms.txt, and the file's values appear nowhere; the starting prices reach
 * /precos, its twin, /pricing.md and the solutions. A real build (about 10 s): only `npm test` runs it.
 */
import assert from 'node:assert/strict';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PROJECT_ROOT, buildProjectCopy, copyProject } from '../../scripts/lib/project-copy.ts';
import { FILLED_COMPANY } from '../helpers/company.ts';
import { byClass, byTag, doc, htmlPages, talkLinks, text } from '../helpers/storefront.ts';

const ENV = { CONTACT_WHATSAPP: '+55 (11) 98765-4321', CONTACT_PHONE: '+551140040000', CONTACT_SCHEDULING_URL: 'https://cal.com/sinal-cognitivo/conversa' };
let dir = '';
let pages: Map<string, string>;
const read = (file: string) => readFile(join(dir, file), 'utf8');

before(async () => {
  dir = await copyProject('storefront-build');
  await writeFile(join(dir, 'content/empresa.json'), JSON.stringify(FILLED_COMPANY, null, 2));
  const prices = JSON.parse(await read('content/precos.json'));
  prices.sobProposta.aPartirDe = { 'seo-tecnico': 4500, 'dados-estruturados': 3800 };
  await writeFile(join(dir, 'content/precos.json'), JSON.stringify(prices, null, 2));
  await cp(join(PROJECT_ROOT, '.generated'), join(dir, '.generated'), { recursive: true });
  const { code, output } = await buildProjectCopy(dir, ENV);
  assert.equal(code, 0, output.slice(-3000));
  pages = await htmlPages(join(dir, 'dist'));
});
after(() => rm(dir, { recursive: true, force: true }));

describe('ways to talk set by the environment, in a real build', () => {
  test('every page\'s header has the three, with the environment\'s values (the file\'s are overridden)', () => {
    assert.ok(pages.size > 50);
    for (const [path, html] of pages) {
      const links = talkLinks(html);
      assert.equal(links.length, 3, path);
      const whatsapp = new URL(links[0]!.href);
      assert.equal(`${whatsapp.origin}${whatsapp.pathname}`, 'https://wa.me/5511987654321', path);
      assert.match(whatsapp.searchParams.get('text') ?? '', /^Olá! Vim pelo site da Sinal Cognitivo/, path);
      assert.deepEqual(links.slice(1).map((l) => l.href), ['tel:+551140040000', ENV.CONTACT_SCHEDULING_URL], path);
      assert.doesNotMatch(html, /5511930000001|tel:\+551130000000|cal\.com\/sinal-cognitivo-teste/, `${path}: the file's values`);
    }
  });

  test('the functions\' pages (the shell of a result, the form, the search) have them too', async () => {
    const shell = JSON.parse(await read('.generated/page-shell.json')) as { html: string };
    assert.deepEqual(talkLinks(shell.html).map((l) => l.href.split('?')[0]), ['https://wa.me/5511987654321', 'tel:+551140040000', ENV.CONTACT_SCHEDULING_URL]);
  });

  test('/contato offers them beside the form; the footer, the JSON-LD and llms.txt state them', async () => {
    const contato = doc(pages.get('/contato')!);
    const panel = byClass(contato, 'talk-panel')[0]!;
    assert.ok(byClass(contato, 'side')[0]!.children.includes(panel), 'in the side column, beside the form');
    assert.deepEqual(byTag(panel, 'a').map((a) => text(a)), ['Falar no WhatsApp', 'Ligar: +55 11 4004-0000', 'Agendar uma conversa']);
    const footer = text(byTag(doc(pages.get('/')!), 'footer')[0]!);
    for (const shown of ['Telefone: +55 11 4004-0000', 'WhatsApp: +55 11 98765-4321', 'Agendamento: marque um horário para conversar']) assert.ok(footer.includes(shown), shown);
    assert.match(pages.get('/')!, /"telephone":"\+551140040000"/);
    assert.match(await read('dist/llms.txt'), /Agendamento: https:\/\/cal\.com\/sinal-cognitivo\/conversa\./);
  });
});

describe('"a partir de" prices, filled', () => {
  test('/precos, its twin and /pricing.md list them, cheapest first; the solutions show theirs', async () => {
    const tier = byClass(doc(pages.get('/precos')!), 'starting')[0]!;
    assert.deepEqual(byTag(tier, 'li').map((li) => text(li)), ['Dados estruturados com schema.org: a partir de R$ 3.800,00', 'SEO técnico: a partir de R$ 4.500,00']);
    for (const file of ['dist/precos.md', 'dist/pricing.md']) {
      assert.match(await read(file), /Valores de partida dos projetos:\n\n- \[Dados estruturados com schema\.org\]\(.*\/solucoes\/dados-estruturados\): a partir de R\$\s3\.800,00\n- \[SEO técnico\]/, file);
    }
    assert.match(pages.get('/solucoes/seo-tecnico')!, /Sob proposta, a partir de R\$\s4\.500,00/);
    assert.match(await read('dist/solucoes/seo-tecnico.md'), /\*\*Investimento:\*\* Sob proposta, a partir de R\$\s4\.500,00/);
    assert.doesNotMatch(pages.get('/solucoes/seo-local')!, /a partir de R\$/, 'a project without one: sob proposta only');
  });
});

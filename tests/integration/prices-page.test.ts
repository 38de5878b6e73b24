/**
 * "Prices that sell" (issue 12, item 4) through the local server: every tier of the built /precos ends in its
 * button (the free measurement's page, the contact form with `produto`, the contact form), the buttons lead
 * somewhere real, `mailto:` appears only beside the form, and the payment and invoicing terms of
 * content/precos.json show on the page and its twin (the API and /pricing.md: tests/integration/api.test.ts).
 */
import assert from 'node:assert/strict';
import { SAMPLE_REPORT } from '../../src/model/offer.ts';
import { after, before, describe, test } from 'node:test';
import { findAll, findOne, getAttributeValue, textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import type { AnyNode, Element } from 'domhandler';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { contactFormHref } from '../../src/model/contact.ts';
import { loadPrices, paymentTerms } from '../../src/model/prices.ts';
import { testServices } from '../helpers/services.ts';

let server: LocalServer;
before(async () => {
  server = await startLocalServer({ port: 0, services: testServices() });
});
after(() => server?.close());

type Root = { children: AnyNode[] };
/** Elements under `root` that `match` accepts (a tiny selector: tag, class, attribute prefix). */
const all = (root: Root, match: (el: Element) => boolean): Element[] => findAll(match, root.children);
const one = (root: Root, match: (el: Element) => boolean): Element => {
  const found = findOne(match, root.children);
  assert.ok(found, 'element not found');
  return found;
};
const hasClass = (el: Element, name: string): boolean => (getAttributeValue(el, 'class') ?? '').split(/\s+/).includes(name);
const isButton = (el: Element): boolean => el.name === 'a' && hasClass(el, 'btn');

const text = (el: Root): string => textContent(el.children).replace(/\s+/g, ' ').trim();
const elements = (el: Root): Element[] => el.children.filter((c): c is Element => c.type === 'tag');

describe('/precos: prices that sell', () => {
  test('every tier ends in its button: free measurement, paid diagnostic by the form with produto, proposal by the form', async () => {
    const res = await fetch(`${server.url}/precos`);
    assert.equal(res.status, 200);
    const doc = parseDocument(await res.text());
    const tiers = all(doc, (el) => hasClass(el, 'tier'));
    const free = loadPrices().produtos.find((p) => p.tipo === 'gratuito')!;
    const paid = loadPrices().produtos.find((p) => p.tipo === 'pago')!;
    const expected = [
      { name: free.nome, href: `/${free.rota}`, label: 'Fazer a medição gratuita' },
      { name: paid.nome, href: contactFormHref({ produto: paid.rota }), label: 'Pedir o diagnóstico' },
      { name: 'Demais serviços', href: contactFormHref(), label: 'Pedir uma proposta' },
    ];
    assert.equal(tiers.length, expected.length);
    for (const [i, tier] of tiers.entries()) {
      assert.equal(text(one(tier, (el) => el.name === 'h3')), expected[i]!.name);
      const buttons = all(tier, isButton);
      assert.equal(buttons.length, 1, `${expected[i]!.name}: one button`);
      assert.equal(getAttributeValue(buttons[0]!, 'href'), expected[i]!.href);
      assert.equal(text(buttons[0]!), expected[i]!.label);
      // The button is the tier's last call: after it, at most the e-mail fallback (or, for the paid diagnostic, its
      // sample report: what it delivers).
      const kids = elements(tier);
      const at = kids.findIndex((k) => findOne(isButton, k.children) === buttons[0]);
      const after = expected[i]!.name === paid.nome ? new RegExp(`^(?:mailto:|${SAMPLE_REPORT.path}$)`) : /^mailto:/;
      for (const k of kids.slice(at + 1)) assert.match(getAttributeValue(one(k, (el) => el.name === 'a'), 'href') ?? '', after);
    }
    assert.doesNotMatch(text(doc), /Escreva para contato@\S+ com o domínio/, 'no grey "write to" text instead of a button');
  });

  test('mailto: only as the fallback beside the contact form', async () => {
    const doc = parseDocument(await (await fetch(`${server.url}/precos`)).text());
    const main = one(doc, (el) => el.name === 'main');
    const mailtos = all(main, (el) => el.name === 'a' && (getAttributeValue(el, 'href') ?? '').startsWith('mailto:'));
    assert.equal(mailtos.length, 1);
    const tier = mailtos[0]!.parent!.parent as Element;
    assert.equal(getAttributeValue(one(tier, isButton), 'href'), contactFormHref());
  });

  test('the buttons lead to real pages: the measurement page and the form naming the diagnostic', async () => {
    const paid = loadPrices().produtos.find((p) => p.tipo === 'pago')!;
    const free = loadPrices().produtos.find((p) => p.tipo === 'gratuito')!;
    assert.equal((await fetch(`${server.url}/${free.rota}`)).status, 200);
    const form = await fetch(`${server.url}${contactFormHref({ produto: paid.rota })}`);
    assert.equal(form.status, 200);
    const html = await form.text();
    // The link names the product by its page's route; the form keeps the product's one code, its id (functions/contact/subject.ts).
    assert.match(html, new RegExp(`<input type="hidden" name="produto" value="${paid.id}">`));
    assert.match(html, /Assunto: <strong>/);
  });

  test('payment and invoicing terms (Pix, boleto, cartão, nota fiscal) from content/precos.json, on the page and its twin', async () => {
    const doc = parseDocument(await (await fetch(`${server.url}/precos`)).text());
    const heading = one(doc, (el) => el.attribs.id === 'h-pagamento');
    assert.equal(text(heading), 'Pagamento e nota fiscal');
    const shown = all(one(doc, (el) => hasClass(el, 'payment')), (el) => el.name === 'div').map((d) => [
      text(one(d, (el) => el.name === 'dt')),
      text(one(d, (el) => el.name === 'dd')),
    ]);
    assert.deepEqual(shown, paymentTerms().map((t) => [t.rotulo, t.valor]));
    assert.match(shown[0]![1]!, /^Pix, boleto bancário ou cartão de crédito$/);
    assert.match(shown[2]![1]!, /nota fiscal de serviço/i);

    const twin = await fetch(`${server.url}/precos.md`);
    assert.equal(twin.status, 200);
    const md = await twin.text();
    assert.match(md, /### Pagamento e nota fiscal/);
    for (const t of paymentTerms()) assert.ok(md.includes(`- ${t.rotulo}: ${t.valor}`), t.rotulo);
  });
});

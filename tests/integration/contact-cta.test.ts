/**
 * Every call to action that pre-fills the contact form round-trips what it carries: for each distinct link to
 * the form on the site (the built pages and their markdown twins, and the offer under a measurement's result,
 * which the result function renders), follow it, submit the form as a browser would (every field the page
 * holds, plus name, e-mail, message and consent), and check what the webhook receives: the subject (one code per
 * product or solution), the site and the grade the link carried.
 */
import assert from 'node:assert/strict';
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { Parser } from 'htmlparser2';
import { loadConfig } from '../../functions/config.ts';
import { siteData } from '../../functions/content/site-data.ts';
import type { Envelope } from '../../src/model/reading.ts';
import { saveReading } from '../../functions/readiness/readings.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { CONTACT_FORM_PATH } from '../../src/model/paths.ts';
import { loadPrices } from '../../src/model/prices.ts';
import { resetServices, testServices } from '../helpers/services.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook.ts';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const services = testServices();
let server: LocalServer;
let receiver: WebhookReceiver;

const reading: Envelope = {
  dominio: 'loja-exemplo.com.br',
  estado: 'registrada',
  nota: 57,
  grau: 'C',
  camadas: [{ id: 'acesso', nome: 'Acesso de robôs', nota: 57, verificacoes: [{ id: 'robots', nome: 'robots.txt', status: 'passou', peso: 4, pontos: 4, detalhe: 'Liberado.' }] }],
  lacunas: [],
  medidoEm: '2026-11-20T12:00:00.000Z',
};

/** The query of every link to the form in `text` (HTML hrefs with `&amp;`, markdown links with the origin). */
function formQueries(text: string): string[] {
  const found: string[] = [];
  const pattern = new RegExp(`${CONTACT_FORM_PATH.replace(/\//g, '\\/')}(\\?[^"'#)\\s<>]*)?(?=[#"')\\s])`, 'g');
  for (const match of text.matchAll(pattern)) found.push((match[1] ?? '').replace(/&amp;/g, '&'));
  return found;
}

/** The fields a browser would submit from the page's contact form (checkboxes only when checked). */
function formFields(html: string): URLSearchParams {
  const fields = new URLSearchParams();
  let inForm = false;
  let textarea: string | null = null;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'form' && (attributes.class ?? '').includes('contato-form')) inForm = true;
      if (!inForm) return;
      if (name === 'input' && attributes.name && (attributes.type !== 'checkbox' || 'checked' in attributes)) fields.append(attributes.name, attributes.value ?? '');
      if (name === 'textarea' && attributes.name) {
        textarea = attributes.name;
        fields.append(textarea, '');
      }
    },
    ontext(text) {
      if (textarea) fields.set(textarea, (fields.get(textarea) ?? '') + text);
    },
    onclosetag(name) {
      if (name === 'textarea') textarea = null;
      if (name === 'form') inForm = false;
    },
  }, { decodeEntities: true });
  parser.end(html);
  return fields;
}

/** The one code the webhook should carry for what a link names (a product id, or a solution's slug). */
function expectedSubject(carried: string): string {
  const { produtos } = loadPrices();
  const solution = siteData.catalogo.solucoes.find((s) => s.slug === carried);
  const product = produtos.find((p) => p.id === carried || p.rota === carried) ?? produtos.find((p) => p.id === solution?.produto);
  assert.ok(product || solution, `a chamada leva um assunto que não existe: ${carried}`);
  return product ? product.id : solution!.slug;
}

before(async () => {
  receiver = await startWebhookReceiver();
  server = await startLocalServer({ port: 0, services });
});
after(async () => {
  resetServices(services);
  await server?.close();
  await receiver?.close();
});

describe('every call to action that pre-fills the contact form', () => {
  test('follow it, submit, and the webhook receives the subject, site and grade it carried', async () => {
    resetServices(services, { config: loadConfig({ ...process.env, SITE_URL: server.url, CONTACT_WEBHOOK_URL: receiver.url }), store: new MemoryStore() });
    await saveReading(services.store, reading);

    // Where the calls to action are: every built page and twin, and the result of a measurement (HTML and twin).
    const sources = new Map<string, string>();
    for (const file of globSync('**/*.{html,md}', { cwd: dist })) sources.set(`/${file}`, readFileSync(join(dist, file), 'utf8'));
    for (const path of [`/diagnostico-de-visibilidade-cognitiva/resultado/${reading.dominio}`, `/diagnostico-de-visibilidade-cognitiva/resultado/${reading.dominio}.md`]) {
      const res = await fetch(`${server.url}${path}`);
      assert.equal(res.status, 200, path);
      sources.set(path, await res.text());
    }
    const ctas = new Map<string, string>();
    for (const [where, text] of sources) for (const query of formQueries(text)) if (!ctas.has(query)) ctas.set(query, where);
    assert.ok([...ctas.keys()].some((q) => q.includes('produto=diagnostico-completo') && q.includes('nota=57')), 'a oferta sob o resultado está entre as chamadas');
    assert.ok([...ctas.keys()].some((q) => new URLSearchParams(q).get('produto') === 'diagnostico-de-visibilidade'), 'a tabela de preços está entre as chamadas');
    assert.ok(ctas.size >= 5, `só ${ctas.size} chamadas encontradas`);

    for (const [query, where] of ctas) {
      const carried = new URLSearchParams(query);
      // A fresh store per lead: the hourly limit per address is not what this test is about.
      services.store = new MemoryStore();
      const page = await fetch(`${server.url}${CONTACT_FORM_PATH}${query}`, { headers: { accept: 'text/html' } });
      assert.equal(page.status, 200, `${where}: ${query}`);
      const fields = formFields(await page.text());
      fields.set('nome', 'Pessoa da Chamada');
      fields.set('email', 'pessoa@exemplo.com.br');
      fields.set('mensagem', `Vim de ${where}.`);
      fields.set('consentimento', 'sim');
      const before = receiver.received.length;
      const sent = await fetch(`${server.url}${CONTACT_FORM_PATH}`, {
        method: 'POST',
        headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
        body: fields.toString(),
      });
      assert.equal(sent.status, 200, `${where}: ${query}`);
      await receiver.waitFor(before + 1);
      const payload = receiver.received.at(-1)!;
      const label = `${where} → ${query || '(sem pré-preenchimento)'}`;
      assert.equal(payload.produto, carried.has('produto') ? expectedSubject(carried.get('produto')!) : null, `${label}: produto`);
      assert.equal(payload.site, carried.get('site') ?? null, `${label}: site`);
      assert.equal(payload.nota, carried.has('nota') ? Number(carried.get('nota')) : null, `${label}: nota`);
      if (carried.has('produto')) assert.match(String(payload.text), /^Assunto: .+\(.+\)$/m, `${label}: o assunto nomeado no resumo`);
    }
  });
});

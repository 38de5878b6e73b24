/**
 * The result page for people (`/diagnostico-de-visibilidade-cognitiva/resultado/<dominio>`), through the real
 * local server: the recorded reading in the site's layout, its markdown twin, `noindex`, the share link, "medir de
 * novo", the offer (WhatsApp only with CONTACT_WHATSAPP), the 404 that offers a measurement, one address per
 * domain, storage down, and `?site=` on the measurement page leading here.
 */
import { PAID_DIAGNOSTIC } from '../../src/model/offer.ts';
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { loadConfig } from '../../functions/config.ts';
import type { Envelope } from '../../src/model/reading.ts';
import { saveReading } from '../../functions/readiness/readings.ts';
import { whatsappHref } from '../../functions/readiness/result-page.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import { type Store, StoreUnavailableError } from '../../functions/store/types.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { resetServices, testServices } from '../helpers/services.ts';

const services = testServices();
let server: LocalServer;
const PAGE = '/diagnostico-de-visibilidade-cognitiva/resultado/';

const reading: Envelope = {
  dominio: 'exemplo.com.br',
  estado: 'registrada',
  nota: 42,
  grau: 'D',
  camadas: [{ id: 'acesso', nome: 'Acesso de robôs', nota: 42, verificacoes: [{ id: 'robots', nome: 'robots.txt', status: 'falhou', peso: 4, pontos: 0, detalhe: 'O robots.txt bloqueia o GPTBot.' }] }],
  lacunas: [{ verificacao: 'robots', camada: 'acesso', severidade: 'alta', titulo: 'Robôs de IA bloqueados', porque: 'Sem acesso, o site não é citado.', comoCorrigir: 'Libere o GPTBot no robots.txt.' }],
  medidoEm: '2026-05-04T12:00:00.000Z',
};

async function use(env: Record<string, string> = {}, store: Store = new MemoryStore()): Promise<void> {
  resetServices(services, { config: loadConfig({ ...process.env, SITE_URL: server.url, ...env }), store });
}

before(async () => {
  server = await startLocalServer({ port: 0, services });
});
after(async () => {
  resetServices(services);
  await server.close();
});
beforeEach(async () => {
  await use();
  await saveReading(services.store, reading);
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers, redirect: 'manual' });

describe('result page for people', () => {
  test('the recorded reading, server-rendered: grade, layers, checks, lacunas, date; noindex; no API addresses', async () => {
    const res = await get(`${PAGE}exemplo.com.br`, { accept: 'text/html' });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    assert.equal(res.headers.get('x-robots-tag'), 'noindex');
    const html = await res.text();
    assert.match(html, /<meta name="robots" content="noindex">/);
    assert.match(html, /<h1>Medição de exemplo\.com\.br<\/h1>/);
    assert.match(html, /Nota 42 de 100<\/strong>, grau <strong>D<\/strong>/);
    assert.match(html, /Acesso de robôs/);
    assert.match(html, /O robots\.txt bloqueia o GPTBot\./);
    assert.match(html, /Robôs de IA bloqueados[\s\S]*Por que importa:[\s\S]*Como corrigir:<\/strong> Libere o GPTBot/);
    assert.match(html, /Medido em 4 de maio de 2026/);
    // The page's own address as a plain link, and the progressive "copiar link" button (hidden until /medicao.js runs).
    assert.match(html, new RegExp(`<a href="${server.url}${PAGE}exemplo\\.com\\.br" data-link-resultado>`));
    assert.match(html, /<button class="btn ghost" type="button" data-copiar="[^"]+" hidden>Copiar link<\/button>/);
    assert.match(html, /<script type="module" src="\/medicao\.js"><\/script>/);
    // "Medir de novo": a POST to the measurement (its limits apply there).
    assert.match(html, /<form class="panel medicao-form medicao-de-novo" method="post" action="\/api\/ia\/medicao">[\s\S]*?name="site" value="exemplo\.com\.br"[\s\S]*?Medir de novo/);
    // The offer, pre-filled with the domain and the grade; no WhatsApp without CONTACT_WHATSAPP.
    assert.match(html, /R\$\s2\.900,00 por domínio<\/strong>, entregue em 10 dias úteis/);
    assert.match(html, /href="\/contato\/formulario\?produto=diagnostico-completo&amp;site=exemplo\.com\.br&amp;nota=42#formulario"/);
    assert.doesNotMatch(html, /wa\.me/);
    assert.doesNotMatch(html, /\/api\/ia\/leitura|\/api\/v1\/|prontidao\.read|\(sem token\)/);
  });

  test('WhatsApp when CONTACT_WHATSAPP is set: wa.me with a pre-filled message naming the domain and grade', async () => {
    await use({ CONTACT_WHATSAPP: '+55 (11) 98765-4321' });
    await saveReading(services.store, reading);
    const html = await (await get(`${PAGE}exemplo.com.br`)).text();
    const href = whatsappHref('5511987654321', PAID_DIAGNOSTIC.nome, 'exemplo.com.br', 'D');
    assert.ok(html.includes(`href="${href}"`), 'the wa.me link');
    assert.equal(new URL(href).searchParams.get('text'), `Olá! Quero conversar sobre o ${PAID_DIAGNOSTIC.nome} para exemplo.com.br (grau D na medição gratuita).`);
    assert.equal(new URL(href).pathname, '/5511987654321');
  });

  test('markdown twin: the .md address and Accept: text/markdown', async () => {
    for (const [path, headers] of [[`${PAGE}exemplo.com.br.md`, {}], [`${PAGE}exemplo.com.br`, { accept: 'text/markdown' }]] as const) {
      const res = await get(path, headers);
      assert.equal(res.status, 200, path);
      assert.match(res.headers.get('content-type') ?? '', /^text\/markdown/);
      assert.equal(res.headers.get('x-robots-tag'), 'noindex');
      const md = await res.text();
      assert.match(md, /^# Medição de exemplo\.com\.br\n/);
      assert.match(md, /Nota \*\*42 de 100\*\*, grau \*\*D\*\*/);
      assert.match(md, /\*\*Como corrigir:\*\* Libere o GPTBot no robots\.txt\./);
      assert.match(md, /- falhou: \*\*robots\.txt\*\* \(0 de 4\)/);
      assert.ok(md.includes(`## ${PAID_DIAGNOSTIC.nome}`), 'the offer, by the paid diagnostic\'s one name');
    }
  });

  test('a domain never measured: 404 page that offers to measure it (HTML and markdown)', async () => {
    const res = await get(`${PAGE}nunca-medido.com.br`);
    assert.equal(res.status, 404);
    const html = await res.text();
    assert.match(html, /<h1>nunca-medido\.com\.br ainda não foi medido<\/h1>/);
    assert.match(html, /<form class="panel medicao-form medicao-de-novo" method="post" action="\/api\/ia\/medicao">[\s\S]*?value="nunca-medido\.com\.br"[\s\S]*?Medir agora/);
    const md = await get(`${PAGE}nunca-medido.com.br.md`);
    assert.equal(md.status, 404);
    assert.match(await md.text(), /^# nunca-medido\.com\.br ainda não foi medido/);
  });

  test('one address per domain: upper case, www. and pasted URLs redirect; bad domains are a clear 400', async () => {
    const upper = await get(`${PAGE}WWW.Exemplo.com.br`);
    assert.equal(upper.status, 301);
    assert.equal(upper.headers.get('location'), `${PAGE}exemplo.com.br`);
    const twin = await get(`${PAGE}www.exemplo.com.br.md`);
    assert.equal(twin.headers.get('location'), `${PAGE}exemplo.com.br.md`);
    for (const bad of ['%E0%A4%A', 'localhost', 'exemplo', '127.0.0.1']) {
      const res = await get(`${PAGE}${bad}`);
      assert.equal(res.status, 400, bad);
      assert.match(await res.text(), /<h1>Domínio inválido<\/h1>/);
    }
    assert.equal((await fetch(`${server.url}${PAGE}exemplo.com.br`, { method: 'POST' })).status, 405);
  });

  test('storage down: 503 with Retry-After, never 500', async () => {
    const failing = new MemoryStore();
    failing.get = async () => {
      throw new StoreUnavailableError(new Error('down'));
    };
    await use({}, failing);
    const res = await get(`${PAGE}exemplo.com.br`);
    assert.equal(res.status, 503);
    assert.equal(res.headers.get('retry-after'), '30');
    assert.match(await res.text(), /armazenamento das leituras está indisponível/);
  });

  test('?site= on the measurement page leads to the result page', async () => {
    const res = await get('/diagnostico-de-visibilidade-cognitiva?site=https%3A%2F%2Fwww.Exemplo.com.br%2Fx');
    assert.equal(res.status, 302);
    const first = res.headers.get('location') ?? '';
    assert.equal(first, `${PAGE}https%3A%2F%2Fwww.Exemplo.com.br%2Fx`);
    const second = await get(first);
    assert.equal(second.status, 301);
    assert.equal(second.headers.get('location'), `${PAGE}exemplo.com.br`);
    // Without ?site= the page is the static measurement page.
    assert.equal((await get('/diagnostico-de-visibilidade-cognitiva')).status, 200);
  });
});

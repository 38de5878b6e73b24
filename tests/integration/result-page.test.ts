/**
 * The result page for people (`/diagnostico-de-visibilidade-cognitiva/resultado/<dominio>`), through the real
 * local server: the recorded reading in the site's layout, for the buyer first (issue 20: the verdict, the offer beside
 * it, the fixes in plain words, then the developer's section), its markdown twin, `noindex`, the share link, "medir de
 * novo", the offer (WhatsApp only with CONTACT_WHATSAPP), the 404 that offers a measurement, one address per
 * domain, storage down, and `?site=` on the measurement page leading here.
 */
import { PAID_DIAGNOSTIC, SAMPLE_REPORT } from '../../src/model/offer.ts';
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { loadConfig } from '../../functions/config.ts';
import type { Envelope } from '../../src/model/reading.ts';
import { saveReading } from '../../functions/readiness/readings.ts';
import { CHECK_WORDS, verdictFor } from '../../functions/readiness/buyer-words.ts';
import { topFixes } from '../../functions/readiness/priorities.ts';
import { whatsappHref } from '../../functions/readiness/result-page.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import { type Store, StoreUnavailableError } from '../../functions/store/types.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { sampleReading } from '../helpers/readings.ts';
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
    // "Falar no WhatsApp" and "Pedir proposta" as equals: the same button, side by side.
    const actions = html.match(/<p class="medicao-oferta-acoes">([\s\S]*?)<\/p>/)?.[1] ?? '';
    assert.deepEqual([...actions.matchAll(/<a class="([^"]+)" href="[^"]+"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]), [
      ['btn', 'Falar no WhatsApp'],
      ['btn', 'Pedir proposta'],
    ]);
    assert.equal(new URL(href).searchParams.get('text'), `Olá! Quero conversar sobre o ${PAID_DIAGNOSTIC.nome} para exemplo.com.br (grau D na medição gratuita).`);
    assert.equal(new URL(href).pathname, '/5511987654321');
  });

  test('for the buyer first: the verdict and the score, the offer beside them, the fixes in plain words, then the developer', async () => {
    const sample = sampleReading('loja-exemplo.com.br');
    await saveReading(services.store, sample);
    const html = await (await get(`${PAGE}loja-exemplo.com.br`)).text();
    const verdict = verdictFor(sample);
    const at = (needle: string) => {
      const i = html.indexOf(needle);
      assert.ok(i >= 0, `falta: ${needle}`);
      return i;
    };
    // In this order: verdict and score, the offer (price, delivery, the two buttons, the sample report), the history,
    // the fixes, the report by e-mail, the developer's section.
    const order = [
      at(`<h3 class="veredito-titulo">${verdict.titulo}</h3>`),
      at(`<strong>Nota ${sample.nota} de 100</strong>`),
      at(`<p class="veredito">${verdict.texto}</p>`),
      at('<aside class="medicao-oferta panel"'),
      at('entregue em 10 dias úteis'),
      at('>Pedir proposta</a>'),
      at(`<a href="${SAMPLE_REPORT.path}">`),
      at('<section class="historico"'),
      at('<h3 id="resultado-correcoes-titulo">O que corrigir primeiro</h3>'),
      at('<h3 id="relatorio-titulo">Receber o relatório por e-mail</h3>'),
      at('<h3 id="para-o-seu-desenvolvedor-titulo">Para o seu desenvolvedor</h3>'),
    ];
    assert.deepEqual(order, [...order].sort((a, b) => a - b));
    // Three to five fixes, in the buyer's words, each linked to its technical entry below.
    const fixes = topFixes(sample);
    assert.ok(fixes.length >= 3 && fixes.length <= 5);
    const items = [...html.matchAll(/<li class="correcao"><h4>([^<]+)<\/h4><p>([^<]+)<\/p>[\s\S]*?<a href="#(dev-[a-z0-9-]+)">/g)];
    assert.deepEqual(
      items.map((m) => [m[1], m[2], m[3]]),
      fixes.map((f) => [CHECK_WORDS[f.verificacao]!.titulo, CHECK_WORDS[f.verificacao]!.explicacao, `dev-${f.verificacao}`]),
    );
    for (const [, , , anchor] of items) assert.ok(html.includes(`id="${anchor}"`), `the technical entry ${anchor}`);
    // Everything above the developer's section is in the buyer's words: no standard, header or "(s)".
    const buyer = html.slice(html.indexOf('<section class="medicao-resultado"'), html.indexOf('id="para-o-seu-desenvolvedor"'));
    assert.doesNotMatch(buyer.replace(/<[^>]+>/g, ' '), /RFC|Accept:|text\/markdown|\p{L}\((?:s|es)\)|lacuna\(s\)/u);
    // The developer's section has its own shareable link (and a copy button /medicao.js reveals).
    assert.ok(html.includes(`Link desta seção: <a href="${server.url}${PAGE}loja-exemplo.com.br#para-o-seu-desenvolvedor">`));
    assert.match(html, /<button class="btn ghost" type="button" data-copiar="[^"]+#para-o-seu-desenvolvedor" hidden>Copiar o link para o desenvolvedor<\/button>/);
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
      // The buyer's view first (what the grade means, what to fix), then the developer's section, the core of the twin.
      assert.ok(md.includes(`**${verdictFor(reading).titulo}.**`), 'the verdict');
      assert.ok(md.indexOf('## O que corrigir primeiro') < md.indexOf('## Para o seu desenvolvedor'));
      assert.ok(md.indexOf('## Para o seu desenvolvedor') < md.indexOf('### Lacunas e como corrigir'));
      assert.match(md, /\[Pedir proposta\]\(http:\/\/127\.0\.0\.1:\d+\/contato\/formulario\?produto=diagnostico-completo&site=exemplo\.com\.br&nota=42#formulario\)/);
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

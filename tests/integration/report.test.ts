/**
 * "Receber o relatório por e-mail" (issue 20, item 2), through the real local server, a real webhook receiver and a
 * real SMTP receiver on loopback:
 *
 * - the form under a scored result (none under an unscored one);
 * - without JavaScript: a plain form post stores a lead of the contact pipeline carrying the domain, the grade and the
 *   result's address, answers a confirmation page in the site's layout, and the lead reaches the webhook;
 * - with JavaScript (JSON): 201 with the words the page shows;
 * - bad input refused clearly (tests/attacks/report-cases.ts): a 4xx in the contract's JSON, the page saying why beside
 *   the field and keeping what was typed; nothing stored, sent or delivered; a filled honeypot stores nothing;
 * - storage down: 503 with the e-mail address and Retry-After, never a confirmation; the leads' hourly limit (shared
 *   with the contact form): 429;
 * - with SMTP: the report is sent at once (the verdict, the fixes that matter most, the result and its developer
 *   section), at most 3 a day per address; SMTP down: the lead is still stored and the team sends it; the address
 *   is never written to a log;
 * - `npm run contatos` lists a report request with its domain, grade and address;
 * - the result page and the report's pages are valid HTML (Nu checker).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, beforeEach, describe, test } from 'node:test';
import { loadConfig } from '../../functions/config.ts';
import { listLeads, saveLead } from '../../functions/contact/leads.ts';
import { CHECK_WORDS, verdictFor } from '../../functions/readiness/buyer-words.ts';
import type { Envelope } from '../../src/model/reading.ts';
import { topFixes } from '../../functions/readiness/priorities.ts';
import { saveReading } from '../../functions/readiness/readings.ts';
import { confirmationText } from '../../functions/report/handler.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import { SqliteStore } from '../../functions/store/sqlite.ts';
import { StoreUnavailableError } from '../../functions/store/types.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { contactEmail } from '../../src/config/site.ts';
import { resultPath } from '../../src/model/measurement.ts';
import { REPORT_ATTACK_CASES } from '../attacks/report-cases.ts';
import { sampleReading } from '../helpers/readings.ts';
import { resetServices, testServices } from '../helpers/services.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../helpers/smtp.ts';
import { requireVnu, runVnu, VNU_HTML_ALLOWED } from '../helpers/vnu.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook.ts';

const REPORT = '/diagnostico-de-visibilidade-cognitiva/relatorio';
const FORM = 'application/x-www-form-urlencoded';
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const DOMAIN = 'loja-exemplo.com.br';
const EMAIL = 'gerente.de.marketing@loja-exemplo.com.br';

/** Every line the functions log (to prove the address is never written). */
const logged: string[] = [];
for (const method of ['log', 'warn', 'error', 'info'] as const) {
  const original = console[method].bind(console);
  console[method] = (...args: unknown[]) => {
    logged.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : String(a))).join(' '));
    original(...args);
  };
}

const services = testServices();
let server: LocalServer;
let webhook: WebhookReceiver;
let smtp: SmtpReceiver;
let reading: Envelope;

async function use(env: Record<string, string> = {}, store: MemoryStore = new MemoryStore()): Promise<MemoryStore> {
  resetServices(services, { config: loadConfig({ ...process.env, SITE_URL: server.url, CONTACT_WEBHOOK_URL: webhook.url, SMTP_URL: '', ...env }), store });
  await saveReading(store, reading);
  return store;
}

const ask = (fields: Record<string, string>, accept = BROWSER_ACCEPT, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${REPORT}`, { method: 'POST', headers: { 'content-type': FORM, accept, origin: server.url, ...headers }, body: new URLSearchParams(fields).toString() });

/** The first delivery that matches, waiting for deliveries as they arrive (earlier tests' leads may still be on their way). */
async function deliveredWhere(match: (payload: Record<string, unknown>) => boolean, from = 0): Promise<Record<string, unknown>> {
  for (let seen = from; ; seen++) {
    await webhook.waitFor(seen + 1);
    const found = webhook.received.slice(from).find(match);
    if (found) return found;
  }
}

const valid = (extra: Record<string, string> = {}) => ({ email: EMAIL, dominio: DOMAIN, consentimento: 'sim', ...extra });

before(async () => {
  webhook = await startWebhookReceiver();
  smtp = await startSmtpReceiver();
  server = await startLocalServer({ port: 0, services });
  reading = sampleReading(DOMAIN);
});
after(async () => {
  resetServices(services);
  await server?.close();
  await webhook?.close();
  await smtp?.close();
});
beforeEach(() => use());

describe('the report by e-mail, under a result', () => {
  test('offered under a scored result, as a plain form post with e-mail and consent; not under an unscored one', async () => {
    const html = await (await fetch(`${server.url}${resultPath(DOMAIN)}`)).text();
    const form = html.match(/<section class="relatorio panel"[\s\S]*?<\/section>/)?.[0] ?? '';
    assert.match(form, /<h3 id="relatorio-titulo">Receber o relatório por e-mail<\/h3>/);
    assert.match(form, new RegExp(`<form class="relatorio-form" method="post" action="${REPORT}" data-relatorio>`));
    assert.match(form, new RegExp(`<input type="hidden" name="dominio" value="${DOMAIN.replace(/\./g, '\\.')}">`));
    assert.match(form, /<input id="relatorio-email" name="email" type="email"[^>]* required /);
    assert.match(form, /<input type="checkbox" id="relatorio-consentimento" name="consentimento" value="sim" required>/);
    assert.match(form, /<a href="\/privacidade">política de privacidade<\/a> \(LGPD\)/);
    // After the fixes, before the developer's section.
    assert.ok(html.indexOf('O que corrigir primeiro') < html.indexOf('relatorio-titulo') && html.indexOf('relatorio-titulo') < html.indexOf('id="para-o-seu-desenvolvedor"'));

    await saveReading(services.store, { dominio: 'sem-nota.com.br', estado: 'nao_pontuada', nota: null, grau: null, camadas: [], lacunas: [], medidoEm: reading.medidoEm, motivo: 'Desafio anti-robô.' });
    assert.doesNotMatch(await (await fetch(`${server.url}${resultPath('sem-nota.com.br')}`)).text(), /relatorio-form/);
  });

  test('without JavaScript: stored as a lead (domain, grade, the result’s address), a confirmation page in the site’s layout, and the webhook gets it', async () => {
    const before = webhook.received.length;
    const res = await ask(valid());
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    assert.equal(res.headers.get('x-robots-tag'), 'noindex');
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const html = await res.text();
    assert.match(html, /<h1>Pedido recebido<\/h1>/);
    assert.match(html, /<header class="site-header">/, 'in the site’s layout');
    assert.ok(html.includes(confirmationText(DOMAIN, false)), 'the words the page shows');
    assert.match(html, new RegExp(`<a href="${resultPath(DOMAIN)}">Voltar ao resultado de ${DOMAIN}</a>`));
    assert.ok(!html.includes(EMAIL), 'the address is not echoed');

    const { leads } = await listLeads(services.store);
    assert.equal(leads.length, 1);
    const [lead] = leads;
    const address = `${server.url}${resultPath(DOMAIN)}`;
    assert.equal(lead!.tipo, 'relatorio');
    assert.deepEqual(
      { email: lead!.campos.email, site: lead!.campos.site, nota: lead!.campos.nota, grau: lead!.campos.grau, resultado: lead!.campos.resultado },
      { email: EMAIL, site: DOMAIN, nota: reading.nota, grau: reading.grau, resultado: address },
    );

    const payload = await deliveredWhere((p) => p.id === lead!.id, before);
    assert.equal(payload.tipo, 'relatorio');
    assert.equal(payload.email, EMAIL);
    assert.equal(payload.site, DOMAIN);
    assert.equal(payload.nota, reading.nota);
    assert.equal(payload.grau, reading.grau);
    assert.equal(payload.resultado, address);
    assert.match(String(payload.text), /^Pedido de relatório pelo site: /);
    assert.match(String(payload.mensagem), /envie o relatório a esta pessoa/, 'without SMTP, the team is told to send it');
    assert.equal(webhook.headers[webhook.received.indexOf(payload)]!['idempotency-key'], lead!.id);
  });

  test('with JavaScript (JSON): 201 with the words the page shows in place', async () => {
    const res = await ask(valid(), 'application/json');
    assert.equal(res.status, 201);
    assert.deepEqual(await res.json(), { recebido: true, enviadoPorEmail: false, mensagem: confirmationText(DOMAIN, false) });
    assert.equal((await listLeads(services.store)).leads.length, 1);
  });

  test('bad input is refused clearly (attack table): the contract’s JSON, nothing stored (so nothing to deliver)', async () => {
    for (const row of REPORT_ATTACK_CASES) {
      const body = row.bytes ? new Uint8Array(row.bytes) : row.body?.replace('{dominio}', DOMAIN).replace('{big}', 'x'.repeat(9 * 1024));
      const res = await fetch(`${server.url}${REPORT}`, { method: row.method ?? 'POST', headers: { accept: 'application/json', ...row.headers }, body });
      assert.equal(res.status, row.status, row.name);
      const answer = (await res.json()) as { error: string; error_description: string };
      assert.equal(answer.error, row.error, row.name);
      assert.ok(answer.error_description.length > 10, row.name);
      if (row.says) assert.match(answer.error_description, row.says, row.name);
      assert.doesNotMatch(answer.error_description, /\bconsentimento\b|\bdominio\b|campo email/, `${row.name}: sem nomes de campo`);
    }
    assert.deepEqual((await listLeads(services.store)).leads, []);
  });

  test('without JavaScript, a bad e-mail or a missing consent: the page says why beside the field and keeps what was typed', async () => {
    const bad = await ask(valid({ email: 'ana@exemplo' }));
    assert.equal(bad.status, 400);
    const html = await bad.text();
    assert.match(html, /<h1>Confira o e-mail<\/h1>/);
    assert.match(html, /<p class="relatorio-erro" id="relatorio-erro" role="alert">Confira o e-mail: ele precisa ter o formato nome@empresa\.com\.br/);
    assert.match(html, /<input id="relatorio-email"[^>]* value="ana@exemplo" aria-describedby="relatorio-termos relatorio-erro" aria-invalid="true" autofocus>/);
    assert.match(html, /<link rel="stylesheet" href="\/medicao\.css">/);

    const noConsent = await ask({ email: EMAIL, dominio: DOMAIN });
    assert.equal(noConsent.status, 400);
    const page = await noConsent.text();
    assert.match(page, /<h1>Falta a autorização<\/h1>/);
    assert.match(page, /id="relatorio-consentimento"[^>]* aria-describedby="relatorio-erro" aria-invalid="true" autofocus>/);
    assert.ok(page.includes(`value="${EMAIL}"`), 'the address typed is kept');
    assert.deepEqual((await listLeads(services.store)).leads, []);
  });

  test('a filled honeypot gets the usual confirmation, and nothing is stored', async () => {
    const res = await ask(valid({ fax: 'robô' }));
    assert.equal(res.status, 200);
    assert.match(await res.text(), /Pedido recebido/);
    assert.deepEqual((await listLeads(services.store)).leads, []);
  });

  test('storage down: 503 with the e-mail address and Retry-After, never a confirmation, the address kept in the form', async () => {
    const store = new MemoryStore();
    await use({}, store);
    // The reading can be read; the lead cannot be written.
    store.hit = async () => {
      throw new StoreUnavailableError(new Error('fora do ar'));
    };
    const json = await ask(valid(), 'application/json');
    assert.equal(json.status, 503);
    assert.equal(json.headers.get('retry-after'), '60');
    const body = (await json.json()) as { error: string; error_description: string };
    assert.equal(body.error, 'temporarily_unavailable');
    assert.ok(body.error_description.includes(contactEmail()), body.error_description);

    const page = await ask(valid());
    assert.equal(page.status, 503);
    const html = await page.text();
    assert.match(html, /<h1>Pedido não registrado<\/h1>/);
    assert.ok(html.includes(contactEmail()));
    assert.ok(html.includes(`value="${EMAIL}"`));
    assert.doesNotMatch(html, /Pedido recebido|enviamos o relatório/);
    assert.doesNotMatch(html, /aria-invalid/, 'the address is not what is wrong');
    assert.deepEqual((await listLeads(services.store)).leads, [], 'nothing stored, so nothing to deliver');

    // The reading itself cannot be read: the same honest 503.
    store.get = async () => {
      throw new StoreUnavailableError(new Error('fora do ar'));
    };
    assert.equal((await ask(valid(), 'application/json')).status, 503);
  });

  test('the leads’ hourly limit is the contact form’s: 5 per client, then 429 with Retry-After', async () => {
    for (let i = 0; i < 5; i++) assert.equal((await ask(valid({ email: `pessoa${i}@exemplo.com.br` }), 'application/json')).status, 201, `pedido ${i + 1}`);
    const over = await ask(valid(), 'application/json');
    assert.equal(over.status, 429);
    assert.ok(Number(over.headers.get('retry-after')) >= 1);
    const body = (await over.json()) as { error: string; error_description: string };
    assert.equal(body.error, 'rate_limited');
    assert.match(body.error_description, /Tente de novo em cerca de \d+ minutos?/);
    assert.doesNotMatch(body.error_description, /\(s\)/);
    assert.equal((await listLeads(services.store)).leads.length, 5);
  });
});

describe('the report by e-mail, with SMTP', () => {
  test('sent at once: the verdict, the fixes that matter most, the result and its developer section; the lead stored and delivered too', async () => {
    await use({ SMTP_URL: smtp.url, SMTP_FROM: 'Sinal Cognitivo <relatorios@sinalcognitivo.com.br>' });
    const mails = smtp.messages.length;
    const hooks = webhook.received.length;
    const res = await ask(valid(), 'application/json');
    assert.equal(res.status, 201);
    assert.deepEqual(await res.json(), { recebido: true, enviadoPorEmail: true, mensagem: confirmationText(DOMAIN, true) });
    await smtp.waitFor(mails + 1);
    const mail = smtp.messages.at(-1)!;
    assert.deepEqual(mail.to, [EMAIL]);
    assert.equal(mail.subject, `Relatório da medição de ${DOMAIN}: nota ${reading.nota} de 100, grau ${reading.grau}`);
    assert.equal(mail.headers['auto-submitted'], 'auto-replied');
    const verdict = verdictFor(reading);
    assert.ok(mail.text.includes(verdict.texto), 'the verdict');
    for (const fix of topFixes(reading)) {
      assert.ok(mail.text.includes(CHECK_WORDS[fix.verificacao]!.titulo), `the fix ${fix.verificacao}`);
      assert.ok(mail.html.includes(CHECK_WORDS[fix.verificacao]!.titulo), `the fix ${fix.verificacao} (HTML)`);
    }
    assert.ok(mail.text.includes(`${server.url}${resultPath(DOMAIN)}#para-o-seu-desenvolvedor`), 'the developer section');
    assert.match(mail.text, /Pedir proposta: http:\/\/127\.0\.0\.1:\d+\/contato\/formulario\?produto=diagnostico-completo/);
    const [lead] = (await listLeads(services.store)).leads;
    const payload = await deliveredWhere((p) => p.id === lead!.id, hooks);
    assert.match(String(payload.mensagem), /O site envia o relatório por e-mail na hora/);

    const page = await ask(valid());
    assert.match(await page.text(), /<h1>Relatório enviado<\/h1>/);
  });

  test('at most 3 a day to one address (the team sends the 4th); SMTP down: stored, and the team sends it; no address in any log', async () => {
    await use({ SMTP_URL: smtp.url });
    const mails = smtp.messages.length;
    for (let i = 0; i < 3; i++) assert.equal(((await (await ask(valid(), 'application/json')).json()) as { enviadoPorEmail: boolean }).enviadoPorEmail, true);
    const fourth = (await (await ask(valid(), 'application/json')).json()) as { enviadoPorEmail: boolean; mensagem: string };
    assert.equal(fourth.enviadoPorEmail, false);
    assert.match(fourth.mensagem, /a equipe envia o relatório/);
    await smtp.waitFor(mails + 3);
    assert.equal(smtp.messages.length, mails + 3);
    assert.equal((await listLeads(services.store)).leads.length, 4, 'every request is a lead');

    logged.length = 0;
    await use({ SMTP_URL: 'smtp://127.0.0.1:9' });
    const down = await ask(valid(), 'application/json');
    assert.equal(down.status, 201);
    assert.equal(((await down.json()) as { enviadoPorEmail: boolean }).enviadoPorEmail, false);
    assert.equal((await listLeads(services.store)).leads.length, 1);
    assert.ok(logged.some((l) => /\[relatorio\] nº 1: o relatório não foi enviado/.test(l)), logged.join('\n'));
    assert.ok(!logged.some((l) => l.includes(EMAIL)), 'the address is never logged');
  });
});

describe('`npm run contatos`', () => {
  test('lists a report request with its domain, grade and the result’s address', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'contatos-'));
    try {
      const file = new SqliteStore({ dir });
      const address = `https://sinal.exemplo.com.br${resultPath(DOMAIN)}`;
      await saveLead(file, Date.now, { nome: '', email: EMAIL, empresa: '', site: DOMAIN, mensagem: 'Pediu o relatório.', nota: 27, produto: '', grau: 'F', resultado: address }, 'relatorio');
      file.close();
      const run = spawn(process.execPath, [fileURLToPath(new URL('../../scripts/contatos.ts', import.meta.url))], {
        env: { ...process.env, DATA_DIR: dir, UPSTASH_REDIS_REST_URL: '', UPSTASH_REDIS_REST_TOKEN: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let listed = '';
      run.stdout.on('data', (d: Buffer) => (listed += d));
      assert.equal(await new Promise((resolve) => run.once('exit', resolve)), 0);
      assert.ok(listed.includes(`<${EMAIL}>`), listed);
      assert.ok(listed.includes(`pediu o relatório de ${DOMAIN} (nota 27, grau F): ${address}`), listed);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the result page and the report’s pages pass the Nu checker', { skip: requireVnu() }, () => {
  test('a realistic result (the offer, the fixes, the report form, the developer section), the confirmation and the refusal', async () => {
    await use({ CONTACT_WHATSAPP: '5511987654321', SMTP_URL: 'smtp://127.0.0.1:9' });
    const dir = mkdtempSync(join(tmpdir(), 'relatorio-'));
    try {
      const pages: [string, Promise<Response>][] = [
        ['resultado.html', fetch(`${server.url}${resultPath(DOMAIN)}`)],
        ['recusa.html', ask(valid({ email: 'ana@exemplo' }))],
        ['confirmacao.html', ask(valid())],
      ];
      const files: string[] = [];
      for (const [name, response] of pages) {
        const file = join(dir, name);
        writeFileSync(file, await (await response).text());
        files.push(file);
      }
      const errors = runVnu(['--errors-only', ...files], 60_000).filter((m) => m.type !== 'info' && !VNU_HTML_ALLOWED.some((a) => a.pattern.test(m.message)));
      assert.deepEqual(errors.map((m) => `${m.url}:${m.lastLine}: ${m.message}`), []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

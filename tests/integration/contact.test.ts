/**
 * The contact form end to end: the local server, the real Upstash client against a real Redis (REST bridge of
 * tests/helpers/redis.ts) and a real webhook receiver on loopback (tests/helpers/webhook.ts).
 *
 * - the form page (prefilled by the query, in the site's look) and the static /contato with the same form;
 * - a valid post is stored, confirmed and delivered as JSON (fields and time, no address);
 * - the attack table (tests/attacks/contact-cases.ts): clear 4xx, nothing stored, nothing delivered;
 * - a receiver that fails first and recovers; a receiver that is down and comes back (the retry worker:
 *   the Netlify scheduled job and the local timer), with `npm run contatos` showing pending, then delivered;
 * - Redis frozen: an honest 503 with the e-mail address and the values kept, never a confirmation;
 * - the per-address limit, the honeypot, and the file store of `npm start` surviving a restart.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { MAX_DELIVERY_ATTEMPTS, RETRY_DELAYS_SECONDS, WEBHOOK_TIMEOUT_MS } from '../../functions/contact/delivery.ts';
import { app } from '../../functions/app.ts';
import { getLead, lastSeq, leadKey, saveLead } from '../../functions/contact/leads.ts';
import { startRetryTimer } from '../../functions/contact/retry.ts';
import retryContacts from '../../functions/contact/scheduled.ts';
import { clientKey } from '../../functions/limits/rate-limit.ts';
import type { Services } from '../../functions/context.ts';
import { testContext, testServices } from '../helpers/services.ts';
import { UpstashStore } from '../../functions/store/upstash.ts';
import { contactEmail } from '../../src/config/site.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { CONTACT_ATTACK_CASES } from '../attacks/contact-cases.ts';
import { WEBHOOK_TEXT_CASES, type WebhookTextCase } from '../attacks/webhook-text-cases.ts';
import { LOCAL_START_ENV, runContatos, startServer } from '../helpers/local-start.ts';
import { type RedisBridge, redisUnavailable, startRedisBridge } from '../helpers/redis.ts';
import { recordingStore } from '../helpers/stores.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook.ts';

const skip = redisUnavailable();
const FORM = 'application/x-www-form-urlencoded';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function eventually(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 8_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`não aconteceu em ${timeoutMs} ms: ${what}`);
    await sleep(25);
  }
}

const body = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const lead = (nome: string, extra: Record<string, string> = {}) =>
  body({ nome, email: `${nome.toLowerCase().replace(/\W+/g, '.')}@exemplo.com.br`, empresa: 'Exemplo Ltda', mensagem: `Olá, sou ${nome}.\nQuero uma proposta.`, consentimento: 'sim', ...extra });

/** Runs `npm run contatos` (the script itself, with this test's store in the environment). */
const contatos = (env: Record<string, string>, args: string[] = []) => runContatos(env, args);

/** The paragraph of one lead in the script's output. */
const entryOf = (output: string, nome: string): string => output.split('\n\n').find((block) => block.includes(nome)) ?? '';

describe('contact form', { skip }, () => {
  let bridge: RedisBridge;
  let receiver: WebhookReceiver;
  let server: LocalServer;
  let services: Services;
  let clock = Date.now();
  let env: Record<string, string>;

  before(async () => {
    bridge = await startRedisBridge();
    receiver = await startWebhookReceiver();
    env = { UPSTASH_REDIS_REST_URL: bridge.url, UPSTASH_REDIS_REST_TOKEN: bridge.token, CONTACT_WEBHOOK_URL: receiver.url };
    services = testServices(
      { ...env, AGENT_JWT_SECRET: 'segredo-de-teste-do-contato-0123456789' },
      // A live Redis behind the bridge can take a while on a loaded machine; the frozen-Redis test swaps in a store
      // that gives up sooner.
      { store: new UpstashStore({ url: bridge.url, token: bridge.token, timeoutMs: 3_000 }), now: () => clock },
    );
    server = await startLocalServer({ services });
  });
  after(async () => {
    await server?.close();
    await receiver?.close();
    await bridge?.stop();
  });
  beforeEach(async () => {
    // Every request of the local server comes from loopback: its hourly limit starts afresh in each test.
    for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '::1']) await services.store.delete(`contato:visitante:${clientKey(services, address)}`);
  });

  const post = (payload: string, headers: Record<string, string> = {}, method = 'POST') =>
    fetch(`${server.url}/contato/formulario`, { method, headers: { accept: 'text/html', 'content-type': FORM, ...headers }, body: payload });

  test('the form page: prefilled by ?site=, ?nota=, ?produto=, in the site look, not indexed; /contato has the same form', async () => {
    const res = await fetch(`${server.url}/contato/formulario?site=exemplo.com.br&nota=62&produto=seo-local`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    assert.equal(res.headers.get('x-robots-tag'), 'noindex');
    assert.match(res.headers.get('content-security-policy') ?? '', /form-action 'self'/);
    const html = await res.text();
    assert.match(html, /<html lang="pt-BR">/);
    assert.match(html, /class="site-header"/);
    assert.match(html, /class="site-footer"/);
    assert.match(html, /<link rel="stylesheet" href="\/_astro\/[^"]+\.css"/);
    assert.match(html, /"@id":"http:\/\/localhost:8890\/#organizacao"/, 'the origin of the configuration, not a placeholder');
    assert.doesNotMatch(html, /origem\.invalid/);
    assert.match(html, /<input id="contato-site" name="site"[^>]* value="exemplo\.com\.br"/);
    assert.match(html, /<input type="hidden" name="nota" value="62">/);
    assert.match(html, /<input type="hidden" name="produto" value="seo-local">/);
    assert.match(html, /Assunto: <strong>SEO local/);
    assert.match(html, /<a href="\/privacidade">política de privacidade<\/a>/);
    assert.doesNotMatch(html, /autofocus/, 'no error, no focus moved');

    const page = await (await fetch(`${server.url}/contato`)).text();
    assert.match(page, /<form class="contato-form" method="post" action="\/contato\/formulario">/);
    assert.match(page, /name="consentimento" value="sim" required/);
    assert.match(page, /href="mailto:[^"]+"/, 'the e-mail stays as a fallback beside the form');

    const solution = await (await fetch(`${server.url}/solucoes/seo-local`)).text();
    assert.match(solution, /<a class="btn" href="\/contato\/formulario\?produto=seo-local#formulario">Pedir uma proposta<\/a>/);
    const precos = await (await fetch(`${server.url}/precos`)).text();
    assert.match(precos, /href="\/contato\/formulario#formulario">Pedir uma proposta/);
  });

  test('the markdown twin of /contato says how to contact, with the e-mail', async () => {
    const res = await fetch(`${server.url}/contato`, { headers: { accept: 'text/markdown' } });
    assert.equal(res.status, 200);
    const text = await res.text();
    assert.match(text, /formulário/);
    assert.ok(text.includes(contactEmail()));
    assert.doesNotMatch(text, /<form|<input/);
  });

  test('a valid post is stored, confirmed and delivered as JSON with the fields and the time (no address)', async () => {
    const before = receiver.received.length;
    const res = await post(lead('Ana Souza', { site: 'anasouza.com.br', nota: '62', produto: 'seo-local' }));
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.match(html, /<title>Mensagem recebida \| Sinal Cognitivo<\/title>/);
    assert.match(html, /Obrigado, Ana Souza\. A sua mensagem está registrada/);
    await receiver.waitFor(before + 1);
    const payload = receiver.received.at(-1)!;
    assert.equal(payload.tipo, 'contato');
    assert.equal(payload.nome, 'Ana Souza');
    assert.equal(payload.email, 'ana.souza@exemplo.com.br');
    assert.equal(payload.empresa, 'Exemplo Ltda');
    assert.equal(payload.site, 'anasouza.com.br');
    assert.equal(payload.mensagem, 'Olá, sou Ana Souza.\nQuero uma proposta.');
    assert.equal(payload.nota, 62);
    assert.equal(payload.produto, 'seo-local');
    assert.equal(payload.recebidoEm, new Date(clock).toISOString());
    assert.match(String(payload.id), /^contato-\d+-/);
    // Slack's summary: `<` and `>` are its control characters, sent as entities (Slack shows them as < and >).
    assert.match(String(payload.text), /^Novo contato pelo site: Ana Souza &lt;ana\.souza@exemplo\.com\.br&gt;$/m);
    const serialized = JSON.stringify(payload);
    for (const address of ['127.0.0.1', clientKey(services, '127.0.0.1'), clientKey(services, '::ffff:127.0.0.1')]) assert.ok(!serialized.includes(address), `sem ${address}`);
    const stored = await getLead(services.store, await lastSeq(services.store));
    assert.equal(stored?.entrega.estado, 'entregue');
  });

  test('a client that does not ask for HTML gets JSON: 201 on success', async () => {
    const res = await post(lead('Bruno Lima'), { accept: 'application/json' });
    assert.equal(res.status, 201);
    assert.deepEqual(await res.json(), { recebido: true });
  });

  test('bad input: a clear 4xx with the contract error, nothing stored, nothing delivered', async () => {
    const seq = await lastSeq(services.store);
    const calls = receiver.calls();
    for (const c of CONTACT_ATTACK_CASES) {
      const payload: BodyInit | undefined = c.bytes ? Buffer.from(c.bytes) : c.body?.replace('{big}', 'x'.repeat(60 * 1024));
      const res = await fetch(`${server.url}/contato/formulario`, { method: c.method ?? 'POST', headers: { accept: 'application/json', ...c.headers }, body: payload });
      assert.equal(res.status, c.status, c.name);
      const json = (await res.json()) as { error: string; error_description: string };
      assert.equal(json.error, c.error, c.name);
      assert.match(json.error_description, /[a-zà-ú]/, c.name);
      if (c.says) assert.match(json.error_description, c.says, c.name);
      assert.doesNotMatch(json.error_description, /at .*\.ts:\d+/, c.name);
    }
    // Only a stored lead is ever delivered: none was stored, so none is queued, and none reached the receiver.
    assert.equal(await lastSeq(services.store), seq, 'nada registrado');
    assert.equal(receiver.calls(), calls, 'nada entregue');
  });

  test('errors re-render the form in pt-BR: values kept, summary with links, aria-invalid, focus on the first error', async () => {
    const res = await post(body({ nome: 'Carla', email: 'carla@', empresa: 'Café & Cia', mensagem: '', consentimento: 'sim' }));
    assert.equal(res.status, 400);
    const html = await res.text();
    assert.match(html, /<title>Confira o formulário \| Sinal Cognitivo<\/title>/);
    assert.match(html, /<div class="contato-resumo" role="alert"[^>]*><h3[^>]*>Falta corrigir 2 campos<\/h3><ul><li><a href="#contato-email">Confira o e-mail/);
    assert.match(html, /<li><a href="#contato-mensagem">Escreva a sua mensagem/);
    assert.match(html, /<input id="contato-email" name="email" aria-invalid="true" aria-describedby="contato-email-erro" autofocus[^>]* value="carla@"/);
    assert.match(html, /<textarea id="contato-mensagem" name="mensagem" aria-invalid="true" aria-describedby="contato-mensagem-erro contato-mensagem-ajuda"/);
    assert.match(html, /<input id="contato-nome" name="nome" type="text"[^>]* value="Carla"/);
    assert.match(html, /value="Café &amp; Cia"/);
    assert.match(html, /name="consentimento" value="sim" required checked/);
    assert.equal(html.match(/autofocus/g)?.length, 1);
    assert.doesNotMatch(html, /Mensagem recebida/);
  });

  test('a filled honeypot gets the usual confirmation, and nothing is stored or delivered', async () => {
    const seq = await lastSeq(services.store);
    const calls = receiver.calls();
    const res = await post(lead('Robô', { fax: 'http://spam.example' }));
    assert.equal(res.status, 200);
    assert.match(await res.text(), /Mensagem recebida/);
    // Only a stored lead is ever delivered: none was stored, so none is queued, and none reached the receiver.
    assert.equal(await lastSeq(services.store), seq);
    assert.equal(receiver.calls(), calls);
  });

  test('a receiver that fails first and recovers: the lead stays pending, the scheduled job delivers it', async () => {
    const before = receiver.received.length;
    receiver.failNext(1);
    const calls = receiver.calls();
    assert.equal((await post(lead('Daniel Reis'))).status, 200);
    const seq = await lastSeq(services.store);
    await eventually(async () => (await getLead(services.store, seq))?.entrega.tentativas === 1, 'primeira tentativa registrada');
    assert.equal(receiver.calls(), calls + 1);
    const pending = (await getLead(services.store, seq))!;
    assert.equal(pending.entrega.estado, 'pendente');
    assert.equal(pending.entrega.ultimoErro, 'HTTP 500');
    assert.equal(Date.parse(pending.entrega.proximaTentativaEm!) - clock, RETRY_DELAYS_SECONDS[0] * 1000, 'first retry 15 s later (within 30 s)');
    // Not due yet: the job leaves it alone.
    await retryContacts(services);
    assert.equal(receiver.received.length, before);
    clock += RETRY_DELAYS_SECONDS[0] * 1000;
    await retryContacts(services);
    assert.equal(receiver.received.length, before + 1);
    assert.equal(receiver.received.at(-1)!.nome, 'Daniel Reis');
    const delivered = (await getLead(services.store, seq))!;
    assert.equal(delivered.entrega.estado, 'entregue');
    assert.equal(delivered.entrega.tentativas, 2);
  });

  test('a lead posted while the receiver is down arrives when it comes back (local timer); npm run contatos shows both states', async () => {
    await receiver.down();
    try {
      assert.equal((await post(lead('Elisa Prado'))).status, 200, 'stored and confirmed: the receiver is not the visitor’s problem');
      const seq = await lastSeq(services.store);
      await eventually(async () => (await getLead(services.store, seq))?.entrega.tentativas === 1, 'tentativa com o receptor fora do ar');
      const listed = await contatos(env);
      assert.equal(listed.code, 0, listed.stderr);
      const entry = entryOf(listed.stdout, 'Elisa Prado');
      assert.match(entry, new RegExp(`nº ${seq} .*Elisa Prado <elisa\\.prado@exemplo\\.com\\.br>`));
      assert.match(entry, /entrega: pendente: 1 tentativa\(s\), último erro: falha de rede/);
      assert.match(entryOf(listed.stdout, 'Ana Souza'), /entrega: entregue em /);
      assert.match(listed.stdout, /contato\(s\) em Upstash \(127\.0\.0\.1:\d+\); [1-9]\d* pendente\(s\) de entrega\./);
      assert.doesNotMatch(listed.stdout, /Quero uma proposta/, 'the message itself is not printed');
    } finally {
      await receiver.up();
    }
    const before = receiver.received.length;
    // The timer reads through a recording store: a pass that starts again with its first read means the pass before
    // it has finished (passes never overlap), having looked at the pending lead and left it alone.
    const reads: string[] = [];
    const stop = startRetryTimer({ ...services, store: recordingStore(services.store, reads) }, 50);
    try {
      await eventually(() => reads.length > 0 && reads.lastIndexOf(reads[0]!) > 0, 'uma passada completa do temporizador');
      assert.equal(receiver.received.length, before, 'not before its time');
      clock += RETRY_DELAYS_SECONDS[0] * 1000;
      await receiver.waitFor(before + 1);
    } finally {
      stop();
    }
    assert.equal(receiver.received.at(-1)!.nome, 'Elisa Prado');
    const listed = await contatos(env);
    assert.match(entryOf(listed.stdout, 'Elisa Prado'), /entrega: entregue em .* \(2 tentativa\(s\)\)/);
  });

  test('Redis frozen: an honest 503 with the e-mail address and the values kept, never a confirmation; nothing listed', async () => {
    const seq = await lastSeq(services.store);
    const live = services.store;
    services.store = new UpstashStore({ url: bridge.url, token: bridge.token, timeoutMs: 500 });
    bridge.pauseRedis();
    try {
      const res = await post(lead('Fábio Nunes'));
      assert.equal(res.status, 503);
      assert.ok(Number(res.headers.get('retry-after')) > 0);
      const html = await res.text();
      assert.match(html, /<div class="contato-aviso" role="alert"><h3>A mensagem não foi enviada<\/h3>/);
      assert.ok(html.includes(`href="mailto:${contactEmail()}"`));
      assert.match(html, /value="Fábio Nunes"/);
      assert.match(html, /Quero uma proposta\.<\/textarea>/);
      assert.doesNotMatch(html, /Mensagem recebida|Obrigado/);
      const json = await post(lead('Fábio Nunes'), { accept: 'application/json' });
      assert.equal(json.status, 503);
      const error = (await json.json()) as { error: string; error_description: string };
      assert.equal(error.error, 'temporarily_unavailable');
      assert.ok(error.error_description.includes(contactEmail()));
    } finally {
      bridge.resumeRedis();
      services.store = live;
    }
    // A write the client gave up on may still land when Redis wakes up: wait until Redis has answered everything
    // the bridge passed on.
    await bridge.drain();
    const listed = await contatos(env);
    assert.equal(listed.code, 0, listed.stderr);
    assert.doesNotMatch(listed.stdout, /Fábio Nunes/);
    assert.ok(await lastSeq(services.store) >= seq);
  });

  test('npm run contatos says so when the store cannot be read', async () => {
    const listed = await contatos({ ...env, UPSTASH_REDIS_REST_URL: 'http://127.0.0.1:9' });
    assert.equal(listed.code, 1);
    assert.match(listed.stderr, /Não foi possível ler os contatos em Upstash/);
  });

  test('5 leads per address per hour; the 6th gets 429 with Retry-After and the values kept', async () => {
    const context = testContext(services, '203.0.113.77');
    const send = (nome: string) =>
      app.fetch(new Request(`${services.config.origin}/contato/formulario`, { method: 'POST', headers: { accept: 'text/html', 'content-type': FORM }, body: lead(nome) }), context);
    for (let i = 1; i <= 5; i++) assert.equal((await send(`Pessoa ${i}`)).status, 200);
    const limited = await send('Pessoa 6');
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
    const html = await limited.text();
    assert.match(html, /Limite de mensagens atingido/);
    assert.match(html, /value="Pessoa 6"/);
    // Another address is not affected.
    const other = await app.fetch(new Request(`${services.config.origin}/contato/formulario`, { method: 'POST', headers: { 'content-type': FORM }, body: lead('Outra Pessoa') }), testContext(services, '203.0.113.78'));
    assert.equal(other.status, 201);
  });

  test('hostile text reaches the webhook inert: chat summaries escaped, mentions off, one line per field; raw values in the JSON fields', async () => {
    const before = receiver.received.length;
    const joined = (field: WebhookTextCase['field']) => WEBHOOK_TEXT_CASES.filter((c) => c.field === field).map((c) => c.value).join(' ');
    const res = await post(body({ nome: joined('nome'), email: 'hostil@exemplo.com.br', empresa: joined('empresa'), site: joined('site'), mensagem: joined('mensagem'), consentimento: 'sim' }));
    assert.equal(res.status, 200);
    await receiver.waitFor(before + 1);
    const payload = receiver.received.at(-1)!;
    const stored = (await getLead(services.store, await lastSeq(services.store)))!;
    for (const field of ['nome', 'empresa', 'site', 'mensagem'] as const) assert.equal(payload[field], stored.campos[field], `${field} cru no JSON`);
    assert.deepEqual(payload.allowed_mentions, { parse: [] });
    for (const c of WEBHOOK_TEXT_CASES) {
      for (const [app, summary] of [['slack', String(payload.text)], ['discord', String(payload.content)]] as const) {
        if (c.app && c.app !== app) continue;
        for (const fragment of c.live) assert.ok(!summary.includes(fragment), `${c.name} (${app}): sobrou ${JSON.stringify(fragment)}`);
      }
    }
    assert.equal(receiver.headers.at(-1)!['idempotency-key'], payload.id, 'the lead id as Idempotency-Key');
  });

  test('C1 controls and bidi overrides never reach the webhook nor the terminal of npm run contatos', async () => {
    const before = receiver.received.length;
    const res = await post(body({ nome: 'Hugo\u202eoãm\u202c Alves\u0085', email: 'hugo.alves@exemplo.com.br', empresa: 'Al\u2066ves\u2069 \u009b31mLtda', mensagem: 'Olá\u202e!\nTchau\u0080', consentimento: 'sim' }));
    assert.equal(res.status, 200);
    await receiver.waitFor(before + 1);
    const payload = receiver.received.at(-1)!;
    assert.equal(payload.nome, 'Hugooãm Alves');
    assert.doesNotMatch(JSON.stringify(payload), /[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/);
    // A lead stored before this rule (written straight to the store) is still shown inert.
    await saveLead(services.store, () => clock, { nome: 'Iara\u202eodnuM\u202c', email: 'iara@exemplo.com.br', empresa: '\u001b[31mVermelho\u009b0m', site: '', mensagem: 'oi', nota: null, produto: '' });
    const listed = await contatos(env);
    assert.equal(listed.code, 0, listed.stderr);
    assert.doesNotMatch(listed.stdout, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    assert.match(listed.stdout, /Hugooãm Alves <hugo\.alves@exemplo\.com\.br>/);
    assert.match(listed.stdout, /Iara\\u\{202E\}odnuM\\u\{202C\} <iara@exemplo\.com\.br>  \(\\u\{001B\}\[31mVermelho\\u\{009B\}0m\)/);
    await retryContacts(services); // delivers the lead written straight to the store (no other test waits for it)
  });

  test('a slow receiver (answers after 6 s) gets the lead once: no timeout, no retry, no duplicate', async () => {
    receiver.answerAfter(6_000);
    try {
      assert.equal((await post(lead('Júlia Reis'))).status, 200);
      const seq = await lastSeq(services.store);
      const { id } = (await getLead(services.store, seq))!;
      await eventually(async () => (await getLead(services.store, seq))?.entrega.estado === 'entregue', 'entregue depois de 6 s', 12_000);
      clock += 24 * 3600 * 1000;
      await retryContacts(services);
      // The receiver records each call when it arrives: one call for this lead, with its id as Idempotency-Key.
      const calls = receiver.received.filter((p) => p.id === id);
      assert.equal(calls.length, 1, 'uma única chamada');
      assert.equal(calls[0]!.nome, 'Júlia Reis');
      assert.equal(receiver.headers[receiver.received.indexOf(calls[0]!)]!['idempotency-key'], id);
      assert.equal((await getLead(services.store, seq))!.entrega.tentativas, 1);
      assert.ok(WEBHOOK_TIMEOUT_MS >= 15_000, `o tempo de espera documentado (${WEBHOOK_TIMEOUT_MS} ms) cobre um receptor lento`);
    } finally {
      receiver.answerAfter(0);
    }
  });

  test('a receiver that keeps failing: attempts stop at the cap, the lead stays pending and npm run contatos shows the failures and the last error', async () => {
    receiver.failNext(10_000);
    try {
      assert.equal((await post(lead('Karina Luz'))).status, 200);
      const seq = await lastSeq(services.store);
      await eventually(async () => (await getLead(services.store, seq))?.entrega.tentativas === 1, 'primeira tentativa');
      for (let round = 0; round < MAX_DELIVERY_ATTEMPTS + 5; round++) {
        const next = (await getLead(services.store, seq))!.entrega.proximaTentativaEm;
        if (next === null) break;
        clock = Math.max(clock, Date.parse(next));
        await retryContacts(services);
      }
      const stopped = (await getLead(services.store, seq))!;
      assert.equal(stopped.entrega.estado, 'pendente');
      assert.equal(stopped.entrega.tentativas, MAX_DELIVERY_ATTEMPTS);
      assert.equal(stopped.entrega.proximaTentativaEm, null);
      assert.equal(stopped.entrega.ultimoErro, 'HTTP 500');
      // Days later, nothing more is tried.
      clock += 30 * 24 * 3600 * 1000;
      await retryContacts(services);
      assert.equal((await getLead(services.store, seq))!.entrega.tentativas, MAX_DELIVERY_ATTEMPTS);
      const listed = await contatos(env);
      assert.equal(listed.code, 0, listed.stderr);
      assert.match(entryOf(listed.stdout, 'Karina Luz'), new RegExp(`entrega: pendente, entrega suspensa depois de ${MAX_DELIVERY_ATTEMPTS} tentativa\\(s\\), último erro: HTTP 500`));
    } finally {
      receiver.failNext(0);
    }
  });

  test('a damaged lead record is set aside and reported by its key; the others are delivered and listed', async (t) => {
    const errors = t.mock.method(console, 'error', () => {});
    const before = receiver.received.length;
    const first = await saveLead(services.store, () => clock, { nome: 'Lia Antes', email: 'lia@exemplo.com.br', empresa: '', site: '', mensagem: 'oi', nota: null, produto: '' });
    const broken = await saveLead(services.store, () => clock, { nome: 'Quebrado', email: 'q@exemplo.com.br', empresa: '', site: '', mensagem: 'oi', nota: null, produto: '' });
    const wrongShape = await saveLead(services.store, () => clock, { nome: 'Sem Forma', email: 's@exemplo.com.br', empresa: '', site: '', mensagem: 'oi', nota: null, produto: '' });
    const last = await saveLead(services.store, () => clock, { nome: 'Mara Depois', email: 'mara@exemplo.com.br', empresa: '', site: '', mensagem: 'oi', nota: null, produto: '' });
    await bridge.command(['SET', `sc:${leadKey(broken.seq)}`, '{"seq": 2, "campos": {"nome": "Quebr']);
    await bridge.command(['SET', `sc:${leadKey(wrongShape.seq)}`, JSON.stringify({ seq: wrongShape.seq, oi: 'não sou um contato' })]);
    await retryContacts(services);
    assert.deepEqual(new Set(receiver.received.slice(before).map((p) => p.nome)), new Set(['Lia Antes', 'Mara Depois']));
    for (const seq of [first.seq, last.seq]) assert.equal((await getLead(services.store, seq))!.entrega.estado, 'entregue');
    const logged = errors.mock.calls.map((c) => String(c.arguments[0]));
    for (const key of [leadKey(broken.seq), leadKey(wrongShape.seq)]) assert.equal(logged.filter((l) => l.includes(`${key} `)).length, 1, `${key} relatado uma vez`);
    await retryContacts(services);
    assert.equal(errors.mock.calls.length, logged.length, 'relatado só uma vez');
    const listed = await contatos(env);
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout, new RegExp(`registro danificado, posto de lado: ${leadKey(broken.seq)} \\(o valor guardado não é JSON legível\\)`));
    assert.match(listed.stdout, new RegExp(`registro danificado, posto de lado: ${leadKey(wrongShape.seq)} \\(o registro não tem a forma de um contato`));
    assert.match(entryOf(listed.stdout, 'Lia Antes'), /entrega: entregue/);
    assert.match(entryOf(listed.stdout, 'Mara Depois'), /entrega: entregue/);
    const json = await contatos(env, ['--json']);
    assert.equal(json.code, 0);
    assert.ok((JSON.parse(json.stdout) as { campos: { nome: string } }[]).some((l) => l.campos.nome === 'Mara Depois'));
    assert.match(json.stderr, new RegExp(leadKey(broken.seq)));
  });
});

describe('npm start keeps leads in a file across restarts', () => {
  test('a lead posted before a restart is listed by npm run contatos after it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'contato-dados-'));
    const env = { ...LOCAL_START_ENV, DATA_DIR: dir };
    try {
      const first = await startServer(env);
      assert.match(first.out(), /Armazenamento: arquivo .*armazenamento\.sqlite/);
      const res = await fetch(`${first.url}/contato/formulario`, { method: 'POST', headers: { accept: 'text/html', 'content-type': FORM }, body: lead('Gabriela Dias') });
      assert.equal(res.status, 200);
      await first.stop();
      const second = await startServer(env);
      await second.stop();
      const listed = await contatos(env);
      assert.equal(listed.code, 0, listed.stderr);
      assert.match(listed.stdout, /1 contato\(s\) em arquivo .*armazenamento\.sqlite; 1 pendente\(s\) de entrega\. CONTACT_WEBHOOK_URL não definido/);
      assert.match(listed.stdout, /nº 1 .*Gabriela Dias <gabriela\.dias@exemplo\.com\.br>/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

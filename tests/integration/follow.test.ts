/**
 * "Acompanhar este domínio" end to end (issue 23, item 2): the local server, a fixture site on loopback that
 * regresses, a real SMTP receiver on loopback (tests/helpers/smtp.ts), a real webhook receiver, and the scheduler
 * run with an injected clock (never a sleep): every assertion about what was NOT sent is made after the run that
 * would have sent it has returned, and on the scheduler's queue.
 *
 * - without SMTP_URL the option is not offered and the endpoints refuse clearly;
 * - the offer under a result (consent text: purpose, what is sent, how often), double opt-in by a confirmation
 *   link (a GET never confirms), the follower stored as a lead and delivered to the webhook;
 * - the scheduler: nothing before the interval; a measurement without change sends nothing; a regression sends
 *   the alert (plain text and HTML in pt-BR, RFC 8058 headers, the cancellation link); a month without regression
 *   sends the summary; the instrument's pause and gate hold it back;
 * - one-click cancellation (RFC 8058 POST): out of the queue at once, nothing sent afterwards;
 * - limits, bad input, single-purpose tokens; SMTP down; no address and no SMTP password in any log or URL;
 * - `npm start` (SQLite) keeps the follow-up across a restart, and its own timer sends the alert after it.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, beforeEach, describe, test } from 'node:test';
import { loadConfig } from '../../functions/config.ts';
import { listLeads } from '../../functions/contact/leads.ts';
import { mailSettings } from '../../functions/follow/mail.ts';
import { runFollowTick, SUMMARY_PERIOD_MS } from '../../functions/follow/scheduler.ts';
import { getSubscription, readQueue } from '../../functions/follow/subscriptions.ts';
import type { Services } from '../../functions/context.ts';
import { readHistory } from '../../functions/readiness/history.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import { SqliteStore } from '../../functions/store/sqlite.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { resultPath } from '../../src/model/measurement.ts';
import { agentReadySite, type Fixture, type FixtureHandler, guardNetwork, startFixture } from '../helpers/readiness.ts';
import { resetServices, testServices } from '../helpers/services.ts';
import { FOLLOW_ATTACK_CASES } from '../attacks/follow-cases.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../helpers/smtp.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const FORM = 'application/x-www-form-urlencoded';
const FOLLOW = '/diagnostico-de-visibilidade-cognitiva/acompanhar';
const EMAIL = 'dona.do.site@exemplo.com.br';
const INTERVAL_S = 60;

/** The fixture: everything right, until `broken` (then llms.txt and the markdown twins are gone). */
let broken = false;
const regressingSite: FixtureHandler = (req, res, ctx) => {
  if (broken && (/^\/llms/.test(req.url ?? '') || /\.md(\?|$)/.test(req.url ?? ''))) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('não existe');
    return;
  }
  return agentReadySite(req, res, ctx);
};

/** Every line the functions log while a test runs (to prove no address and no password is ever written). */
const logged: string[] = [];
for (const method of ['log', 'warn', 'error', 'info'] as const) {
  const original = console[method].bind(console);
  console[method] = (...args: unknown[]) => {
    logged.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
    original(...args);
  };
}

const services = testServices();
let server: LocalServer;
let smtp: SmtpReceiver;
let webhook: WebhookReceiver;
let fixture: Fixture;
let clock = Date.parse('2026-03-02T12:00:00.000Z');

function useRuntime(env: Record<string, string> = {}): MemoryStore {
  const store = new MemoryStore({ now: () => clock });
  resetServices(services, {
    store,
    now: () => clock,
    config: loadConfig({
      ...process.env,
      SMTP_URL: smtp.url,
      SMTP_FROM: 'Sinal Cognitivo <avisos@sinalcognitivo.com.br>',
      CONTACT_WEBHOOK_URL: webhook.url,
      FOLLOW_INTERVAL_S: String(INTERVAL_S),
      READINESS_ALLOW_LOOPBACK: '1',
      READINESS_MEASUREMENTS_PER_DAY: '100',
      ...env,
    }),
  });
  services.network = guardNetwork();
  return store;
}

const origin = () => services.config.origin;
/** A link of a message, as a path on this test's server. */
const local = (link: string): string => `${server.url}${new URL(link).pathname}${new URL(link).search}`;
const linkIn = (text: string, path: string): string => {
  const found = new RegExp(`${origin().replace(/[.:/]/g, '\\$&')}${path}\\?t=[A-Za-z0-9_-]{43}`).exec(text)?.[0];
  assert.ok(found, `sem link ${path} em: ${text.slice(0, 400)}`);
  return found;
};

async function measureNow(): Promise<void> {
  const res = await fetch(`${server.url}/api/ia/medicao`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ site: fixture.host }) });
  assert.equal(res.status, 200, await res.clone().text());
}

const ask = (fields: Record<string, string>, headers: Record<string, string> = { accept: 'text/html' }) =>
  fetch(`${server.url}${FOLLOW}`, { method: 'POST', headers: { 'content-type': FORM, ...headers }, body: new URLSearchParams(fields).toString() });

const follow = (email = EMAIL, extra: Record<string, string> = {}) => ask({ email, dominio: fixture.host, consentimento: 'sim', ...extra });

/** Asks, then confirms through the link of the confirmation message; returns the follow-up's number. */
async function followAndConfirm(email = EMAIL): Promise<number> {
  const before = smtp.messages.length;
  assert.equal((await follow(email)).status, 200);
  await smtp.waitFor(before + 1);
  const confirm = linkIn(smtp.messages.at(-1)!.text, `${FOLLOW}/confirmar`);
  const res = await fetch(local(confirm), { method: 'POST', headers: { accept: 'application/json' } });
  assert.equal(res.status, 200);
  const queue = await readQueue(services.store);
  return Math.max(...Object.keys(queue).map(Number));
}

before(async () => {
  smtp = await startSmtpReceiver();
  webhook = await startWebhookReceiver();
  fixture = await startFixture(regressingSite);
  useRuntime();
  server = await startLocalServer({ port: 0, services });
});
after(async () => {
  await server?.close();
  await fixture?.close();
  await smtp?.close();
  await webhook?.close();
  resetServices(services);
});
beforeEach(() => {
  broken = false;
});

describe('without SMTP_URL the option is not offered', () => {
  test('no form under the result; asking and confirming answer 404 not_found, saying why', async () => {
    resetServices(services, { store: new MemoryStore(), now: () => clock, config: loadConfig({ ...process.env, SMTP_URL: '', READINESS_ALLOW_LOOPBACK: '1' }) });
    services.network = guardNetwork();
    await measureNow();
    const html = await (await fetch(`${server.url}${resultPath(fixture.host)}`)).text();
    assert.match(html, /class="historico"/);
    assert.doesNotMatch(html, /Acompanhar este domínio/);
    assert.doesNotMatch(html, /\/acompanhar"/);
    const json = await follow(EMAIL, {});
    assert.equal(json.status, 404);
    const refusal = await (await follow(EMAIL, {})).text();
    assert.match(refusal, /O acompanhamento por e-mail não está ativo neste site/);
    const api = await ask({ email: EMAIL, dominio: fixture.host, consentimento: 'sim' }, { accept: 'application/json' });
    assert.equal(api.status, 404);
    assert.deepEqual(Object.keys(await api.json()), ['error', 'error_description']);
    const confirm = await fetch(`${server.url}${FOLLOW}/confirmar?t=${'a'.repeat(43)}`, { headers: { accept: 'application/json' } });
    assert.equal(confirm.status, 404);
    assert.match((await confirm.json()).error_description, /não está ativo/);
    assert.equal(smtp.messages.length, 0);
  });

  test('a malformed SMTP_URL is refused with the variable named, never its value', () => {
    for (const raw of ['http://u:segredo123@x', 'smtp://u:segredo123@/', 'smtp://u:segredo123@h:587/caminho', 'não é url segredo123']) {
      const { mail, problem } = mailSettings({ SMTP_URL: raw });
      assert.equal(mail, undefined);
      assert.match(problem!, /SMTP_URL/);
      assert.doesNotMatch(problem!, /segredo123/);
    }
    assert.match(mailSettings({ SMTP_URL: 'smtp://h:587', SMTP_FROM: 'sem arroba' }).problem!, /SMTP_FROM/);
    assert.deepEqual(mailSettings({ SMTP_URL: 'smtps://a%40b:p%2Fq@mail.exemplo.com' }).mail, {
      host: 'mail.exemplo.com',
      port: 465,
      secure: true,
      loopback: false,
      user: 'a@b',
      pass: 'p/q',
      from: 'Sinal Cognitivo <contato@sinalcognitivo.com.br>',
    });
  });
});

describe('following a domain that then regresses', () => {
  test('offer, double opt-in, lead, no message while nothing changes, the alert on a regression, one-click cancellation', async () => {
    const store = useRuntime();
    await measureNow();
    const base = smtp.messages.length;
    const delivered = webhook.received.length;

    // The offer under the result: the consent text says what for, what is sent and how often.
    const page = await (await fetch(`${server.url}${resultPath(fixture.host)}`)).text();
    const section = /<section class="acompanhar panel"[\s\S]*?<\/section>/.exec(page)?.[0];
    assert.ok(section, 'the offer is under the result');
    assert.match(section, new RegExp(`<form class="acompanhar-form" method="post" action="${FOLLOW}">`));
    assert.match(section, /<dt>Para quê<\/dt><dd>Medir localhost:\d+ de novo todo minuto/);
    assert.match(section, /<dt>O que enviamos<\/dt><dd>Agora, um e-mail para você confirmar/);
    assert.match(section, /<dt>Com que frequência<\/dt><dd>No máximo uma mensagem por medição \(todo minuto\); o resumo, uma vez por mês\./);
    assert.match(section, /<input type="checkbox" id="acompanhar-consentimento" name="consentimento" value="sim" required>/);
    assert.match(section, /<input id="acompanhar-email" name="email" type="email"[^>]* required/);

    // Asking: a page saying to confirm; one message, the confirmation, in pt-BR, plain text and HTML.
    const asked = await follow();
    assert.equal(asked.status, 200);
    assert.match(await asked.text(), /Confirme no seu e-mail/);
    await smtp.waitFor(base + 1);
    const confirmation = smtp.messages[base]!;
    assert.deepEqual(confirmation.to, [EMAIL]);
    assert.equal(confirmation.from, 'avisos@sinalcognitivo.com.br');
    assert.equal(confirmation.subject, `Confirme o acompanhamento de ${fixture.host}`);
    assert.match(confirmation.text, /Para confirmar, abra o link abaixo/);
    assert.match(confirmation.text, /Se você não pediu isso, ignore esta mensagem/);
    assert.match(confirmation.html, /<html lang="pt-BR">/);
    assert.match(confirmation.html, /Confirmar o acompanhamento<\/a>/);
    const cancel = linkIn(confirmation.text, `${FOLLOW}/cancelar`);
    assert.equal(confirmation.headers['list-unsubscribe'], `<${cancel}>`);
    assert.equal(confirmation.headers['list-unsubscribe-post'], 'List-Unsubscribe=One-Click');
    assert.equal(confirmation.headers['auto-submitted'], 'auto-generated');
    const confirm = linkIn(confirmation.text, `${FOLLOW}/confirmar`);
    assert.ok(confirmation.html.includes(confirm.replace(/&/g, '&amp;')), 'the same link in the HTML');
    assert.deepEqual(await readQueue(store), {}, 'nothing is followed before the confirmation');

    // A GET of the link (a mail scanner, or the owner opening it) confirms nothing: it shows the button.
    const opened = await fetch(local(confirm));
    assert.equal(opened.status, 200);
    assert.equal(opened.headers.get('referrer-policy'), 'no-referrer');
    assert.match(await opened.text(), /<form method="post" action="\/diagnostico-de-visibilidade-cognitiva\/acompanhar\/confirmar\?t=[^"]+"><button class="btn" type="submit">Confirmar o acompanhamento<\/button>/);
    assert.deepEqual(await readQueue(store), {});
    const confirmed = await fetch(local(confirm), { method: 'POST', headers: { accept: 'text/html', 'content-type': FORM }, body: '' });
    assert.equal(confirmed.status, 200);
    assert.match(await confirmed.text(), /Pronto: acompanhamento confirmado/);
    const queue = await readQueue(store);
    assert.deepEqual(Object.values(queue), [clock + INTERVAL_S * 1000], 'queued, due one interval later');
    const seq = Number(Object.keys(queue)[0]);

    // The follower is a lead: stored, listed, delivered to the webhook.
    const { leads } = await listLeadsCompat(store);
    const lead = leads.find((l) => l.campos.email === EMAIL);
    assert.ok(lead, 'stored as a lead');
    assert.equal(lead.campos.site, fixture.host);
    assert.match(lead.campos.mensagem, /acompanhamento de localhost:\d+/);
    await webhook.waitFor(delivered + 1);
    assert.equal(webhook.received.at(-1)!.email, EMAIL);

    // Before the interval: nothing measured. After it, without change: measured, nothing sent.
    assert.equal((await runFollowTick(services)).medidos, 0);
    clock += INTERVAL_S * 1000 + 1;
    const quiet = await runFollowTick(services);
    assert.deepEqual([quiet.medidos, quiet.alertas, quiet.resumos], [1, 0, 0]);
    assert.equal(smtp.messages.length, base + 1, 'no message when nothing got worse');
    assert.equal((await readQueue(store))[seq], clock + INTERVAL_S * 1000);

    // The site regresses: the next run sends the alert.
    broken = true;
    clock += INTERVAL_S * 1000 + 1;
    const alerted = await runFollowTick(services);
    assert.deepEqual([alerted.medidos, alerted.alertas], [1, 1]);
    assert.equal(smtp.messages.length, base + 2);
    const alert = smtp.messages[base + 1]!;
    assert.deepEqual(alert.to, [EMAIL]);
    assert.match(alert.subject, new RegExp(`^${fixture.host}: (o grau caiu de A\\+ para [A-F][+-]?|\\d+ verificações pioraram)$`));
    assert.match(alert.text, /O que mudou:/);
    assert.match(alert.text, /llms\.txt[^\n]*: passava, agora falha\. Mesma verificação, mesma revisão: o site mudou\./);
    assert.match(alert.text, new RegExp(`Ver o resultado completo, as correções e o histórico: ${origin().replace(/[.:/]/g, '\\$&')}/diagnostico-de-visibilidade-cognitiva/resultado/localhost%3A\\d+`));
    assert.match(alert.text, /Parar de acompanhar \(um clique, sem login\): /);
    assert.match(alert.html, /<li>[^<]*llms\.txt[^<]*o site mudou\.<\/li>/);
    assert.equal(alert.headers['list-unsubscribe'], `<${cancel}>`);
    assert.equal(alert.headers['list-unsubscribe-post'], 'List-Unsubscribe=One-Click');
    // Every reading is in the history: the visitor's, and the two of the scheduler.
    assert.equal((await readHistory(store, fixture.host)).length, 3);

    // One click (RFC 8058): a POST with List-Unsubscribe=One-Click, answered 200 without a redirect.
    const unsubscribed = await fetch(local(cancel), { method: 'POST', headers: { 'content-type': FORM }, body: 'List-Unsubscribe=One-Click', redirect: 'manual' });
    assert.equal(unsubscribed.status, 200);
    assert.deepEqual(await unsubscribed.json(), { cancelado: true, dominio: fixture.host });
    assert.deepEqual(await readQueue(store), {}, 'out of the queue at once');
    const sub = await getSubscription(store, seq);
    assert.equal(sub?.estado, 'cancelada');
    assert.equal(sub?.email, '', 'the address is forgotten');
    clock += 10 * INTERVAL_S * 1000;
    const after = await runFollowTick(services);
    assert.equal(after.medidos, 0);
    assert.equal(smtp.messages.length, base + 2, 'nothing sent after the cancellation');
    // The link keeps answering (a second click), and the page says so.
    const again = await (await fetch(local(cancel), { method: 'POST', headers: { accept: 'text/html' } })).text();
    assert.match(again, /O acompanhamento já estava cancelado/);

    // Neither the address nor the SMTP password was ever logged; links carry tokens only.
    assert.ok(!logged.some((line) => line.includes(EMAIL) || line.includes(smtp.password)), logged.filter((l) => l.includes('@')).join('\n'));
    for (const url of [confirm, cancel]) assert.doesNotMatch(url, /@|%40/);
  });

  test('a month without regression: the summary, with the readings of the period', async () => {
    const store = useRuntime();
    await measureNow();
    const seq = await followAndConfirm('resumo@exemplo.com.br');
    const sent = smtp.messages.length;
    clock += SUMMARY_PERIOD_MS + 1;
    const report = await runFollowTick(services);
    assert.deepEqual([report.medidos, report.alertas, report.resumos], [1, 0, 1]);
    assert.equal(smtp.messages.length, sent + 1);
    const summary = smtp.messages.at(-1)!;
    assert.deepEqual(summary.to, ['resumo@exemplo.com.br']);
    assert.match(summary.subject, new RegExp(`^Resumo mensal de ${fixture.host}: \\d+ \\([A-F][+-]?\\)$`));
    assert.match(summary.text, /Nenhuma piora para avisar/);
    assert.match(summary.text, /Leituras do período:\n\n- \d{2}\/\d{2}\/\d{4}: \d+ \(/);
    assert.equal(summary.headers['list-unsubscribe-post'], 'List-Unsubscribe=One-Click');
    const sub = await getSubscription(store, seq);
    assert.equal(sub?.ultimoResumoEm, new Date(clock).toISOString());
    // The next run within the month sends nothing.
    clock += INTERVAL_S * 1000 + 1;
    assert.equal((await runFollowTick(services)).resumos, 0);
    assert.equal(smtp.messages.length, sent + 1);
  });

  test('within the instrument: a paused instrument or a closed gate holds the run back, and the follow-up waits in the queue', async () => {
    let store = useRuntime();
    await measureNow();
    const seq = await followAndConfirm('pausa@exemplo.com.br');
    clock += INTERVAL_S * 1000 + 1;
    resetServices(services, { store, now: () => clock, config: loadConfig({ ...process.env, SMTP_URL: smtp.url, FOLLOW_INTERVAL_S: String(INTERVAL_S), READINESS_ALLOW_LOOPBACK: '1', READINESS_PAUSED: '1' }) });
    services.network = guardNetwork();
    const due = (await readQueue(store))[seq];
    assert.deepEqual(await runFollowTick(services), { medidos: 0, alertas: 0, resumos: 0, falhas: 0, parou: 'pausado' });
    assert.equal((await readQueue(store))[seq], due, 'still due');
    // A gate of one call per minute, spent by a visitor's read: the scheduler waits for the next minute.
    store = store as MemoryStore;
    resetServices(services, { store, now: () => clock, config: loadConfig({ ...process.env, SMTP_URL: smtp.url, FOLLOW_INTERVAL_S: String(INTERVAL_S), READINESS_ALLOW_LOOPBACK: '1', READINESS_GATE_PER_MINUTE: '1' }) });
    services.network = guardNetwork();
    assert.equal((await fetch(`${server.url}/api/ia/leitura?site=exemplo.com.br`)).status, 200);
    assert.equal((await runFollowTick(services)).parou, 'portao');
    assert.equal((await readQueue(store))[seq], due);
    clock += 61_000;
    assert.equal((await runFollowTick(services)).medidos, 1);
  });
});

describe('asking: limits, bad input and single-purpose links', () => {
  test('bad input is a clear 4xx; a domain never measured is refused; the honeypot sends nothing', async () => {
    const store = useRuntime();
    await measureNow();
    const sentBefore = smtp.messages.length;
    const json = { accept: 'application/json' };
    const cases: [Record<string, string>, number, RegExp][] = [
      [{ email: '', dominio: fixture.host, consentimento: 'sim' }, 400, /Informe o seu e-mail/],
      [{ email: 'sem-arroba', dominio: fixture.host, consentimento: 'sim' }, 400, /nome@empresa\.com\.br/],
      [{ email: 'a\u202e@exemplo.com.br', dominio: fixture.host, consentimento: 'sim' }, 400, /caracteres invisíveis/],
      [{ email: `${'a'.repeat(250)}@x.com.br`, dominio: fixture.host, consentimento: 'sim' }, 400, /nome@empresa/],
      [{ email: EMAIL, dominio: fixture.host }, 400, /marque a autorização/],
      [{ email: EMAIL, dominio: 'http://exemplo..com' }, 400, /./],
      [{ email: EMAIL, dominio: 'nunca-medido.com.br', consentimento: 'sim' }, 404, /meça-o primeiro/],
    ];
    for (const [fields, status, message] of cases) {
      const res = await ask(fields, json);
      assert.equal(res.status, status, JSON.stringify(fields).slice(0, 80));
      assert.match((await res.json()).error_description, message);
    }
    const other = await fetch(`${server.url}${FOLLOW}`, { method: 'POST', headers: { 'content-type': FORM, origin: 'https://outro.exemplo' }, body: 'email=a@b.com.br' });
    assert.equal(other.status, 403);
    assert.equal((await fetch(`${server.url}${FOLLOW}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status, 415);
    assert.equal((await fetch(`${server.url}${FOLLOW}`)).status, 405);
    assert.equal((await fetch(`${server.url}${FOLLOW}/outra-coisa`)).status, 404);
    const bot = await follow(EMAIL, { fax: 'robô' });
    assert.equal(bot.status, 200);
    assert.equal(smtp.messages.length, sentBefore, 'nothing sent for a bot, nor for any refused request');
    assert.equal(store.sizeOf('state') > 0, true);
    assert.deepEqual(await readQueue(store), {});
  });

  test('the attack table (tests/attacks/follow-cases.ts): a clear 4xx each, nothing sent, nothing queued', async () => {
    const store = useRuntime();
    await measureNow();
    const sent = smtp.messages.length;
    for (const row of FOLLOW_ATTACK_CASES) {
      const body = row.bytes ? new Uint8Array(row.bytes) : row.body?.replace('{dominio}', encodeURIComponent(fixture.host)).replace('{big}', 'x'.repeat(9 * 1024));
      const res = await fetch(`${server.url}${FOLLOW}${row.path ?? ''}`, { method: row.method ?? 'POST', headers: { accept: 'application/json', ...row.headers }, body });
      assert.equal(res.status, row.status, row.name);
      const answer = (await res.json()) as { error: string; error_description: string };
      assert.equal(answer.error, row.error, row.name);
      assert.ok(answer.error_description.length > 10, row.name);
      if (row.says) assert.match(answer.error_description, row.says, row.name);
    }
    assert.equal(smtp.messages.length, sent);
    assert.deepEqual(await readQueue(store), {});
  });

  test('3 confirmation messages per address per day; a request again re-sends the pending confirmation (the old link dies)', async () => {
    useRuntime();
    await measureNow();
    const before = smtp.messages.length;
    for (let i = 0; i < 3; i++) assert.equal((await follow('limite@exemplo.com.br')).status, 200);
    await smtp.waitFor(before + 3);
    const [first, , last] = smtp.messages.slice(before);
    const limited = await ask({ email: 'limite@exemplo.com.br', dominio: fixture.host, consentimento: 'sim' }, { accept: 'application/json' });
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
    assert.equal(smtp.messages.length, before + 3);
    // Only the last confirmation link works.
    const old = await fetch(local(linkIn(first!.text, `${FOLLOW}/confirmar`)), { method: 'POST', headers: { accept: 'application/json' } });
    assert.equal(old.status, 404);
    const current = await fetch(local(linkIn(last!.text, `${FOLLOW}/confirmar`)), { method: 'POST', headers: { accept: 'application/json' } });
    assert.equal(current.status, 200);
    // A request for a confirmed follow-up sends nothing and answers the same.
    const confirmedAgain = await ask({ email: 'limite@exemplo.com.br', dominio: fixture.host, consentimento: 'sim' }, { accept: 'application/json' });
    assert.equal(confirmedAgain.status, 202);
  });

  test('5 requests per client per hour', async () => {
    useRuntime();
    await measureNow();
    for (let i = 0; i < 5; i++) assert.equal((await follow(`pessoa${i}@exemplo.com.br`)).status, 200);
    const limited = await follow('pessoa9@exemplo.com.br');
    assert.equal(limited.status, 429);
    assert.match(await limited.text(), /Limite de pedidos atingido/);
  });

  test('tokens are single-purpose and unguessable: a confirmation link cancels nothing, a cancellation link confirms nothing', async () => {
    useRuntime();
    await measureNow();
    const before = smtp.messages.length;
    await follow('proposito@exemplo.com.br');
    await smtp.waitFor(before + 1);
    const message = smtp.messages.at(-1)!;
    const confirm = new URL(linkIn(message.text, `${FOLLOW}/confirmar`)).searchParams.get('t')!;
    const cancel = new URL(linkIn(message.text, `${FOLLOW}/cancelar`)).searchParams.get('t')!;
    assert.notEqual(confirm, cancel);
    const post = (path: string, token: string) => fetch(`${server.url}${FOLLOW}/${path}?t=${token}`, { method: 'POST', headers: { accept: 'application/json' } });
    assert.equal((await post('cancelar', confirm)).status, 404);
    assert.equal((await post('confirmar', cancel)).status, 404);
    for (const junk of ['', 'curto', `${confirm.slice(0, -1)}${confirm.endsWith('A') ? 'B' : 'A'}`, `${confirm}x`, '../../etc']) assert.equal((await post('confirmar', encodeURIComponent(junk))).status, 404, junk);
    assert.equal((await post('confirmar', confirm)).status, 200);
  });

  test('SMTP refusing the message: 503 with Retry-After, nothing lost; the password never in a log', async () => {
    useRuntime();
    await measureNow();
    smtp.failNext(1);
    const res = await follow('falha@exemplo.com.br');
    assert.equal(res.status, 503);
    assert.ok(Number(res.headers.get('retry-after')) > 0);
    assert.match(await res.text(), /Não conseguimos enviar o e-mail de confirmação agora/);
    assert.ok(logged.some((line) => /\[acompanhar\] nº \d+: a confirmação não foi enviada \(.*451/.test(line)));
    // A wrong password: the client's error is logged without it.
    resetServices(services, { store: services.store, now: () => clock, config: loadConfig({ ...process.env, SMTP_URL: smtp.url.replace(encodeURIComponent(smtp.password), 'senha-errada-xyz'), READINESS_ALLOW_LOOPBACK: '1' }) });
    services.network = guardNetwork();
    assert.equal((await follow('falha2@exemplo.com.br')).status, 503);
    assert.ok(smtp.authFailures > 0);
    assert.ok(!logged.some((line) => line.includes('senha-errada-xyz') || line.includes(smtp.password) || line.includes('falha@exemplo') || line.includes('falha2@exemplo')));
  });
});

/** `listLeads` returns a list in this version and `{ leads }` in a later one: both read the same. */
async function listLeadsCompat(store: Services['store']): Promise<{ leads: Awaited<ReturnType<typeof listLeads>> extends infer R ? (R extends { leads: infer L } ? L : R) : never }> {
  const listed = (await listLeads(store)) as unknown;
  return { leads: (Array.isArray(listed) ? listed : (listed as { leads: unknown }).leads) as never };
}

describe('npm start keeps what is followed across a restart (SQLite), and its timer alerts after it', () => {
  test('followed, restarted, the site regresses: the alert arrives from the restarted server', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'acompanhar-dados-'));
    const site = await startFixture(regressingSite);
    const domain = `127.0.0.1:${site.port}`;
    const env = {
      DATA_DIR: dir,
      NETLIFY: '',
      PORT: '0',
      HOST: '127.0.0.1',
      UPSTASH_REDIS_REST_URL: '',
      UPSTASH_REDIS_REST_TOKEN: '',
      CONTACT_WEBHOOK_URL: '',
      SMTP_URL: smtp.url,
      SMTP_FROM: 'Sinal Cognitivo <avisos@sinalcognitivo.com.br>',
      FOLLOW_INTERVAL_S: '2',
      READINESS_ALLOW_LOOPBACK: '1',
    };
    const output: string[] = [];
    const start = async () => {
      const child = spawn(process.execPath, [join(root, 'server/start.ts')], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d));
      child.stderr.on('data', (d: Buffer) => (out += d));
      const deadline = Date.now() + 20_000;
      while (!/rodando em http:\/\/localhost:\d+/.test(out)) {
        if (Date.now() > deadline) throw new Error(`o servidor não iniciou: ${out}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      const url = `http://127.0.0.1:${/rodando em http:\/\/localhost:(\d+)/.exec(out)![1]}`;
      return { url, stop: () => new Promise<void>((resolve) => (child.once('exit', () => (output.push(out), resolve())), child.kill('SIGTERM'))) };
    };
    broken = false;
    try {
      const first = await start();
      const measured = await fetch(`${first.url}/api/ia/medicao`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ site: domain }) });
      assert.equal(measured.status, 200);
      const before = smtp.messages.length;
      const asked = await fetch(`${first.url}${FOLLOW}`, { method: 'POST', headers: { 'content-type': FORM, accept: 'text/html' }, body: new URLSearchParams({ email: 'reinicio@exemplo.com.br', dominio: domain, consentimento: 'sim' }) });
      assert.equal(asked.status, 200);
      await smtp.waitFor(before + 1);
      const confirm = new URL(linkIn(smtp.messages.at(-1)!.text, `${FOLLOW}/confirmar`));
      assert.equal((await fetch(`${first.url}${confirm.pathname}${confirm.search}`, { method: 'POST' })).status, 200);
      await first.stop();

      // While stopped: the follow-up is in the file, confirmed and queued; the site regresses.
      const file = new SqliteStore({ dir });
      const queue = await readQueue(file);
      assert.equal(Object.keys(queue).length, 1);
      assert.equal((await getSubscription(file, Number(Object.keys(queue)[0])))?.estado, 'confirmada');
      file.close();
      broken = true;

      const second = await start();
      // The restarted server's own timer measures the domain and sends the alert: wait for that event.
      await smtp.waitFor(before + 2, 30_000);
      const alert = smtp.messages.at(-1)!;
      assert.deepEqual(alert.to, ['reinicio@exemplo.com.br']);
      assert.match(alert.text, /o site mudou\./);
      await second.stop();
      // The follower is a lead: `npm run contatos` lists it from the file.
      const contatos = spawn(process.execPath, [join(root, 'scripts/contatos.ts')], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      let listed = '';
      contatos.stdout.on('data', (d: Buffer) => (listed += d));
      assert.equal(await new Promise((resolve) => contatos.once('exit', resolve)), 0);
      assert.match(listed, /1 contato\(s\) em arquivo .*armazenamento\.sqlite/);
      assert.match(listed, /nº 1 .*<reinicio@exemplo\.com\.br>/);
      const all = output.join('\n');
      assert.match(all, /Acompanhamento por e-mail: ativo \(SMTP 127\.0\.0\.1:\d+; medição a cada 2 s\)/);
      assert.ok(!all.includes('reinicio@exemplo.com.br') && !all.includes(smtp.password), 'no address, no password in the server output');
    } finally {
      broken = false;
      await site.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

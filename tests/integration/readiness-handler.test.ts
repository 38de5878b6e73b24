/**
 * `POST /api/ia/medicao` and the reader's key directory through the real local server. The instrument's
 * network is replaced by `guardNetwork` (only `localhost` resolves, only 127.0.0.1 can be dialed), and the
 * measured sites are fixtures on loopback (READINESS_ALLOW_LOOPBACK=1 in this file's services).
 */
import { PAID_DIAGNOSTIC } from '../../src/model/offer.ts';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import * as httpsig from 'http-message-sig';
import { parseDictionary, serializeItem } from 'structured-headers';
import { verify } from 'web-bot-auth';
import { verifierFromJWK } from 'web-bot-auth/crypto';
import { loadConfig } from '../../functions/config.ts';
import { envelopeSchema } from '../../src/model/reading.ts';
import { defaultNetwork } from '../../functions/readiness/fetch/network.ts';
import { readingResponse, readRecordedReading } from '../../functions/readiness/read-reading.ts';
import { readHistory } from '../../functions/readiness/history.ts';
import { renderReportSection } from '../../functions/report/form-html.ts';
import { renderHistorySection } from '../../functions/readiness/history-html.ts';
import { renderResultSection } from '../../functions/readiness/result-page.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import { type Store, StoreUnavailableError } from '../../functions/store/types.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { agentReadySite, challengeSite, type Fixture, type GuardNetwork, guardNetwork, startFixture } from '../helpers/readiness.ts';
import { resetServices, testContext, testServices } from '../helpers/services.ts';

/** This file's own services: every server it starts serves with them. */
const services = testServices();

let server: LocalServer;
let site: Fixture;
let challenge: Fixture;
let network: GuardNetwork;
const DIRECTORY = '/.well-known/http-message-signatures-directory';

function useRuntime(env: Record<string, string> = {}, store: Store = new MemoryStore()) {
  resetServices(services, { config: loadConfig({ ...process.env, READINESS_ALLOW_LOOPBACK: '1', READINESS_PAUSED: '', ...env }), store });
}

before(async () => {
  server = await startLocalServer({ port: 0, services });
  site = await startFixture(agentReadySite);
  challenge = await startFixture(challengeSite);
});
after(async () => {
  services.network = defaultNetwork;
  resetServices(services);
  await Promise.all([server.close(), site.close(), challenge.close()]);
});
beforeEach(() => {
  network = guardNetwork({ names: { 'xn--aa-4iaz.com.br': '10.0.0.1' } });
  services.network = network;
  useRuntime();
});
afterEach(() => {
  assert.deepEqual(network.violations, [], 'the instrument never left loopback');
  assert.ok(network.connects.every((c) => c.address === '127.0.0.1'));
});

const post = (body: BodyInit, headers: Record<string, string>) => fetch(`${server.url}/api/ia/medicao`, { method: 'POST', body, headers });
const postJson = (value: unknown, accept = 'application/json') => post(JSON.stringify(value), { 'content-type': 'application/json', accept });

describe('key directory', () => {
  test('signed JWKS with the draft media type and Content-Digest, verified independently', async () => {
    const res = await fetch(`${server.url}${DIRECTORY}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/http-message-signatures-directory+json');
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    const text = await res.text();
    assert.equal(res.headers.get('content-digest'), `sha-256=:${createHash('sha256').update(text).digest('base64')}:`);
    const jwks = JSON.parse(text) as { keys: JsonWebKey[] & { kid: string }[] };
    assert.equal(jwks.keys.length, 1);
    const publicJwk = jwks.keys[0] as JsonWebKey & { kid: string };
    assert.equal((publicJwk as { d?: string }).d, undefined);
    const headers = Object.fromEntries(res.headers);
    const verifier = await verifierFromJWK({ kty: 'OKP', crv: 'Ed25519', x: publicJwk.x });
    // Bound to the configured origin's authority (the one Signature-Agent names), not to the Host it was asked at.
    await httpsig.verify({ request: { method: 'GET', url: `${services.config.origin}${DIRECTORY}`, headers: {} }, response: { status: 200, headers } }, (data, sig, params) => {
      assert.equal(params.tag, 'http-message-signatures-directory');
      assert.equal(params.keyid, publicJwk.kid);
      return verifier(data, sig, { ...params, tag: 'web-bot-auth' } as never);
    });
  });

  test('HEAD, OPTIONS and other methods', async () => {
    const head = await fetch(`${server.url}${DIRECTORY}`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.ok(head.headers.get('signature'));
    assert.equal(await head.text(), '');
    assert.equal((await fetch(`${server.url}${DIRECTORY}`, { method: 'OPTIONS' })).status, 204);
    const post = await fetch(`${server.url}${DIRECTORY}`, { method: 'POST' });
    assert.equal(post.status, 405);
    assert.match(post.headers.get('allow') ?? '', /GET/);
  });
});

describe('POST /api/ia/medicao', () => {
  test('JSON: measures, records and answers the envelope with the reading addresses', async () => {
    const res = await postJson({ site: site.host });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.equal(res.headers.get('ratelimit-limit'), '3');
    assert.equal(res.headers.get('ratelimit-remaining'), '2');
    assert.equal(res.headers.get('ratelimit-policy'), '"medicao";q=3;w=86400');
    const envelope = envelopeSchema.parse(await res.json());
    assert.equal(envelope.estado, 'registrada');
    assert.equal(envelope.grau, 'A+');
    assert.match(envelope.enderecos?.leitura ?? '', /\/api\/ia\/leitura\?site=localhost%3A\d+$/);
    assert.match(envelope.enderecos?.api ?? '', /\/api\/v1\/prontidao\/localhost%3A\d+$/);
    const recorded = envelopeSchema.parse(await (readingResponse(await readRecordedReading(testContext(services, '127.0.0.1'), site.host))).json());
    assert.equal(recorded.estado, 'registrada');
    assert.equal(recorded.nota, envelope.nota);
  });

  test('the fixture saw requests signed with the key the directory publishes', async () => {
    const before = site.requests.length;
    assert.equal((await postJson({ site: site.host })).status, 200);
    const jwks = (await (await fetch(`${server.url}${DIRECTORY}`)).json()) as { keys: { x: string }[] };
    const verifier = await verifierFromJWK({ kty: 'OKP', crv: 'Ed25519', x: jwks.keys[0]?.x });
    const requests = site.requests.slice(before);
    assert.ok(requests.length > 10);
    for (const r of requests) {
      const member = parseDictionary(r.headers['signature-agent'] ?? '').get('sig1');
      await verify({ method: r.method, url: `http://${r.headers.host}${r.path}`, headers: { ...r.headers, 'signature-agent': serializeItem(member as never) } }, verifier);
    }
  });

  test('form without JavaScript: an HTML result page under the page CSP', async () => {
    const res = await post(`site=${encodeURIComponent(site.host)}`, { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(res.headers.get('content-security-policy') ?? '', /style-src 'self'/);
    const html = await res.text();
    assert.match(html, /<html lang="pt-BR">/);
    assert.match(html, /<link rel="stylesheet" href="\/medicao.css">/);
    assert.match(html, /Nota 100 de 100/);
    assert.match(html, /Amostra: 3 páginas e 4 links do llms\.txt lidos\. Interfaces para agentes cobradas/);
    assert.match(html, /class="medicao-gauge"/);
    // A person's result links to its own page, never to API addresses (those stay on the agents' pages).
    assert.match(html, new RegExp(`href="[^"]*/diagnostico-de-visibilidade-cognitiva/resultado/${encodeURIComponent(site.host)}" data-link-resultado`));
    assert.doesNotMatch(html, /\/api\/ia\/leitura|\/api\/v1\/prontidao\/|prontidao\.read|\(sem token\)/);
    // The offer: the paid diagnostic from content/precos.json and the contact form pre-filled with domain and grade.
    assert.ok(new RegExp(`${PAID_DIAGNOSTIC.nome}</h3>[\\s\\S]*R\\$\\s2\\.900,00 por domínio`).test(html), 'the offer under the result');
    assert.match(html, new RegExp(`href="/contato/formulario\\?produto=diagnostico-completo&amp;site=${encodeURIComponent(site.host)}&amp;nota=100#formulario"`));
    assert.doesNotMatch(html, /wa\.me/, 'no WhatsApp without CONTACT_WHATSAPP');
    assert.match(html, /<form class="panel medicao-form medicao-de-novo" method="post" action="\/api\/ia\/medicao">/);
    assert.doesNotMatch(html, /\sstyle=/, 'no inline style attributes');
    // The site's layout (functions/html/shell.ts): its scripts are the external WebMCP module and JSON-LD data, none inline.
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) assert.match(tag, /\ssrc="\/[^"]+"|type="application\/ld\+json"/, `no inline script: ${tag}`);
    // The same header (menu) and footer as a static page of the site.
    const chrome = (page: string) => ({
      header: page.match(/<header class="site-header">[\s\S]*?<\/header>/)?.[0],
      footer: page.match(/<footer class="site-footer">[\s\S]*?<\/footer>/)?.[0],
    });
    const statica = await (await fetch(`${server.url}/privacidade`)).text();
    const withoutTwin = (part: string | undefined) => part?.replace(/ · <a href="\/privacidade\.md"[^>]*>[^<]*<\/a>|<li><a href="\/privacidade\.md"[^>]*>[^<]*<\/a><\/li>/g, '');
    assert.ok(chrome(html).header?.includes('<nav aria-label="Principal">'), 'the site menu');
    assert.equal(chrome(html).header, withoutTwin(chrome(statica).header));
    assert.equal(chrome(html).footer, withoutTwin(chrome(statica).footer));
    assert.match(html, /<link rel="stylesheet" href="\/_astro\/[\w.-]+\.css">/, 'the site stylesheet');
  });

  test('NDJSON progress: one line per check, then the result', async () => {
    const res = await postJson({ site: site.host }, 'application/x-ndjson');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/x-ndjson/);
    const lines = (await res.text()).trim().split('\n').map((l) => JSON.parse(l) as { tipo: string; feitas?: number; total?: number; leitura?: unknown });
    assert.equal(lines[0]?.tipo, 'inicio');
    const progress = lines.filter((l) => l.tipo === 'progresso');
    assert.ok(progress.length >= 35);
    assert.equal(progress.at(-1)?.feitas, progress.at(-1)?.total);
    assert.equal(lines.at(-1)?.tipo, 'resultado');
    const leitura = envelopeSchema.parse(lines.at(-1)?.leitura);
    // The result as the server renders it (the same section as the no-JS page), which /medicao.js shows in place,
    // with the domain's history as it stands after this reading.
    const html = (lines.at(-1) as { html?: unknown }).html;
    assert.equal(typeof html, 'string');
    const historico = renderHistorySection(await readHistory(services.store, site.host));
    assert.match(historico, /<section class="historico"/);
    // The report by e-mail under a scored result (and no follow-up offer: SMTP is not configured here).
    assert.equal(html, renderResultSection(leitura, loadConfig(process.env).origin, {}, { historico, relatorio: renderReportSection(site.host) }));
    assert.match(html as string, /^<section class="medicao-resultado"[\s\S]*<\/section>$/);
  });

  test('an unscored measurement is recorded too (bot challenge)', async () => {
    const res = await postJson({ site: challenge.host });
    assert.equal(res.status, 200);
    const envelope = envelopeSchema.parse(await res.json());
    assert.equal(envelope.estado, 'nao_pontuada');
    assert.equal(envelopeSchema.parse(await (readingResponse(await readRecordedReading(testContext(services, '127.0.0.1'), challenge.host))).json()).estado, 'nao_pontuada');
  });

  test('3 measurements per visitor per 24 h; the 4th is 429 rate_limited with Retry-After', async () => {
    for (let i = 0; i < 3; i++) assert.equal((await postJson({ site: challenge.host })).status, 200);
    const res = await postJson({ site: challenge.host });
    assert.equal(res.status, 429);
    const retry = Number(res.headers.get('retry-after'));
    assert.ok(retry > 23 * 3600 && retry <= 24 * 3600);
    assert.equal(res.headers.get('ratelimit-remaining'), '0');
    const body = (await res.json()) as { error: string; error_description: string };
    assert.equal(body.error, 'rate_limited');
    // When, in pt-BR (Brasília time), never in seconds or "hora(s)".
    assert.match(body.error_description, /Você pode medir de novo (hoje|amanhã) às \d{1,2}h\d{2}\./);
    assert.doesNotMatch(body.error_description, /Retry-After|\d+ s\b|hora\(s\)|\/api\//);
    const html = await post(`site=${challenge.host}`, { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' });
    assert.equal(html.status, 429);
    const page = await html.text();
    assert.match(page, /3 medições nas últimas 24 horas/);
    assert.match(page, /Você pode medir de novo (hoje|amanhã) às \d{1,2}h\d{2}/);
    // After the limit: the same offer (contact form for the paid diagnostic) and the agents' page.
    assert.match(page, /href="\/contato\/formulario\?produto=diagnostico-completo#formulario"/);
    assert.match(page, /<a href="\/agentes">página para agentes<\/a>/);
  });

  test('the instrument gate (shared, per minute): 429 estado limite; the visitor keeps the attempt', async () => {
    useRuntime({ READINESS_GATE_PER_MINUTE: '1' });
    assert.equal((await postJson({ site: challenge.host })).status, 200);
    const res = await postJson({ site: challenge.host });
    assert.equal(res.status, 429);
    assert.ok(Number(res.headers.get('retry-after')) >= 1);
    const envelope = envelopeSchema.parse(await res.json());
    assert.equal(envelope.estado, 'limite');
    assert.ok(envelope.tentarEm);
    assert.equal(res.headers.get('ratelimit-remaining'), '2', 'a closed gate does not count against the visitor');
    // Reads share the same gate (another client: its own share is untouched, the shared gate is spent).
    assert.equal((readingResponse(await readRecordedReading(testContext(services, '203.0.113.7'), challenge.host))).status, 429);
  });

  test('operator pause: 429 estado limite with tentarEm and Retry-After (JSON and HTML)', async () => {
    useRuntime({ READINESS_PAUSED: '1' });
    const res = await postJson({ site: site.host });
    assert.equal(res.status, 429);
    assert.ok(Number(res.headers.get('retry-after')) >= 1);
    const envelope = envelopeSchema.parse(await res.json());
    assert.equal(envelope.estado, 'limite');
    assert.ok(envelope.tentarEm);
    // What a visitor reads (the page with JavaScript shows `motivo`): paused, not busy, and no field names.
    assert.equal(envelope.motivo, 'O medidor está pausado pelo operador no momento.');
    const html = await post(`site=${site.host}`, { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' });
    assert.equal(html.status, 429);
    const page = await html.text();
    assert.match(page, /<h1[^>]*>Medidor pausado<\/h1>/);
    assert.match(page, /pausado/);
    assert.doesNotMatch(page, /ocupado|tentarEm/);
    assert.equal(site.requests.filter((r) => r.path === '/').length >= 0, true);
  });

  test('storage failure: 503 with Retry-After, never 500', async () => {
    const failing: Store = {
      kind: 'memory',
      get: async () => { throw new StoreUnavailableError(); },
      set: async () => { throw new StoreUnavailableError(); },
      hit: async () => { throw new StoreUnavailableError(); },
      delete: async () => { throw new StoreUnavailableError(); },
    };
    useRuntime({}, failing);
    const res = await postJson({ site: site.host });
    assert.equal(res.status, 503);
    assert.ok(Number(res.headers.get('retry-after')) >= 1);
    assert.equal(envelopeSchema.parse(await res.json()).estado, 'indisponivel');
  });

  test('storage failing only when recording: 503, never 500', async () => {
    const memory = new MemoryStore();
    useRuntime({}, {
      kind: 'memory',
      get: memory.get.bind(memory),
      hit: memory.hit.bind(memory),
      delete: memory.delete.bind(memory),
      set: async (key, value, options) => {
        if (key.startsWith('readiness:reading:')) throw new StoreUnavailableError();
        return memory.set(key, value, options);
      },
    });
    const res = await postJson({ site: challenge.host });
    assert.equal(res.status, 503);
    assert.match(envelopeSchema.parse(await res.json()).motivo ?? '', /não pôde ser registrado/);
  });
});

describe('bad input: a clear 4xx or an unscored measurement, never 5xx', () => {
  const bad = [
    'ftp://exemplo.com.br/',
    'https://exemplo.com.br:8443/pagina',
    'https://usuario@exemplo.com.br/',
    'exemplo.com.br:8080',
    'user@exemplo.com.br',
    // IP literals, localhost and the other address forms: rows of tests/attacks/ssrf-cases.ts.
    `${'a'.repeat(64)}.com.br`,
    `${'abc.'.repeat(70)}com`,
    '',
    'exemplo .com',
    'javascript:alert(1)',
  ];
  for (const input of bad) {
    test(`site=${JSON.stringify(input.length > 30 ? `${input.slice(0, 30)}…` : input)} → 400`, async () => {
      const res = await postJson({ site: input });
      assert.equal(res.status, 400);
      const body = (await res.json()) as { error: string; error_description: string };
      assert.equal(body.error, 'invalid_request');
      assert.ok(body.error_description.length > 10);
    });
  }

  test('an IDN is accepted and normalized; a private resolution is refused without connecting (unscored)', async () => {
    const res = await postJson({ site: 'açaí.com.br' });
    assert.equal(res.status, 200);
    const envelope = envelopeSchema.parse(await res.json());
    assert.equal(envelope.dominio, 'xn--aa-4iaz.com.br');
    assert.equal(envelope.estado, 'nao_pontuada');
    assert.deepEqual(network.connects, []);
  });

  test('malformed bodies', async () => {
    assert.equal((await post('{"site":', { 'content-type': 'application/json' })).status, 400);
    assert.equal((await postJson({ dominio: 'exemplo.com.br' })).status, 400);
    assert.equal((await postJson({ site: 42 })).status, 400);
    assert.equal((await post('outro=1', { 'content-type': 'application/x-www-form-urlencoded' })).status, 400);
    const html = await post('site=', { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' });
    assert.equal(html.status, 400);
    assert.match(html.headers.get('content-type') ?? '', /text\/html/);
  });

  test('body over 64 KB: 413', async () => {
    const res = await postJson({ site: 'exemplo.com.br', lixo: 'x'.repeat(70 * 1024) });
    assert.equal(res.status, 413);
    const chunked = await fetch(`${server.url}/api/ia/medicao`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        start(c) {
          for (let i = 0; i < 80; i++) c.enqueue(new TextEncoder().encode('x'.repeat(1024)));
          c.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    assert.equal(chunked.status, 413);
  });

  test('wrong media type: 415; wrong method: 405; OPTIONS: 204', async () => {
    assert.equal((await post('site=exemplo.com.br', { 'content-type': 'text/plain' })).status, 415);
    const get = await fetch(`${server.url}/api/ia/medicao`);
    assert.equal(get.status, 405);
    assert.match(get.headers.get('allow') ?? '', /POST/);
    assert.equal((await fetch(`${server.url}/api/ia/medicao`, { method: 'OPTIONS' })).status, 204);
  });
});

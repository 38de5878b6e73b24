/**
 * One pipeline per route (functions/app.ts): the app instrumented with `observe`, which sees every step as it
 * starts. A v1 read with a bearer, a measurement POST and a contact POST each pass every step of their route
 * exactly once, in the route's order, and the handler runs with the input the validation made. Issue 22, item 1.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type App, createApp } from '../../functions/app.ts';
import { loadConfig } from '../../functions/config.ts';
import { compose, type Exchange } from '../../functions/http/pipeline.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import { signAccessToken } from '../helpers/api-tokens.ts';
import { guardNetwork } from '../helpers/readiness.ts';
import { testContext, testServices } from '../helpers/services.ts';

/** The app, and the steps each request passed, in order. */
function instrumented(): { app: App; steps: string[]; routes: Set<string> } {
  const steps: string[] = [];
  const routes = new Set<string>();
  const app = createApp({
    observe(route, step) {
      routes.add(route);
      steps.push(step);
    },
  });
  return { app, steps, routes };
}

const config = loadConfig({ ...process.env, RATE_LIMIT_V1: '1000', RATE_LIMIT_PUBLIC: '1000' });
const origin = config.origin;

describe('each step of a route passes once per request', () => {
  test('a v1 read with a bearer: the headers out, bearer, quota, methods, the bearer verdict, the parameters, the handler', async () => {
    const { app, steps, routes } = instrumented();
    const services = testServices({}, { store: new MemoryStore(), config });
    const token = await signAccessToken({ config });
    const response = await app.fetch(new Request(`${origin}/api/v1/busca?q=dados+estruturados&limite=3`, { headers: { authorization: `Bearer ${token}` } }), testContext(services));
    assert.equal(response.status, 200);
    const body = (await response.json()) as { q: string; limite: number };
    // The handler got the parameters as the operation's schemas made them (trimmed query, integer limit).
    assert.deepEqual([body.q, body.limite], ['dados estruturados', 3]);
    assert.deepEqual([...routes], ['api.v1.Buscar']);
    assert.deepEqual(steps, ['guard', 'api-headers', 'bearer', 'quota', 'methods', 'authorize', 'validate', 'handler']);
    assert.equal(response.headers.get('ratelimit-policy'), `"v1";q=1000;w=60`);
    assert.equal(response.headers.get('content-security-policy')?.startsWith("default-src 'none'"), true);
  });

  test('a measurement POST: methods, same-origin, body, validation, quota, the handler', async () => {
    const { app, steps, routes } = instrumented();
    // The name resolves nowhere: the measurement ends unscored at once, without leaving the process.
    const services = testServices({}, { store: new MemoryStore(), config, network: guardNetwork() });
    const response = await app.fetch(
      new Request(`${origin}/api/ia/medicao`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ site: 'Exemplo.com.br' }) }),
      testContext(services),
    );
    assert.equal(response.status, 200);
    const envelope = (await response.json()) as { dominio: string; estado: string };
    // The handler measured the domain the validation normalized.
    assert.deepEqual([envelope.dominio, envelope.estado], ['exemplo.com.br', 'nao_pontuada']);
    assert.deepEqual([...routes], ['readiness.measurement']);
    assert.deepEqual(steps, ['guard', 'methods', 'same-origin', 'body', 'validate', 'quota', 'handler']);
  });

  test('a contact POST: methods, same-origin, body, validation, quota, the handler', async () => {
    const { app, steps, routes } = instrumented();
    const store = new MemoryStore();
    const services = testServices({}, { store, config });
    const form = new URLSearchParams({ nome: 'Ana Souza', email: 'ana@exemplo.com.br', mensagem: 'Quero um diagnóstico do meu site.', consentimento: 'sim' });
    const response = await app.fetch(
      new Request(`${origin}/contato/formulario`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: form }),
      testContext(services),
    );
    assert.equal(response.status, 201);
    assert.deepEqual([...routes], ['contact.submit']);
    assert.deepEqual(steps, ['guard', 'methods', 'same-origin', 'body', 'validate', 'quota', 'handler']);
  });

  test('a refusal stops the pipeline at its step: the steps after it never run', async () => {
    const { app, steps } = instrumented();
    const services = testServices({}, { store: new MemoryStore(), config });
    const response = await app.fetch(new Request(`${origin}/api/v1/busca?q=x`), testContext(services));
    assert.equal(response.status, 401);
    // Counted (refused requests count against the client's quota), then refused by the bearer's verdict.
    assert.deepEqual(steps, ['guard', 'api-headers', 'bearer', 'quota', 'methods', 'authorize']);
  });
});

describe('compose', () => {
  const exchange = (): Exchange => {
    const request = new Request('http://localhost/x');
    return { request, url: new URL(request.url), method: 'GET', context: {}, param: '', found: {}, refuse: () => new Response(null, { status: 400 }) };
  };

  test('a step that calls next twice, or a last step that calls it, is a programming error', async () => {
    const twice = compose([{ name: 'twice', run: async (_x, next) => (await next(), next()) }, { name: 'handler', run: () => new Response('ok') }]);
    await assert.rejects(twice(exchange()), /duas vezes/);
    const past = compose([{ name: 'handler', run: (_x, next) => next() }]);
    await assert.rejects(past(exchange()), /última etapa/);
  });
});

/**
 * The sandbox's data never comes from storage: with a runtime whose store throws on every call (and records
 * them), every sandbox route answers as usual. The one call is its quota: the client's `v1-public` counter, the
 * same one `GET /api` counts (issue 18, item 7: the sandbox once kept its own count in process memory), which
 * fails open like every API quota. The same runtime makes the real v1 readiness route answer 503, proving the
 * store is the one in use.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { app } from '../../../functions/app.ts';
import { SANDBOX_PAGES } from '../../../functions/api/sandbox/fixtures.ts';
import { loadConfig } from '../../../functions/config.ts';
import type { Services } from '../../../functions/context.ts';
import { quotaKey } from '../../../functions/limits/quotas.ts';
import type { Store } from '../../../functions/store/types.ts';
import { signAccessToken } from '../../helpers/api-tokens.ts';
import { testContext, testServices } from '../../helpers/services.ts';

const calls: string[] = [];
const failing = (name: string) => async (key: string): Promise<never> => {
  calls.push(`${name} ${key}`);
  throw new Error(`store.${name} chamado`);
};
/** The only call a sandbox request makes: one hit on the client's v1-public counter. */
const QUOTA_ONLY = (): string[] => [`hit ${quotaKey(testContext(services, '203.0.113.7'), 'v1-public')}`];
const throwingStore: Store = { kind: 'memory', get: failing('get'), set: failing('set'), hit: failing('hit'), delete: failing('delete') };

let origin: string;
let services: Services;
const call = (path: string, init?: RequestInit): Promise<Response> => app.fetch(new Request(`${origin}${path}`, init), testContext(services, '203.0.113.7'));

before(() => {
  services = testServices({}, { store: throwingStore, config: loadConfig({ ...process.env, RATE_LIMIT_PUBLIC: '1000' }) });
  origin = services.config.origin;
});

describe('sandbox sem armazenamento', () => {
  const cases: [string, number][] = [
    ['/api/v1/sandbox', 200],
    ['/api/v1/sandbox/', 200],
    ['/api/v1/sandbox/paginas', 200],
    ['/api/v1/sandbox/paginas?limite=2', 200],
    ['/api/v1/sandbox/paginas?limite=2&cursor=Mg', 200],
    ['/api/v1/sandbox/paginas?limite=0', 400],
    ['/api/v1/sandbox/paginas?cursor=invalido', 400],
    ...SANDBOX_PAGES.map((p): [string, number] => [`/api/v1/sandbox/paginas/${p.rota}`, 200]),
    ['/api/v1/sandbox/paginas/nao-existe', 404],
    ['/api/v1/sandbox/busca?q=robots', 200],
    ['/api/v1/sandbox/busca', 400],
    ['/api/v1/sandbox/solucoes', 200],
    ['/api/v1/sandbox/precos', 200],
    ['/api/v1/sandbox/prontidao/exemplo.com.br', 200],
    ['/api/v1/sandbox/prontidao/127.0.0.1', 400],
    ['/api/v1/sandbox/desconhecida', 404],
  ];
  for (const [path, status] of cases) {
    test(`${path} → ${status}, X-Sandbox e nenhuma chamada ao armazenamento`, async () => {
      calls.length = 0;
      const response = await call(path);
      assert.equal(response.status, status);
      assert.equal(response.headers.get('x-sandbox'), 'true');
      assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
      assert.equal(response.headers.get('ratelimit-limit'), '1000');
      assert.equal(response.headers.get('ratelimit-remaining'), '1000', 'a failing store: the quota fails open');
      const body = (await response.json()) as Record<string, unknown>;
      if (status === 200) assert.equal(body.sandbox, true);
      assert.deepEqual(calls, QUOTA_ONLY());
    });
  }

  test('com Bearer válido: validado e ecoado, ainda sem armazenamento', async () => {
    calls.length = 0;
    const token = await signAccessToken({ sub: 'reg_SandboxSandboxSandbo' });
    const response = await call('/api/v1/sandbox/', { headers: { authorization: `Bearer ${token}` } });
    assert.equal(response.status, 200);
    const body = (await response.json()) as { registrado_como: string | null; sandbox: unknown };
    assert.equal(body.registrado_como, 'reg_SandboxSandboxSandbo');
    assert.equal(body.sandbox, true);
    assert.deepEqual(calls, QUOTA_ONLY());
  });

  test('token de pré-visualização (sandbox: true) vale no sandbox', async () => {
    calls.length = 0;
    const token = await signAccessToken({ sandbox: true });
    const response = await call('/api/v1/sandbox/busca?q=llms', { headers: { authorization: `Bearer ${token}` } });
    assert.equal(response.status, 200);
    assert.deepEqual(calls, QUOTA_ONLY());
  });

  test('a leitura de exemplo ecoa o domínio normalizado, com medidoEm null', async () => {
    calls.length = 0;
    const response = await call('/api/v1/sandbox/prontidao/Exemplo.COM.br');
    const body = (await response.json()) as { dominio: string; medidoEm: unknown; estado: string };
    assert.equal(body.dominio, 'exemplo.com.br');
    assert.equal(body.medidoEm, null);
    assert.equal(body.estado, 'registrada');
    assert.deepEqual(calls, QUOTA_ONLY());
  });

  test('métodos de escrita: 405, sem armazenamento além da cota (um método recusado também conta)', async () => {
    calls.length = 0;
    const response = await call('/api/v1/sandbox/paginas', { method: 'DELETE' });
    assert.equal(response.status, 405);
    assert.equal(response.headers.get('allow'), 'GET, HEAD, OPTIONS');
    assert.deepEqual(calls, QUOTA_ONLY());
  });

  test('controle: a v1 real usa esse armazenamento (e responde 503 sem ele, nunca 500)', async () => {
    calls.length = 0;
    const token = await signAccessToken();
    const response = await call('/api/v1/prontidao/exemplo.com.br', { headers: { authorization: `Bearer ${token}` } });
    assert.ok(calls.length > 0, 'a rota real deveria ter tentado o armazenamento');
    assert.equal(response.status, 503);
    assert.ok(Number(response.headers.get('retry-after')) >= 1);
    // Limits fail open: the headers are still there.
    assert.equal(response.headers.get('ratelimit-limit'), '120');
  });
});

/**
 * Per-client limits keyed by who the client is (issue 18, items 6 and 7), in process through the app's `fetch` with
 * chosen client addresses (the local server only sees loopback):
 *
 * - the address rotation table (tests/attacks/address-rotation-cases.ts) against every per-client limit: the
 *   leads per hour, the measurements per visitor, the instrument gate's share and the public API quota. One IPv6
 *   client is its /64, one IPv4 client its whole address;
 * - one `v1-public` counter per client for `GET /api`, the open reading and the sandbox, in the configured store:
 *   the sandbox once counted in its own process memory (0 left there while `/api` still had 53), and another
 *   instance of the function started its count over.
 */
import assert from 'node:assert/strict';
import { after, beforeEach, describe, test } from 'node:test';
import { parseList } from 'structured-headers';
import { app } from '../../functions/app.ts';
import { loadConfig } from '../../functions/config.ts';
import type { Services } from '../../functions/context.ts';
import { QUOTAS } from '../../functions/limits/quotas.ts';
import { envelopeSchema } from '../../src/model/reading.ts';
import { defaultNetwork } from '../../functions/readiness/fetch/network.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import { ROTATION_CASES } from '../attacks/address-rotation-cases.ts';
import { signAccessToken } from '../helpers/api-tokens.ts';
import { guardNetwork } from '../helpers/readiness.ts';
import { resetServices, testContext, testServices } from '../helpers/services.ts';

/** This file's own services. */
const services = testServices();
const DOMAIN = 'exemplo-sem-leitura.com.br';
const ENV = { RATE_LIMIT_V1: '100000', RATE_LIMIT_PUBLIC: '3', READINESS_GATE_PER_MINUTE: '8', READINESS_MEASUREMENTS_PER_DAY: '3', READINESS_PAUSED: '', READINESS_ALLOW_LOOPBACK: '' };

beforeEach(() => {
  resetServices(services, { store: new MemoryStore(), config: loadConfig({ ...process.env, ...ENV }) });
  services.network = guardNetwork();
});
after(() => {
  services.network = defaultNetwork;
  resetServices(services);
});

const url = (path: string) => `${services.config.origin}${path}`;
const FORM = 'application/x-www-form-urlencoded';
const lead = (i: number) =>
  new URLSearchParams({ nome: `Pessoa ${i}`, email: `pessoa${i}@exemplo.com.br`, mensagem: 'Quero uma proposta de diagnóstico.', consentimento: 'sim' }).toString();

interface Surface {
  name: string;
  /** How many calls one client gets. */
  limit(services: Services): number;
  call(address: string, i: number): Promise<Response>;
  /** Whether a response is this limit's refusal (and not another one). */
  refused(response: Response): Promise<boolean>;
}

const SURFACES: readonly Surface[] = [
  {
    name: 'contatos por hora',
    limit: (s) => QUOTAS.contato.limit(s.config),
    call: (address, i) => app.fetch(new Request(url('/contato/formulario'), { method: 'POST', headers: { 'content-type': FORM }, body: lead(i) }), testContext(services, address)),
    refused: async (res) => res.status === 429 && ((await res.json()) as { error: string }).error === 'rate_limited',
  },
  {
    name: 'medições por visitante',
    limit: (s) => QUOTAS.medicao.limit(s.config),
    call: (address) =>
      app.fetch(new Request(url('/api/ia/medicao'), { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ site: DOMAIN }) }), testContext(services, address)),
    refused: async (res) => res.status === 429 && ((await res.json()) as { error?: string }).error === 'rate_limited',
  },
  {
    name: 'parte do portão do instrumento',
    limit: (s) => QUOTAS['instrumento-cliente'].limit(s.config),
    // The v1 reading: its quota is per registration (raised here), so only the gate's share can refuse.
    call: async (address) =>
      app.fetch(new Request(url(`/api/v1/prontidao/${DOMAIN}`), { headers: { authorization: `Bearer ${await signAccessToken()}` } }), testContext(services, address)),
    refused: async (res) => res.status === 429 && /sua parte/.test(envelopeSchema.parse(await res.json()).motivo ?? ''),
  },
  {
    name: 'cota pública da API (v1-public)',
    limit: (s) => QUOTAS['v1-public'].limit(s.config),
    call: (address) => app.fetch(new Request(url('/api')), testContext(services, address)),
    refused: async (res) => res.status === 429 && ((await res.json()) as { error: string }).error === 'rate_limited',
  },
];

describe('address rotation against every per-client limit (issue 18, item 6)', () => {
  for (const surface of SURFACES) {
    for (const row of ROTATION_CASES) {
      test(`${surface.name}: ${row.name} → ${row.expect === 'one-client' ? 'um cliente' : 'clientes separados'}`, async () => {
        const limit = surface.limit(services);
        assert.ok(limit >= 2 && limit <= 5, `${surface.name}: ${limit}`);
        if (row.expect === 'one-client') {
          // The limit's worth of calls spread over the addresses, then one more from the next address.
          for (let i = 0; i < limit; i++) {
            const res = await surface.call(row.addresses[i % row.addresses.length]!, i);
            assert.ok(res.status < 400, `${surface.name}: chamada ${i + 1} de ${row.addresses[i % row.addresses.length]} → ${res.status}`);
          }
          const over = await surface.call(row.addresses[limit % row.addresses.length]!, limit);
          assert.ok(await surface.refused(over), `${surface.name}: a chamada ${limit + 1} de ${row.addresses[limit % row.addresses.length]} passou (${over.status})`);
          return;
        }
        // Separate clients: the first spends its whole limit; each of the others is still served.
        const [first, ...others] = row.addresses as [string, ...string[]];
        for (let i = 0; i < limit; i++) assert.ok((await surface.call(first, i)).status < 400, `${first}: chamada ${i + 1}`);
        assert.ok(await surface.refused(await surface.call(first, limit)), `${first}: acima do limite`);
        for (const [j, other] of others.entries()) {
          const res = await surface.call(other, limit + 1 + j);
          assert.ok(res.status < 400, `${other}: contado junto com ${first} (${res.status})`);
        }
      });
    }
  }
});

describe('one v1-public counter per client, in the configured store (issue 18, item 7)', () => {
  const remaining = (res: Response) => Number(res.headers.get('ratelimit-remaining'));

  test('GET /api, the open reading and the sandbox draw on the same counter', async () => {
    const ctx = () => testContext(services, '203.0.113.50');
    const seen: [string, number, number][] = [];
    for (const path of ['/api', '/api/v1/sandbox/precos', `/api/ia/leitura?site=${DOMAIN}`]) {
      const res = await app.fetch(new Request(url(path)), ctx());
      seen.push([path, res.status, remaining(res)]);
      assert.match(res.headers.get('ratelimit-policy') ?? '', /^"v1-public";q=3;w=60$/);
    }
    assert.deepEqual(seen, [
      ['/api', 200, 2],
      ['/api/v1/sandbox/precos', 200, 1],
      [`/api/ia/leitura?site=${DOMAIN}`, 200, 0],
    ]);
    for (const path of ['/api/v1/sandbox/', '/api']) {
      const res = await app.fetch(new Request(url(path)), ctx());
      assert.equal(res.status, 429, path);
      assert.equal(remaining(res), 0);
      const [[, params]] = parseList(res.headers.get('ratelimit')!) as [[string, Map<string, number>]];
      assert.equal(params.get('r'), 0);
      assert.ok(Number(res.headers.get('retry-after')) >= 1);
    }
  });

  test('another instance of the function (same store, its own configuration) continues the sandbox’s count', async () => {
    const store = services.store;
    const instance = () => testServices(ENV, { store, network: services.network });
    const first = instance();
    const second = instance();
    assert.notEqual(first.config, second.config);
    const sandbox = (s: Services) => app.fetch(new Request(`${s.config.origin}/api/v1/sandbox/solucoes`), testContext(s, '203.0.113.51'));
    assert.equal(remaining(await sandbox(first)), 2);
    assert.equal(remaining(await sandbox(second)), 1);
    assert.equal(remaining(await sandbox(first)), 0);
    const limited = await sandbox(second);
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('x-sandbox'), 'true');
  });
});

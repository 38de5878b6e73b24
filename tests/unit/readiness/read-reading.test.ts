import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadConfig } from '../../../functions/config.ts';
import { envelopeSchema, type Envelope } from '../../../src/model/reading.ts';
import { clientShare, quotaKey } from '../../../functions/limits/quotas.ts';
import { passGate } from '../../../functions/readiness/gate.ts';
import { readingResponse, readRecordedReading } from '../../../functions/readiness/read-reading.ts';
import { getReading, saveReading } from '../../../functions/readiness/readings.ts';
import type { Services } from '../../../functions/context.ts';
import { testContext, testServices } from '../../helpers/services.ts';
import { MemoryStore } from '../../../functions/store/memory.ts';
import { type Store, StoreUnavailableError } from '../../../functions/store/types.ts';

const ORIGIN = 'https://sinal.exemplo.com.br';
const CLIENT = '198.51.100.1';
/** The address of the i-th distinct client. */
const client = (i: number) => `203.0.113.${i + 1}`;
let clock = Date.parse('2026-11-22T12:00:00Z');
const now = () => clock;

let services: Services;
function setup(env: Record<string, string> = {}, store: Store = new MemoryStore({ now })) {
  services = testServices({}, { config: loadConfig({ SITE_URL: ORIGIN, AGENT_JWT_SECRET: 'x'.repeat(32), READER_SIGNING_KEY: '', ...env }), store, now });
  return store;
}

/** The read as the API serves it: the outcome mapped to HTTP by `readingResponse`. */
const read = async (domain: string, address: string): Promise<Response> => readingResponse(await readRecordedReading(testContext(services, address), domain));

const failingStore: Store = {
  kind: 'memory',
  get: async () => { throw new StoreUnavailableError(new Error('fora do ar')); },
  set: async () => { throw new StoreUnavailableError(new Error('fora do ar')); },
  hit: async () => { throw new StoreUnavailableError(new Error('fora do ar')); },
  delete: async () => { throw new StoreUnavailableError(new Error('fora do ar')); },
};

const recorded: Envelope = {
  dominio: 'exemplo.com.br',
  estado: 'registrada',
  nota: 91,
  grau: 'A',
  camadas: [{ id: 'acesso', nome: 'Acesso de robôs', nota: 100, verificacoes: [{ id: 'robots-txt', nome: 'robots.txt', status: 'passou', peso: 7, pontos: 7, detalhe: 'ok' }] }],
  lacunas: [],
  medidoEm: '2026-11-22T11:00:00.000Z',
};

async function body(response: Response): Promise<Envelope> {
  const json = await response.json();
  return envelopeSchema.parse(json);
}

const runtimeStore = () => services.store;

describe('readRecordedReading (readiness rules 1–4, never measures)', () => {
  test('returns values, not HTTP: each surface maps the outcome to its own shape', async () => {
    setup();
    const ctx = testContext(services, CLIENT);
    const invalid = await readRecordedReading(ctx, 'não é domínio');
    assert.equal(invalid instanceof Response, false);
    assert.equal(invalid.kind, 'invalid');
    assert.ok(invalid.kind === 'invalid' && invalid.reason.length > 10);
    const absent = await readRecordedReading(ctx, 'exemplo.com.br');
    assert.ok(absent.kind === 'envelope');
    assert.equal(absent.status, 200);
    assert.equal(absent.retryAfterSeconds, undefined);
    assert.equal(envelopeSchema.parse(absent.envelope).estado, 'ausente');
    setup({ READINESS_PAUSED: '1' });
    const paused = await readRecordedReading(testContext(services, CLIENT), 'exemplo.com.br');
    assert.ok(paused.kind === 'envelope');
    assert.equal(paused.status, 429);
    assert.ok(paused.retryAfterSeconds! >= 1);
    assert.equal(paused.envelope.estado, 'limite');
  });

  test('no reading: 200 ausente with the measuring page', async () => {
    setup();
    const response = await read('Exemplo.com.br', CLIENT);
    assert.equal(response.status, 200);
    const envelope = await body(response);
    assert.equal(envelope.estado, 'ausente');
    assert.equal(envelope.dominio, 'exemplo.com.br');
    assert.equal(envelope.nota, null);
    assert.equal(envelope.grau, null);
    assert.deepEqual(envelope.camadas, []);
    assert.deepEqual(envelope.lacunas, []);
    assert.equal(envelope.medidoEm, null);
    assert.equal(envelope.medirEm, `${ORIGIN}/diagnostico-de-visibilidade-cognitiva`);
  });

  test('a recorded reading is returned as recorded', async () => {
    setup();
    await saveReading(services.store, recorded);
    const response = await read('exemplo.com.br', CLIENT);
    assert.equal(response.status, 200);
    const envelope = await body(response);
    assert.equal(envelope.estado, 'registrada');
    assert.equal(envelope.nota, 91);
    assert.equal(envelope.grau, 'A');
    assert.equal(envelope.medidoEm, recorded.medidoEm);
  });

  test('IDN input reads the punycode key', async () => {
    setup();
    await saveReading(services.store, { ...recorded, dominio: 'xn--aa-4iaz.com.br' });
    const envelope = await body(await read('açaí.com.br', CLIENT));
    assert.equal(envelope.estado, 'registrada');
  });

  test('a pasted address reads the domain key (the same normalizer as the measurement)', async () => {
    setup();
    await saveReading(services.store, { ...recorded, dominio: 'exemplo.com.br' });
    for (const pasted of ['https://www.exemplo.com.br/blog?x=1', 'EXEMPLO.com.br/']) {
      const envelope = await body(await read(pasted, CLIENT));
      assert.equal(envelope.estado, 'registrada', pasted);
      assert.equal(envelope.dominio, 'exemplo.com.br', pasted);
    }
  });

  test('invalid domains: 400 invalid_request error body', async () => {
    setup();
    for (const bad of ['ftp://exemplo.com.br', 'usuario@exemplo.com.br', '10.0.0.1', 'exemplo.com.br:8080', `${'a'.repeat(300)}.com`]) {
      const response = await read(bad, CLIENT);
      assert.equal(response.status, 400, bad);
      const json = (await response.json()) as { error: string; error_description: string };
      assert.equal(json.error, 'invalid_request');
      assert.ok(json.error_description.length > 10);
    }
  });

  test('gate: 8 calls per minute, then 429 limite with Retry-After and tentarEm; the window turns', async () => {
    setup();
    for (let i = 0; i < 8; i++) assert.equal((await read('exemplo.com.br', client(i))).status, 200);
    const limited = await read('exemplo.com.br', client(8));
    assert.equal(limited.status, 429);
    const retry = Number(limited.headers.get('retry-after'));
    assert.ok(Number.isInteger(retry) && retry >= 1 && retry <= 60);
    const envelope = await body(limited);
    assert.equal(envelope.estado, 'limite');
    assert.ok(envelope.tentarEm && Date.parse(envelope.tentarEm) > clock);
    assert.match(envelope.motivo ?? '', /limite de chamadas por minuto/);
    clock += 61_000;
    assert.equal((await read('exemplo.com.br', client(8))).status, 200);
  });

  test('the gate is shared with measurements', async () => {
    setup({ READINESS_GATE_PER_MINUTE: '2' });
    assert.equal((await passGate(testContext(services, client(0)))).ok, true);
    assert.equal((await passGate(testContext(services, client(1)))).ok, true);
    assert.equal((await read('exemplo.com.br', client(2))).status, 429);
  });

  test('fair share: one client takes at most 3 of the 8 calls; its refused calls leave the gate to the others', async () => {
    setup();
    for (let i = 0; i < 3; i++) assert.equal((await read('exemplo.com.br', CLIENT)).status, 200);
    for (let i = 0; i < 100; i++) {
      const refused = await read('exemplo.com.br', CLIENT);
      assert.equal(refused.status, 429);
      const retry = Number(refused.headers.get('retry-after'));
      assert.ok(Number.isInteger(retry) && retry >= 1 && retry <= 60);
      const envelope = await body(refused);
      assert.equal(envelope.estado, 'limite');
      assert.match(envelope.motivo ?? '', /sua parte/);
    }
    // The five calls left in the minute go to other clients; then the gate is spent for everyone.
    for (let i = 0; i < 5; i++) assert.equal((await read('exemplo.com.br', client(i))).status, 200, `cliente ${i}`);
    const busy = await read('exemplo.com.br', client(5));
    assert.equal(busy.status, 429);
    assert.match((await body(busy)).motivo ?? '', /limite de chamadas por minuto/);
    // The share is counted per hashed address (as the rate limits do), in the store: never the address itself.
    const store = runtimeStore();
    assert.equal(await store.get(quotaKey(testContext(services, CLIENT), 'instrumento-cliente')), 103);
    assert.ok(!quotaKey(testContext(services, CLIENT), 'instrumento-cliente').includes(CLIENT));
    clock += 61_000;
    assert.equal((await read('exemplo.com.br', CLIENT)).status, 200, 'the share returns with the window');
  });

  test('the share is a third of the gate, rounded up, at least one', () => {
    assert.equal(clientShare(8), 3);
    assert.equal(clientShare(1), 1);
    assert.equal(clientShare(2), 1);
    assert.equal(clientShare(100), 34);
  });

  test('operator pause: 429 limite with Retry-After', async () => {
    setup({ READINESS_PAUSED: '1' });
    const response = await read('exemplo.com.br', CLIENT);
    assert.equal(response.status, 429);
    assert.ok(Number(response.headers.get('retry-after')) >= 1);
    const envelope = await body(response);
    assert.equal(envelope.estado, 'limite');
    assert.ok(envelope.tentarEm);
    assert.match(envelope.motivo ?? '', /pausado/);
  });

  test('storage failure: 503 indisponivel with Retry-After, never 500', async () => {
    setup({}, failingStore);
    const response = await read('exemplo.com.br', CLIENT);
    assert.equal(response.status, 503);
    assert.ok(Number(response.headers.get('retry-after')) >= 1);
    const envelope = await body(response);
    assert.equal(envelope.estado, 'indisponivel');
    assert.ok(envelope.tentarEm);
  });

  test('storage failing only on read (gate counter works): still 503', async () => {
    const memory = new MemoryStore({ now });
    setup({}, { ...memory, kind: 'memory', hit: memory.hit.bind(memory), set: memory.set.bind(memory), delete: memory.delete.bind(memory), get: failingStore.get });
    assert.equal((await read('exemplo.com.br', CLIENT)).status, 503);
  });

  test('records only registrada and nao_pontuada; unreadable records count as absent', async () => {
    const store = setup();
    await assert.rejects(saveReading(services.store, { ...recorded, estado: 'limite' }));
    await store.set('readiness:reading:exemplo.com.br', { lixo: true });
    assert.equal(await getReading(services.store, 'exemplo.com.br'), null);
  });
});

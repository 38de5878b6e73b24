/**
 * The instrument gate's fair share through every caller: one client (the hostile MCP user who sent 100
 * `get_readiness_score` calls at once and closed the shared gate for a minute) takes at most its share, on every
 * surface that passes the gate (MCP, `/api/ia/leitura`, `/api/v1/prontidao/{dominio}`, the measurement), and the
 * other clients are still served. The requests run through the app's `fetch` with distinct client addresses (the
 * local server only sees loopback).
 */
import assert from 'node:assert/strict';
import { after, beforeEach, describe, test } from 'node:test';
import { app } from '../../functions/app.ts';
import { loadConfig } from '../../functions/config.ts';
import { envelopeSchema } from '../../src/model/reading.ts';
import { defaultNetwork } from '../../functions/readiness/fetch/network.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import { signAccessToken } from '../helpers/api-tokens.ts';
import { guardNetwork } from '../helpers/readiness.ts';
import { resetServices, testContext, testServices } from '../helpers/services.ts';

/** This file's own services: every server it starts serves with them. */
const services = testServices();

const HOSTILE = '198.51.100.66';
const OTHERS = ['203.0.113.10', '203.0.113.11', '2001:db8::12'];
const DOMAIN = 'exemplo-sem-leitura.com.br';

beforeEach(() => {
  resetServices(services, {
    store: new MemoryStore(),
    config: loadConfig({ ...process.env, RATE_LIMIT_V1: '100000', RATE_LIMIT_PUBLIC: '100000', READINESS_GATE_PER_MINUTE: '8', READINESS_PAUSED: '', READINESS_ALLOW_LOOPBACK: '' }),
  });
  services.network = guardNetwork();
});
after(() => {
  services.network = defaultNetwork;
  resetServices(services);
});

const url = (path: string) => `${services.config.origin}${path}`;

async function mcpReading(clientAddress: string, id: number): Promise<{ estado: string; motivo?: string }> {
  const request = new Request(url('/mcp'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get_readiness_score', arguments: { dominio: DOMAIN } } }),
  });
  const response = await app.fetch(request, testContext(services, clientAddress));
  assert.equal(response.status, 200);
  const body = (await response.json()) as { result: { structuredContent: { estado: string; motivo?: string } } };
  return body.result.structuredContent;
}

const openReading = (clientAddress: string) => app.fetch(new Request(url(`/api/ia/leitura?site=${DOMAIN}`)), testContext(services, clientAddress));

async function v1Reading(clientAddress: string): Promise<Response> {
  const token = await signAccessToken();
  return app.fetch(new Request(url(`/api/v1/prontidao/${DOMAIN}`), { headers: { authorization: `Bearer ${token}` } }), testContext(services, clientAddress));
}

const measurement = (clientAddress: string) =>
  app.fetch(new Request(url('/api/ia/medicao'), { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ site: DOMAIN }) }), testContext(services, clientAddress));

async function expectShareSpent(response: Response, surface: string): Promise<void> {
  assert.equal(response.status, 429, surface);
  const retry = Number(response.headers.get('retry-after'));
  assert.ok(Number.isInteger(retry) && retry >= 1 && retry <= 60, `${surface}: Retry-After ${retry}`);
  const envelope = envelopeSchema.parse(await response.json());
  assert.equal(envelope.estado, 'limite', surface);
  assert.ok(envelope.tentarEm, surface);
  assert.match(envelope.motivo ?? '', /sua parte/, surface);
}

describe('fair share of the instrument gate (8 calls per minute, at most 3 per client)', () => {
  test('a flood of MCP calls from one client takes 3 calls; every other surface refuses it; other clients are served', async () => {
    const results = [];
    for (let i = 0; i < 100; i++) results.push(await mcpReading(HOSTILE, i + 1));
    assert.equal(results.filter((r) => r.estado === 'ausente').length, 3);
    assert.equal(results.filter((r) => r.estado === 'limite').length, 97);
    assert.match(results.at(-1)?.motivo ?? '', /sua parte/);

    // The same client on the other callers of the gate: its share is spent there too.
    await expectShareSpent(await openReading(HOSTILE), '/api/ia/leitura');
    await expectShareSpent(await v1Reading(HOSTILE), '/api/v1/prontidao');
    const measured = await measurement(HOSTILE);
    assert.equal(measured.headers.get('ratelimit-remaining'), '3', 'a refused measurement does not cost the visitor one of the three');
    await expectShareSpent(measured, '/api/ia/medicao');

    // Everyone else still gets the five calls left in the minute.
    const [b, c, d] = OTHERS as [string, string, string];
    assert.equal((await openReading(b)).status, 200);
    assert.equal((await v1Reading(c)).status, 200);
    assert.equal((await mcpReading(d, 1)).estado, 'ausente');
    assert.equal((await openReading(b)).status, 200);
    assert.equal((await v1Reading(c)).status, 200);
    // Then the shared gate is spent for everyone (`busy`, not the share).
    const busy = await openReading(d);
    assert.equal(busy.status, 429);
    assert.match(envelopeSchema.parse(await busy.json()).motivo ?? '', /limite de chamadas por minuto/);
  });

  test('a measurement counts against its visitor’s share like a read does', async () => {
    const first = await measurement(HOSTILE);
    assert.equal(first.status, 200, await first.clone().text());
    assert.equal((await openReading(HOSTILE)).status, 200);
    assert.equal((await openReading(HOSTILE)).status, 200);
    await expectShareSpent(await openReading(HOSTILE), '/api/ia/leitura após uma medição e duas leituras');
  });
});

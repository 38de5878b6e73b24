/**
 * Name resolution of the reading agent runs inside the time limits and once per host per measurement: a slow
 * resolver must not stretch a deadline (it once turned a 2 s total deadline into 8 s), and the up to 80
 * requests of one measurement must not each wait for the resolver again. The resolver is injected (a slowed or
 * counted `guardNetwork`), so nothing leaves loopback.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { type ReaderKey, readerKeyFrom } from '../../functions/readiness/agent/signing.ts';
import { envelopeSchema } from '../../src/model/reading.ts';
import { createSafeFetcher, FetchError } from '../../functions/readiness/fetch/safe-fetch.ts';
import type { NetworkHooks } from '../../functions/readiness/fetch/network.ts';
import { measure } from '../../functions/readiness/measure.ts';
import { agentReadySite, type Fixture, type GuardNetwork, guardNetwork, startFixture } from '../helpers/readiness.ts';

const PUBLIC = '93.184.216.34';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const code = (error: unknown) => (error instanceof FetchError ? error.code : String(error));

let echo: Fixture;
let site: Fixture;
let key: ReaderKey;

before(async () => {
  key = await readerKeyFrom(generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }) as JsonWebKey);
  echo = await startFixture((req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(`ok ${req.url}`);
  });
  site = await startFixture(agentReadySite);
});
after(async () => {
  await Promise.all([echo.close(), site.close()]);
});

/** The guard's network with a resolver that takes `delayMs` (and counts its calls). */
function slowResolver(guard: GuardNetwork, delayMs: number): NetworkHooks & { calls: number } {
  const hooks = {
    calls: 0,
    async resolve(hostname: string) {
      hooks.calls++;
      await sleep(delayMs);
      return guard.resolve(hostname);
    },
    connect: guard.connect.bind(guard),
  };
  return hooks;
}

describe('resolution inside the time limits', () => {
  test('the total deadline covers name resolution', async () => {
    const network = slowResolver(guardNetwork({ names: { 'site.exemplo': PUBLIC }, routes: { [`${PUBLIC}:80`]: echo.port } }), 3_000);
    const fetcher = createSafeFetcher({ network, timeoutMs: 10_000, signal: AbortSignal.timeout(300) });
    const started = Date.now();
    await assert.rejects(fetcher('http://site.exemplo/'), (e) => code(e) === 'budget');
    assert.ok(Date.now() - started < 1_000, `took ${Date.now() - started} ms`);
  });

  test('the per-request time limit covers name resolution', async () => {
    const network = slowResolver(guardNetwork({ names: { 'site.exemplo': PUBLIC }, routes: { [`${PUBLIC}:80`]: echo.port } }), 3_000);
    const started = Date.now();
    await assert.rejects(createSafeFetcher({ network, timeoutMs: 300 })('http://site.exemplo/'), (e) => code(e) === 'timeout');
    assert.ok(Date.now() - started < 1_000, `took ${Date.now() - started} ms`);
  });

  test('a measurement with a slow resolver ends at its total deadline, unscored', async () => {
    const network = slowResolver(guardNetwork(), 5_000);
    const started = Date.now();
    const envelope = envelopeSchema.parse(await measure(`localhost:${site.port}`, { key, agentOrigin: 'https://sinal.exemplo.com.br', allowLoopback: true, network, totalMs: 500 }));
    assert.ok(Date.now() - started < 1_500, `took ${Date.now() - started} ms`);
    assert.equal(envelope.estado, 'nao_pontuada');
    assert.match(envelope.motivo ?? '', /a tempo/);
  });
});

describe('one resolution per host per measurement', () => {
  test('sequential and concurrent requests to one host resolve it once; another host resolves once more', async () => {
    const guard = guardNetwork({ names: { 'site.exemplo': PUBLIC, 'outro.exemplo': PUBLIC }, routes: { [`${PUBLIC}:80`]: echo.port } });
    const network = slowResolver(guard, 50);
    const fetcher = createSafeFetcher({ network });
    await fetcher('http://site.exemplo/a');
    await Promise.all(['b', 'c', 'd', 'e', 'f'].map((p) => fetcher(`http://site.exemplo/${p}`)));
    assert.equal(network.calls, 1);
    await fetcher('http://outro.exemplo/');
    assert.equal(network.calls, 2);
    // Every request still dialed the checked address.
    assert.equal(guard.connects.length, 7);
    assert.ok(guard.connects.every((c) => c.address === PUBLIC));
    assert.deepEqual(guard.violations, []);
  });

  test('a failed resolution is not repeated within the measurement', async () => {
    const guard = guardNetwork();
    const network = slowResolver(guard, 0);
    const fetcher = createSafeFetcher({ network });
    await assert.rejects(fetcher('http://inexistente.exemplo/'), (e) => code(e) === 'dns');
    await assert.rejects(fetcher('http://inexistente.exemplo/outra'), (e) => code(e) === 'dns');
    assert.equal(network.calls, 1);
  });

  test('a whole measurement resolves its host once (the checks fetch many URLs)', async () => {
    const guard = guardNetwork();
    const envelope = envelopeSchema.parse(await measure(`localhost:${site.port}`, { key, agentOrigin: 'https://sinal.exemplo.com.br', allowLoopback: true, network: guard }));
    assert.equal(envelope.estado, 'registrada');
    assert.ok(guard.connects.length > 5, `only ${guard.connects.length} requests`);
    assert.deepEqual(guard.resolved, ['localhost']);
    assert.deepEqual(guard.violations, []);
  });
});

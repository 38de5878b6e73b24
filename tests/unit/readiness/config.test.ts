import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { describe, test } from 'node:test';
import { loadConfig } from '../../../functions/config.ts';
import { app } from '../../../functions/app.ts';
import { MemoryStore } from '../../../functions/store/memory.ts';
import { testContext, testServices } from '../../helpers/services.ts';

const base = { SITE_URL: 'https://sinal.exemplo.com.br', AGENT_JWT_SECRET: 'x'.repeat(32) };

describe('readiness configuration', () => {
  test('defaults: not paused, loopback refused, gate 8/min, 3 measurements per day', () => {
    const c = loadConfig(base);
    assert.equal(c.readinessPaused, false);
    assert.equal(c.readinessAllowLoopback, false);
    assert.equal(c.readinessGatePerMinute, 8);
    assert.equal(c.readinessMeasurementsPerDay, 3);
  });

  test('switches from the environment', () => {
    const c = loadConfig({ ...base, READINESS_PAUSED: '1', READINESS_ALLOW_LOOPBACK: '1', READINESS_GATE_PER_MINUTE: '100' });
    assert.equal(c.readinessPaused, true);
    assert.equal(c.readinessAllowLoopback, true);
    assert.equal(c.readinessGatePerMinute, 100);
  });

  test('READINESS_ALLOW_LOOPBACK is ignored on Netlify', () => {
    assert.equal(loadConfig({ ...base, NETLIFY: 'true', READINESS_ALLOW_LOOPBACK: '1' }).readinessAllowLoopback, false);
  });

  test('READER_SIGNING_KEY: a private Ed25519 JWK; ephemeral locally when unset, none on Netlify', () => {
    const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
    const configured = loadConfig({ ...base, READER_SIGNING_KEY: JSON.stringify(jwk) });
    assert.deepEqual(configured.readerSigningKey, { kty: 'OKP', crv: 'Ed25519', x: jwk.x, d: jwk.d });
    assert.equal(configured.readerSigningKeyEphemeral, false);
    const local = loadConfig(base);
    assert.equal(local.readerSigningKey?.crv, 'Ed25519');
    assert.equal(local.readerSigningKeyEphemeral, true);
    assert.deepEqual(loadConfig(base).readerSigningKey, local.readerSigningKey, 'one ephemeral key per process');
    assert.equal(loadConfig({ ...base, NETLIFY: 'true' }).readerSigningKey, undefined);
    assert.equal(loadConfig({ ...base, NETLIFY: 'true', READER_SIGNING_KEY: '{"kty":"RSA"}' }).readerSigningKey, undefined);
  });

  test('without a signing key (Netlify): the directory and the measurement answer 503 with Retry-After', async () => {
    const context = testContext(testServices({}, { config: loadConfig({ ...base, NETLIFY: 'true' }), store: new MemoryStore() }), '203.0.113.5');
    const directory = await app.fetch(new Request('https://sinal.exemplo.com.br/.well-known/http-message-signatures-directory'), context);
    assert.equal(directory.status, 503);
    assert.ok(Number(directory.headers.get('retry-after')) >= 1);
    const measurement = await app.fetch(
      new Request('https://sinal.exemplo.com.br/api/ia/medicao', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"site":"exemplo.com.br"}' }),
      context,
    );
    assert.equal(measurement.status, 503);
    assert.ok(Number(measurement.headers.get('retry-after')) >= 1);
    assert.equal(((await measurement.json()) as { estado: string }).estado, 'indisponivel');
  });
});

/** Runtime configuration: origin, preview, JWT secret rules (ephemeral locally, 503 on Netlify), Upstash, limits. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../../functions/config.ts';
import { createServices } from '../../functions/services.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import { siteOrigin } from '../../src/config/site.ts';

test('origin and preview come from the same rules as src/config/site.ts', () => {
  assert.equal(loadConfig({ SITE_URL: 'https://exemplo.com.br/qualquer' }).origin, 'https://exemplo.com.br');
  assert.equal(loadConfig({ PORT: '9999' }).origin, 'http://localhost:9999');
  const preview = loadConfig({ NETLIFY: 'true', CONTEXT: 'deploy-preview', DEPLOY_PRIME_URL: 'https://deploy-preview-1--x.netlify.app', AGENT_JWT_SECRET: 'x' });
  assert.equal(preview.origin, 'https://deploy-preview-1--x.netlify.app');
  assert.equal(preview.preview, true);
  assert.equal(loadConfig({ NETLIFY: 'true', CONTEXT: 'production', URL: 'https://sinal.example', AGENT_JWT_SECRET: 'x' }).preview, false);
});

test('loadConfig with another env does not leak into process.env', () => {
  const before = process.env.SITE_URL;
  loadConfig({ SITE_URL: 'https://vazamento.example' });
  assert.equal(process.env.SITE_URL, before);
});

test('AGENT_JWT_SECRET: used when set; ephemeral (one per process, with a warning) locally; undefined on Netlify', () => {
  const strong = 'segredo-forte-com-mais-de-32-bytes-0123456789';
  assert.equal(loadConfig({ AGENT_JWT_SECRET: strong }).jwtSecret, strong);
  assert.equal(loadConfig({ AGENT_JWT_SECRET: strong }).jwtSecretEphemeral, false);
  assert.equal(loadConfig({ AGENT_JWT_SECRET: strong }).jwtSecretProblem, undefined);
  const a = loadConfig({});
  const b = loadConfig({ AGENT_JWT_SECRET: '  ' });
  assert.ok(a.jwtSecret && a.jwtSecret.length >= 32);
  assert.equal(a.jwtSecretEphemeral, true);
  assert.equal(a.jwtSecret, b.jwtSecret, 'o mesmo segredo efêmero durante o processo');
  assert.equal(loadConfig({ NETLIFY: 'true', URL: 'https://x.example' }).jwtSecret, undefined);
});

test('AGENT_JWT_SECRET under 32 bytes is refused everywhere (never used, never replaced by an ephemeral one)', () => {
  for (const env of [{}, { NETLIFY: 'true', URL: 'https://x.example' }]) {
    for (const weak of ['a', 'segredo', 'x'.repeat(31), 'ç'.repeat(15)]) {
      const config = loadConfig({ ...env, AGENT_JWT_SECRET: weak });
      assert.equal(config.jwtSecret, undefined, weak);
      assert.equal(config.jwtSecretEphemeral, false);
      assert.match(config.jwtSecretProblem ?? '', /AGENT_JWT_SECRET tem \d+ bytes?; o mínimo é 32 bytes/);
      assert.match(config.jwtSecretProblem ?? '', /npm run secrets/);
    }
  }
  // Bytes, not characters: 16 two-byte characters are 32 bytes.
  assert.equal(loadConfig({ AGENT_JWT_SECRET: 'ç'.repeat(16) }).jwtSecret, 'ç'.repeat(16));
  assert.equal(loadConfig({ AGENT_JWT_SECRET: 'x'.repeat(32) }).jwtSecret, 'x'.repeat(32));
});

test('Upstash only when both URL and token are set', () => {
  assert.equal(loadConfig({}).upstash, undefined);
  assert.equal(loadConfig({ UPSTASH_REDIS_REST_URL: 'https://u.example' }).upstash, undefined);
  assert.deepEqual(loadConfig({ UPSTASH_REDIS_REST_URL: 'https://u.example', UPSTASH_REDIS_REST_TOKEN: 't' }).upstash, { url: 'https://u.example', token: 't' });
});

test('rate limits: contract defaults, raisable, invalid values ignored', () => {
  assert.deepEqual(loadConfig({}).rateLimits, { v1: 120, 'v1-public': 60 });
  assert.equal(loadConfig({ RATE_LIMIT_V1: '100000' }).rateLimits.v1, 100000);
  assert.equal(loadConfig({ RATE_LIMIT_PUBLIC: 'muito' }).rateLimits['v1-public'], 60);
  assert.equal(loadConfig({ RATE_LIMIT_V1: '0' }).rateLimits.v1, 120);
});

test('measurement budget: 20 s (the contract) by default; READINESS_BUDGET_MS sets another off Netlify only', () => {
  assert.equal(loadConfig({}).readinessBudgetMs, 20_000);
  assert.equal(loadConfig({ READINESS_BUDGET_MS: '3000' }).readinessBudgetMs, 3_000);
  assert.equal(loadConfig({ READINESS_BUDGET_MS: 'rápido' }).readinessBudgetMs, 20_000);
  assert.equal(loadConfig({ NETLIFY: 'true', URL: 'https://x.example', READINESS_BUDGET_MS: '3000' }).readinessBudgetMs, 20_000);
});

test('address salt: RATE_LIMIT_SALT or derived, stable', () => {
  assert.equal(loadConfig({ RATE_LIMIT_SALT: 'sal' }).addressSalt, 'sal');
  assert.equal(loadConfig({ AGENT_JWT_SECRET: 'x' }).addressSalt, loadConfig({ AGENT_JWT_SECRET: 'x' }).addressSalt);
  assert.notEqual(loadConfig({ AGENT_JWT_SECRET: 'x' }).addressSalt, loadConfig({ AGENT_JWT_SECRET: 'y' }).addressSalt);
});

test('createServices: memory store and the system clock by default, each part overridable', () => {
  const services = createServices({});
  assert.equal(services.store.kind, 'memory');
  assert.equal(typeof services.now(), 'number');
  const store = new MemoryStore();
  const custom = createServices({}, { store, now: () => 42 });
  assert.equal(custom.store, store);
  assert.equal(custom.now(), 42);
  assert.notEqual(createServices({}).store, store, 'one store per call: nothing is shared through a global');
});

test('siteOrigin(env) is a pure function of the env it is given (process.env untouched)', () => {
  const before = { ...process.env };
  assert.equal(siteOrigin({ SITE_URL: 'https://exemplo.com.br/caminho' }), 'https://exemplo.com.br');
  assert.equal(siteOrigin({ NETLIFY: 'true', CONTEXT: 'production', URL: 'https://prod.exemplo' }), 'https://prod.exemplo');
  assert.equal(siteOrigin({ PORT: '9999' }), 'http://localhost:9999');
  assert.equal(loadConfig({ SITE_URL: 'https://outro.exemplo' }).origin, 'https://outro.exemplo');
  assert.deepEqual({ ...process.env }, before);
});

test('CONTACT_WHATSAPP: the digits of wa.me/<digits>; absent or malformed → no WhatsApp link', () => {
  assert.equal(loadConfig({ CONTACT_WHATSAPP: '+55 (11) 98765-4321' }).contactWhatsapp, '5511987654321');
  assert.equal(loadConfig({ CONTACT_WHATSAPP: '5511987654321' }).contactWhatsapp, '5511987654321');
  assert.equal(loadConfig({}).contactWhatsapp, undefined);
  assert.equal(loadConfig({ CONTACT_WHATSAPP: '  ' }).contactWhatsapp, undefined);
  for (const bad of ['98765', 'whatsapp', '+55 11 9876x-4321', '1'.repeat(16)]) assert.equal(loadConfig({ CONTACT_WHATSAPP: bad }).contactWhatsapp, undefined, bad);
});

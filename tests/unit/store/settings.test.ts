/** The Upstash variables: set and usable, unset, or set and unusable with a pt-BR reason that never quotes a secret. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../../../functions/config.ts';
import { upstashSettings } from '../../../functions/store/settings.ts';
import { testServices } from '../../helpers/services.ts';

const PASSWORD = 'AXkfSenhaSecreta9876';
const TOKEN = 'AXkfTokenSecreto1234';

const UNUSABLE: { name: string; url?: string; token?: string; names: string }[] = [
  { name: 'the redis:// form people copy (password inside)', url: `redis://default:${PASSWORD}@exemplo-12345.upstash.io:6379`, token: TOKEN, names: 'UPSTASH_REDIS_REST_URL' },
  { name: 'the rediss:// form', url: `rediss://default:${PASSWORD}@exemplo-12345.upstash.io:6379`, token: TOKEN, names: 'UPSTASH_REDIS_REST_URL' },
  { name: 'not a URL', url: `exemplo-12345.upstash.io:${PASSWORD}`, token: TOKEN, names: 'UPSTASH_REDIS_REST_URL' },
  { name: 'another scheme', url: `ftp://exemplo-12345.upstash.io/${PASSWORD}`, token: TOKEN, names: 'UPSTASH_REDIS_REST_URL' },
  { name: 'credentials inside an https URL', url: `https://default:${PASSWORD}@exemplo-12345.upstash.io`, token: TOKEN, names: 'UPSTASH_REDIS_REST_URL' },
  { name: 'URL without token', url: 'https://exemplo-12345.upstash.io', names: 'UPSTASH_REDIS_REST_TOKEN' },
  { name: 'token without URL', token: TOKEN, names: 'UPSTASH_REDIS_REST_URL' },
  { name: 'token broken over two lines', url: 'https://exemplo-12345.upstash.io', token: `${TOKEN}\n${TOKEN}`, names: 'UPSTASH_REDIS_REST_TOKEN' },
];

test('a storage variable set but unusable gives a pt-BR reason naming it and the expected form, without any secret', () => {
  for (const c of UNUSABLE) {
    const settings = upstashSettings(c.url, c.token);
    assert.equal(settings.upstash, undefined, c.name);
    assert.ok(settings.problem, c.name);
    assert.ok(settings.problem.includes(c.names), `${c.name}: ${settings.problem}`);
    if (c.names === 'UPSTASH_REDIS_REST_URL') assert.ok(settings.problem.includes('https://<nome>.upstash.io'), `${c.name}: ${settings.problem}`);
    for (const secret of [PASSWORD, TOKEN]) assert.ok(!settings.problem.includes(secret), `${c.name}: o segredo apareceu`);
  }
});

test('both set and usable, or both unset', () => {
  assert.deepEqual(upstashSettings('https://exemplo-12345.upstash.io', TOKEN), { upstash: { url: 'https://exemplo-12345.upstash.io', token: TOKEN } });
  assert.deepEqual(upstashSettings('http://127.0.0.1:8079', TOKEN).upstash, { url: 'http://127.0.0.1:8079', token: TOKEN });
  assert.deepEqual(upstashSettings(undefined, undefined), { upstash: undefined });
});

test('the configuration never falls back to memory: the store is unusable, with the reason', () => {
  const env = { UPSTASH_REDIS_REST_URL: `rediss://default:${PASSWORD}@exemplo.upstash.io:6379`, UPSTASH_REDIS_REST_TOKEN: TOKEN, DATA_DIR: '' };
  const config = loadConfig({ ...process.env, ...env });
  assert.match(config.storageProblem ?? '', /UPSTASH_REDIS_REST_URL está no formato rediss:\/\//);
  assert.equal(testServices(env).store.kind, 'unusable');
});

test('IDEMPOTENCY_MAX_RECORDS sets the replay budget (default 20 000)', () => {
  assert.equal(loadConfig({}).replayBudget, 20_000);
  assert.equal(loadConfig({ IDEMPOTENCY_MAX_RECORDS: '500' }).replayBudget, 500);
});

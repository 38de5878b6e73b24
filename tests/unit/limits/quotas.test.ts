/**
 * The quota table (functions/limits/quotas.ts, issue 22 item 3): every quota declared once, with the contract's
 * numbers; the header fields of every quota from one builder, byte for byte what the contract's clients read;
 * and no counter anywhere in the functions but through the table.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../../functions/config.ts';
import { QUOTAS, countQuota, quotaKey } from '../../../functions/limits/quotas.ts';
import { rateLimitHeaders } from '../../../functions/limits/rate-limit.ts';
import { visitorHeaders } from '../../../functions/readiness/visitor-limit.ts';
import { MemoryStore } from '../../../functions/store/memory.ts';

const config = loadConfig({ SITE_URL: 'https://sinal.exemplo.com.br', RATE_LIMIT_SALT: 'sal' });

test('the table: policy → limit, window, key, store, with the contract’s numbers', () => {
  const rows = Object.entries(QUOTAS).map(([name, q]) => [name, q.limit(config), q.windowSeconds, q.key, q.store.budget]);
  assert.deepEqual(rows, [
    ['v1', 120, 60, 'registration', 'client'],
    ['v1-public', 60, 60, 'client', 'client'],
    ['contato', 5, 3600, 'client', 'client'],
    ['medicao', 3, 86_400, 'client', 'state'],
    ['instrumento', 8, 60, 'everyone', 'state'],
    ['instrumento-cliente', 3, 60, 'client', 'client'],
    ['acompanhar', 5, 3600, 'client', 'client'],
    ['acompanhar-email', 3, 86_400, 'email', 'client'],
    ['acompanhamento', 400, 86_400, 'everyone', 'state'],
    ['relatorio-email', 3, 86_400, 'email', 'client'],
  ]);
  const raised = loadConfig({ RATE_LIMIT_V1: '1000', RATE_LIMIT_PUBLIC: '500', READINESS_GATE_PER_MINUTE: '100', READINESS_MEASUREMENTS_PER_DAY: '7' });
  assert.deepEqual(
    Object.values(QUOTAS).map((q) => q.limit(raised)),
    [1000, 500, 5, 7, 100, 34, 5, 3, 400, 3],
  );
});

test('counter keys: per registration, per client (its /64), or one for everyone; the subject is required', async () => {
  const at = (clientAddress: string, registrationId?: string) => ({ config, clientAddress, registrationId });
  assert.equal(quotaKey(at('203.0.113.7', 'reg_x'), 'v1'), 'rl:v1:reg_x');
  assert.equal(quotaKey(at('203.0.113.7'), 'instrumento'), 'readiness:gate');
  assert.equal(quotaKey(at('2001:db8:1:2::1'), 'contato'), quotaKey(at('2001:db8:1:2::ffff'), 'contato'));
  assert.notEqual(quotaKey(at('2001:db8:1:2::1'), 'contato'), quotaKey(at('2001:db8:1:3::1'), 'contato'));
  assert.throws(() => quotaKey(at('203.0.113.7'), 'v1'), TypeError);
  assert.throws(() => quotaKey({ config }, 'v1-public'), TypeError);
  const store = new MemoryStore();
  const first = await countQuota({ ...at('203.0.113.7'), store }, 'medicao');
  assert.deepEqual(first, { name: 'medicao', limit: 3, windowSeconds: 86_400, count: 1, resetSeconds: 86_400 });
});

test('one builder of the rate-limit fields: the exact bytes of every quota’s headers', () => {
  const fields = (headers: Headers) => [...headers.entries()];
  assert.deepEqual(fields(rateLimitHeaders('v1', { limit: 120, windowSeconds: 60, remaining: 119, resetSeconds: 60 })), [
    ['ratelimit', '"v1";r=119;t=60'],
    ['ratelimit-limit', '120'],
    ['ratelimit-policy', '"v1";q=120;w=60'],
    ['ratelimit-remaining', '119'],
    ['ratelimit-reset', '60'],
  ]);
  assert.deepEqual(fields(rateLimitHeaders('v1-public', { limit: 60, windowSeconds: 60, remaining: -3, resetSeconds: 0.2 })), [
    ['ratelimit', '"v1-public";r=0;t=1'],
    ['ratelimit-limit', '60'],
    ['ratelimit-policy', '"v1-public";q=60;w=60'],
    ['ratelimit-remaining', '0'],
    ['ratelimit-reset', '1'],
  ]);
  // The measurement's quota, from the same builder (it had a copy of its own).
  assert.deepEqual(fields(visitorHeaders({ counter: 'readiness:visitor:x', limit: 3, used: 1, resetSeconds: 86_399.2 })), [
    ['ratelimit', '"medicao";r=2;t=86400'],
    ['ratelimit-limit', '3'],
    ['ratelimit-policy', '"medicao";q=3;w=86400'],
    ['ratelimit-remaining', '2'],
    ['ratelimit-reset', '86400'],
  ]);
});

/** Counters that are not quotas (nothing is refused by them), each with its reason. */
const NOT_QUOTAS: Record<string, string> = {
  'contact/leads.ts': 'the sequence number of the next lead',
  'follow/subscriptions.ts': 'the sequence number of the next follow-up',
  'readiness/history.ts': 'the next slot of the history ring',
};

test('no limit outside the table: no `.hit(` in the functions but the store, the table and the counters that are not quotas', () => {
  const root = fileURLToPath(new URL('../../../functions/', import.meta.url));
  const offenders: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) {
        const file = relative(root, path);
        if (file.startsWith('store/') || file === 'limits/quotas.ts' || file in NOT_QUOTAS) continue;
        if (/\.hit\(/.test(readFileSync(path, 'utf8'))) offenders.push(file);
      }
    }
  };
  walk(root);
  assert.deepEqual(offenders, [], 'a limit is a row of functions/limits/quotas.ts, counted with countQuota; a counter that refuses nothing goes in NOT_QUOTAS');
});

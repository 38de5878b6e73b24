/**
 * Who one client is (functions/limits/client.ts): an IPv4 address as it is, an IPv6 address by its /64 whatever
 * its text, an IPv4-mapped IPv6 address as its IPv4, a zone dropped, anything else as written; and the salted
 * hash of that (never the address itself). The address rotation table drives the limits themselves in
 * tests/integration/client-limits.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../../../functions/config.ts';
import { addressKey, clientKey, clientPrefix } from '../../../functions/limits/client.ts';
import { ROTATION_CASES } from '../../attacks/address-rotation-cases.ts';

const ctx = { config: loadConfig({ SITE_URL: 'https://sinal.exemplo.com.br', RATE_LIMIT_SALT: 'sal' }) };

test('the client of an address', () => {
  const rows: [string, string][] = [
    ['203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002:ffff:0:0:1', '2001:db8:1:2::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['[2001:db8:1:2::5]', '2001:db8:1:2::/64'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['::ffff:c633:6407', '198.51.100.7'],
    ['64:ff9b::198.51.100.7', '64:ff9b:0:0::/64'],
    ['2001:db8:1:2:3:4:198.51.100.7', '2001:db8:1:2::/64'],
    ['teste-hostil', 'teste-hostil'],
    ['999.1.1.1', '999.1.1.1'],
    ['', ''],
  ];
  for (const [address, prefix] of rows) assert.equal(clientPrefix(address), prefix, address);
});

test('the rotation table: one client where it says so, separate clients in its controls', () => {
  for (const row of ROTATION_CASES) {
    const keys = new Set(row.addresses.map((a) => clientKey(ctx, a)));
    assert.equal(keys.size, row.expect === 'one-client' ? 1 : row.addresses.length, row.name);
  }
});

test('keys are salted hashes: an IPv4 key is what it always was, the address never shows', () => {
  const key = clientKey(ctx, '203.0.113.7');
  assert.match(key, /^[A-Za-z0-9_-]{32}$/);
  assert.equal(key, addressKey(ctx, '203.0.113.7'), 'IPv4: the whole address, hashed as before');
  assert.notEqual(clientKey(ctx, '2001:db8:1:2::1'), addressKey(ctx, '2001:db8:1:2::1'), 'IPv6: the /64, not the address');
  assert.notEqual(addressKey(ctx, '2001:db8:1:2::1'), addressKey(ctx, '2001:db8:1:2::2'), 'the exact address stays exact');
  const other = { config: loadConfig({ SITE_URL: 'https://sinal.exemplo.com.br', RATE_LIMIT_SALT: 'outro-sal' }) };
  assert.notEqual(clientKey(other, '203.0.113.7'), key);
  for (const k of [key, clientKey(ctx, '2001:db8:1:2::1')]) assert.ok(!/203|2001|db8/.test(k));
});

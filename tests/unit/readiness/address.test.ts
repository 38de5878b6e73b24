import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { classifyAddress, isPublicAddress, parseNumericIPv4 } from '../../../functions/readiness/fetch/address.ts';

describe('classifyAddress', () => {
  const cases: [string, string][] = [
    ['8.8.8.8', 'public'],
    ['200.160.2.3', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['2804:14c:1::1', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.10', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['2001:db8::1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['::ffff:127.0.0.1', 'ipv4-mapped'],
    ['::ffff:8.8.8.8', 'ipv4-mapped'],
    ['::ffff:7f00:1', 'ipv4-mapped'],
    ['::127.0.0.1', 'ipv4-embedded'],
    ['64:ff9b::a00:1', 'ipv4-embedded'],
    ['2002:c0a8:101::1', 'ipv4-embedded'],
    ['2001:0:4136:e378::1', 'ipv4-embedded'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fec0::1', 'private'],
    ['100::1', 'reserved'],
    ['2130706433', 'invalid'],
    ['0177.0.0.1', 'invalid'],
    ['0x7f.0.0.1', 'invalid'],
    ['127.1', 'invalid'],
    ['exemplo.com.br', 'invalid'],
    ['', 'invalid'],
  ];
  for (const [address, expected] of cases) {
    test(`${address || '(vazio)'} is ${expected}`, () => assert.equal(classifyAddress(address), expected));
  }
  test('only public addresses are allowed', () => {
    assert.equal(isPublicAddress('8.8.8.8'), true);
    for (const [address, kind] of cases) if (kind !== 'public') assert.equal(isPublicAddress(address), false, address);
  });
});

describe('parseNumericIPv4 (obfuscated spellings)', () => {
  const cases: [string, string | undefined][] = [
    ['2130706433', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['0xa9.0xfe.0xa9.0xfe', '169.254.169.254'],
    ['3232235777', '192.168.1.1'],
    ['1.2.3.4', '1.2.3.4'],
    ['4294967296', undefined],
    ['256.1.1.1', undefined],
    ['exemplo.com', undefined],
    ['09.1.1.1', undefined],
  ];
  for (const [input, expected] of cases) test(`${input} → ${expected ?? 'não é IPv4'}`, () => assert.equal(parseNumericIPv4(input), expected));
});

/**
 * Address rotation against the per-client limits (issue 18, item 6), kept as data. An IPv6 subscriber gets a
 * whole /64 and can change the last 64 bits at will (privacy addresses, or just `ip addr add`): twelve addresses of
 * one /64 got 60 of 60 leads accepted. Every per-client limit (the leads per hour, the 3 measurements per visitor,
 * the instrument gate's share, the public API quota) counts one IPv6 client by its /64 and one IPv4 client by its
 * whole address, hashed as before. Each row is a list of addresses the same client rotates through; the control
 * rows are different clients that must keep their own counts. Run in process (the local server only sees
 * loopback) by tests/integration/client-limits.test.ts.
 */
export interface RotationCase {
  name: string;
  /** The addresses one after the other, cycling. */
  addresses: readonly string[];
  /** `one-client`: the limit is reached across them all; `separate`: each address has its own count. */
  expect: 'one-client' | 'separate';
}

const suffixes = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${(i + 1).toString(16)}`);

export const ROTATION_CASES: readonly RotationCase[] = [
  { name: 'doze endereços de um /64', addresses: suffixes('2001:db8:1:2::', 12), expect: 'one-client' },
  { name: 'sufixos de privacidade (RFC 8981) de um /64', addresses: ['2001:db8:1:2:8d3a:11f4:9b0c:7e21', '2001:db8:1:2:2c5e:f0a1:44d7:9c13', '2001:db8:1:2:a7b2:39e0:c6f8:1d05', '2001:db8:1:2:5f19:e2c4:803b:b6aa'], expect: 'one-client' },
  { name: 'o mesmo /64 escrito de formas diferentes', addresses: ['2001:DB8:1:2::A', '2001:0db8:0001:0002:0000:0000:0000:000b', '2001:db8:1:2:0::c', '2001:db8:1:2:0:0:0:d'], expect: 'one-client' },
  { name: 'endereços de enlace com zonas diferentes', addresses: ['fe80::1%eth0', 'fe80::2%eth1', 'fe80::3', 'fe80::4%25wlan0'], expect: 'one-client' },
  { name: 'IPv4 e o mesmo IPv4 mapeado em IPv6', addresses: ['198.51.100.7', '::ffff:198.51.100.7', '::FFFF:198.51.100.7', '::ffff:c633:6407'], expect: 'one-client' },
  { name: 'o /64 com um IPv4 embutido no fim', addresses: ['2001:db8:1:2::198.51.100.1', '2001:db8:1:2::198.51.100.2', '2001:db8:1:2::3'], expect: 'one-client' },

  // Controls: other clients keep their own counts.
  { name: 'controle: dois /64 vizinhos', addresses: ['2001:db8:1:2::1', '2001:db8:1:3::1'], expect: 'separate' },
  { name: 'controle: dois IPv4 vizinhos', addresses: ['198.51.100.7', '198.51.100.8'], expect: 'separate' },
  { name: 'controle: um /48 com /64 diferentes', addresses: ['2001:db8:1:a::1', '2001:db8:1:b::1', '2001:db8:1:c::1'], expect: 'separate' },
  { name: 'controle: o IPv4 e outro IPv4 mapeado', addresses: ['198.51.100.7', '::ffff:198.51.100.9'], expect: 'separate' },
];

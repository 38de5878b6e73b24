/**
 * The address classifier of the reading agent: which IP addresses the instrument may connect to.
 * Only globally routable unicast addresses are `public`; everything else (loopback, private, link-local,
 * CGNAT, multicast, documentation, benchmarking, reserved, IPv4-mapped/compatible/translated IPv6, 6to4,
 * Teredo…) is refused. Input must be a canonical IP string (what DNS and `net` give); anything else
 * (`0177.0.0.1`, `2130706433`, `0x7f.1`) is `invalid` and refused too.
 */
import { isIPv4, isIPv6 } from 'node:net';

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'cgnat'
  | 'multicast'
  | 'unspecified'
  | 'broadcast'
  | 'documentation'
  | 'benchmarking'
  | 'reserved'
  | 'ipv4-mapped'
  | 'ipv4-embedded'
  | 'unique-local'
  | 'invalid';

type V4Range = readonly [base: number, prefix: number, kind: AddressClass];

const v4 = (dotted: string): number => dotted.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);

/** IANA IPv4 special-purpose registry (the parts that matter for outbound fetching). */
const V4_RANGES: readonly V4Range[] = [
  [v4('0.0.0.0'), 8, 'unspecified'],
  [v4('10.0.0.0'), 8, 'private'],
  [v4('100.64.0.0'), 10, 'cgnat'],
  [v4('127.0.0.0'), 8, 'loopback'],
  [v4('169.254.0.0'), 16, 'link-local'],
  [v4('172.16.0.0'), 12, 'private'],
  [v4('192.0.0.0'), 24, 'reserved'],
  [v4('192.0.2.0'), 24, 'documentation'],
  [v4('192.31.196.0'), 24, 'reserved'],
  [v4('192.52.193.0'), 24, 'reserved'],
  [v4('192.88.99.0'), 24, 'reserved'],
  [v4('192.168.0.0'), 16, 'private'],
  [v4('192.175.48.0'), 24, 'reserved'],
  [v4('198.18.0.0'), 15, 'benchmarking'],
  [v4('198.51.100.0'), 24, 'documentation'],
  [v4('203.0.113.0'), 24, 'documentation'],
  [v4('224.0.0.0'), 4, 'multicast'],
  [v4('255.255.255.255'), 32, 'broadcast'],
  [v4('240.0.0.0'), 4, 'reserved'],
];

function classifyV4(address: string): AddressClass {
  const value = v4(address);
  for (const [base, prefix, kind] of V4_RANGES) {
    const size = 2 ** (32 - prefix);
    if (value >= base && value < base + size) return kind;
  }
  return 'public';
}

/** The 8 groups of an IPv6 address as numbers (handles `::` and a trailing dotted IPv4). */
export function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    // A trailing dotted IPv4 stands for the last two groups.
    if (!isIPv4(last)) return undefined;
    const n = v4(last);
    text = `${text.slice(0, lastColon + 1)}${Math.floor(n / 65536).toString(16)}:${(n % 65536).toString(16)}`;
  }
  const parse = (part: string): number[] | undefined => {
    if (part === '') return [];
    const out: number[] = [];
    for (const h of part.split(':')) {
      if (!/^[0-9a-f]{1,4}$/.test(h)) return undefined;
      out.push(parseInt(h, 16));
    }
    return out;
  };
  const double = text.indexOf('::');
  let groups: number[] | undefined;
  if (double >= 0) {
    const head = parse(text.slice(0, double));
    const rest = parse(text.slice(double + 2));
    if (!head || !rest) return undefined;
    const missing = 8 - head.length - rest.length;
    if (missing < 1) return undefined;
    groups = [...head, ...new Array<number>(missing).fill(0), ...rest];
  } else {
    groups = parse(text);
  }
  if (!groups || groups.length !== 8) return undefined;
  return groups;
}

function classifyV6(address: string): AddressClass {
  const g = ipv6Groups(address);
  if (!g) return 'invalid';
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const zeroPrefix = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (zeroPrefix && g5 === 0 && g6 === 0 && g7 === 0) return 'unspecified';
  if (zeroPrefix && g5 === 0 && g6 === 0 && g7 === 1) return 'loopback';
  if (zeroPrefix && g5 === 0xffff) return 'ipv4-mapped';
  if (zeroPrefix && g5 === 0) return 'ipv4-embedded'; // IPv4-compatible (deprecated)
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0) return 'ipv4-embedded'; // IPv4-translated
  if (g0 === 0x64 && g1 === 0xff9b) return 'ipv4-embedded'; // NAT64 (64:ff9b::/96 and 64:ff9b:1::/48)
  if (g0 === 0x100 && g1 === 0 && g2 === 0 && g3 === 0) return 'reserved'; // discard-only 100::/64
  if (g0 === 0x2001 && g1 === 0) return 'ipv4-embedded'; // Teredo 2001::/32
  if (g0 === 0x2001 && g1 === 0xdb8) return 'documentation';
  if (g0 === 0x3fff && g1 < 0x1000) return 'documentation'; // 3fff::/20
  if (g0 === 0x2001 && g1 === 2 && g2 === 0) return 'benchmarking'; // 2001:2::/48
  if (g0 === 0x2001 && g1 >= 0x10 && g1 <= 0x3f) return 'reserved'; // ORCHID and others in 2001:10::/28..2001:30::/28
  if (g0 === 0x2001 && g1 < 0x200) return 'reserved'; // IETF protocol assignments 2001::/23
  if (g0 === 0x2002) return 'ipv4-embedded'; // 6to4
  if ((g0 & 0xfe00) === 0xfc00) return 'unique-local';
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  if ((g0 & 0xffc0) === 0xfec0) return 'private'; // deprecated site-local
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  if ((g0 & 0xe000) !== 0x2000) return 'reserved'; // outside 2000::/3 global unicast
  return 'public';
}

/** Classifies a canonical IP address string; anything that is not one is `invalid`. */
export function classifyAddress(address: string): AddressClass {
  if (typeof address !== 'string') return 'invalid';
  if (isIPv4(address)) return classifyV4(address);
  if (isIPv6(address)) return classifyV6(address);
  return 'invalid';
}

/** True only for globally routable unicast addresses. */
export const isPublicAddress = (address: string): boolean => classifyAddress(address) === 'public';

/** True for 127.0.0.0/8 and ::1 (the only addresses tests may ever reach). */
export const isLoopbackAddress = (address: string): boolean => classifyAddress(address) === 'loopback';

/**
 * Parses the numeric IPv4 spellings browsers and URL parsers accept (decimal `2130706433`, octal `0177.0.0.1`,
 * hex `0x7f.1`, short forms `127.1`) into the dotted form, or undefined when `host` is not such a number.
 * Used to recognize obfuscated addresses in host names, which the instrument refuses.
 */
export function parseNumericIPv4(host: string): string | undefined {
  const parts = host.split('.');
  if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  if (parts.length === 0 || parts.length > 4) return undefined;
  const numbers: number[] = [];
  for (const part of parts) {
    let n: number;
    if (/^0x[0-9a-f]*$/i.test(part)) n = part.length === 2 ? 0 : parseInt(part.slice(2), 16);
    else if (/^0[0-7]+$/.test(part)) n = parseInt(part.slice(1), 8);
    else if (/^(?:0|[1-9][0-9]*)$/.test(part)) n = Number(part);
    else return undefined;
    if (!Number.isFinite(n)) return undefined;
    numbers.push(n);
  }
  const last = numbers.pop() as number;
  if (numbers.some((n) => n > 255)) return undefined;
  if (last >= 256 ** (4 - numbers.length)) return undefined;
  let value = last;
  numbers.forEach((n, i) => {
    value += n * 256 ** (3 - i);
  });
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

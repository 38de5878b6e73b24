/**
 * Who one client is, for the per-client limits (functions/limits/quotas.ts): an IPv4 client is its whole address;
 * an IPv6 client is its /64, the network one subscriber gets and whose last 64 bits it can change at will
 * (privacy addresses, RFC 8981; RFC 6177 assigns at least a /64 per site). So twelve addresses of one /64 are one
 * client, and an IPv4 address mapped into IPv6 (`::ffff:198.51.100.7`, what a dual-stack socket reports) is that
 * IPv4 client. The text of an address does not matter (`2001:DB8::A` and `2001:db8:0:0::a` are the same); a zone
 * (`fe80::1%eth0`) is dropped. Anything that is not an IP address is one client as written.
 *
 * The key is a salted SHA-256 of that (`config.addressSalt`): the address itself is never stored.
 */
import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { Config } from '../config.ts';

/** The eight 16-bit groups of an IPv6 address (embedded IPv4 tail included), or undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  if (!isIPv6(address)) return undefined;
  let text = address;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const left = parse(head);
  if (rest === undefined) return left;
  const right = parse(rest);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The part of an address that names its client: the IPv4 address, the IPv6 /64 (`2001:db8:1:2::/64`), or the text. */
export function clientPrefix(address: string): string {
  const bare = address.trim().replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (isIPv4(bare)) return bare;
  const groups = ipv6Groups(bare);
  if (!groups) return address;
  // IPv4-mapped (::ffff:a.b.c.d): the IPv4 client.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

const hashed = (config: Pick<Config, 'addressSalt'>, text: string): string =>
  createHash('sha256').update(config.addressSalt).update('\0').update(text).digest('base64url').slice(0, 32);

/** The key of the client an address belongs to (its /64 for IPv6): what every per-client limit counts. */
export const clientKey = (ctx: { config: Pick<Config, 'addressSalt'> }, address: string): string => hashed(ctx.config, clientPrefix(address));

/**
 * The key of one exact address, for what belongs to an address rather than to a client: the owner of an
 * idempotency key (functions/auth/handler.ts). Not a limit.
 */
export const addressKey = (ctx: { config: Pick<Config, 'addressSalt'> }, address: string): string => hashed(ctx.config, address);

/**
 * Which network addresses the server may fetch outside data from. A URL that names, resolves to or
 * redirects to a loopback, private, link-local (cloud metadata: 169.254.169.254, fd00:ec2::254),
 * shared, reserved or multicast address would let whoever controls the URL make the server call
 * itself or its neighbours (SSRF). Only public unicast addresses pass, in every spelling: IPv6's
 * IPv4-mapped (`::ffff:127.0.0.1`), IPv4-compatible, NAT64 (`64:ff9b::/96`) and 6to4 (`2002::/16`)
 * forms are judged by the IPv4 address they carry. IPv6 must be global unicast (2000::/3) to pass.
 */
import { BlockList, isIP } from 'node:net';

const V4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const V6_BLOCKED_INSIDE_GLOBAL: [string, number][] = [
  ['2001::', 32], // Teredo (carries an obfuscated IPv4 address)
  ['2001:2::', 48], // benchmarking
  ['2001:10::', 28], // ORCHID
  ['2001:20::', 28], // ORCHIDv2
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation (2024)
];

const v4Blocked = new BlockList();
for (const [net, bits] of V4_BLOCKED) v4Blocked.addSubnet(net, bits, 'ipv4');
const v6Blocked = new BlockList();
for (const [net, bits] of V6_BLOCKED_INSIDE_GLOBAL) v6Blocked.addSubnet(net, bits, 'ipv6');

/** The 16 bytes of an IPv6 address (zone id dropped), or null when it is not one. */
export function ipv6Bytes(address: string): number[] | null {
  const text = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(text) !== 6) return null;
  let head = text;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    tail.push(...dotted[1].split('.').map(Number));
    head = text.slice(0, -dotted[1].length);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const [left, right] = head.includes('::') ? (head.split('::') as [string, string]) : [head, undefined];
  const l = groups(left);
  const r = right === undefined ? [] : groups(right);
  const missing = 8 - tail.length / 2 - l.length - r.length;
  const words = [...l, ...Array<number>(right === undefined ? 0 : missing).fill(0), ...r];
  const bytes = words.flatMap((w) => [w >> 8, w & 0xff]).concat(tail);
  return bytes.length === 16 ? bytes : null;
}

const v4 = (b: number[], at: number) => b.slice(at, at + 4).join('.');

/** True when the server may connect to this IP address to fetch outside data. */
export function isPublicAddress(address: string): boolean {
  const text = address.replace(/^\[|\]$/g, '');
  if (isIP(text) === 4) return !v4Blocked.check(text, 'ipv4');
  const b = ipv6Bytes(text);
  if (!b) return false;
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible, deprecated), ::ffff:0:a.b.c.d (translated)
  if (zeros(0, 10) && ((b[10] === 0xff && b[11] === 0xff) || (b[10] === 0 && b[11] === 0)))
    return zeros(10, 12) && zeros(12, 15) ? false : isPublicAddress(v4(b, 12));
  if (zeros(0, 8) && b[8] === 0xff && b[9] === 0xff && zeros(10, 12)) return isPublicAddress(v4(b, 12));
  // 64:ff9b::/96 and 64:ff9b:1::/48 (NAT64): the IPv4 address is the last four bytes.
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b) return isPublicAddress(v4(b, 12));
  // 2002:AABB:CCDD::/48 (6to4): the IPv4 address follows the prefix.
  if (b[0] === 0x20 && b[1] === 0x02) return isPublicAddress(v4(b, 2));
  if ((b[0] & 0xe0) !== 0x20) return false; // not global unicast: ::, ::1, fc00::/7, fe80::/10, ff00::/8, …
  const canonical = Array.from({ length: 8 }, (_, i) => ((b[2 * i] << 8) | b[2 * i + 1]).toString(16)).join(':');
  return !v6Blocked.check(canonical, 'ipv6');
}

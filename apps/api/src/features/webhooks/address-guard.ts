import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may never go (SSRF): loopback, "this network", private, carrier-grade NAT,
 * link-local (cloud metadata at 169.254.169.254), benchmarking, multicast and reserved ranges, the
 * IPv6 unique-local, link-local, multicast, documentation and NAT64 ranges, and every IPv4-mapped or
 * -compatible IPv6 form (which would otherwise smuggle a private IPv4 through). Checked on the address
 * the name resolved to, which is then the one the connection uses.
 */
// Two lists: node matches an IPv4 address against IPv4-mapped IPv6 rules too, and ::ffff:0:0/96 is
// refused whole, which would otherwise refuse every IPv4 address.
const REFUSED_V4 = new BlockList();
const REFUSED_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  REFUSED_V4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::', 96],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  REFUSED_V6.addSubnet(network, prefix, 'ipv6');
}

const LOOPBACK_V4 = new BlockList();
LOOPBACK_V4.addSubnet('127.0.0.0', 8, 'ipv4');

export interface AddressPolicy {
  /** Development only (WEBHOOKS_ALLOW_LOOPBACK): a receiver on this machine. */
  allowLoopback: boolean;
}

/** Whether an IP address (any textual form node accepts) may receive a webhook. */
export function isAddressAllowed(address: string, policy: AddressPolicy): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) {
    if (policy.allowLoopback && LOOPBACK_V4.check(address, 'ipv4')) return true;
    return !REFUSED_V4.check(address, 'ipv4');
  }
  if (policy.allowLoopback && isIpv6Loopback(address)) return true;
  return !REFUSED_V6.check(address, 'ipv6');
}

function isIpv6Loopback(address: string): boolean {
  const list = new BlockList();
  list.addAddress('::1', 'ipv6');
  return list.check(address, 'ipv6');
}

/**
 * A URL's host as an IP literal, if it is one. WHATWG URL parsing already turns decimal, octal and
 * hexadecimal IPv4 forms (`2130706433`, `0177.0.0.1`, `0x7f.1`) into dotted quads, and keeps IPv6 in
 * brackets; so whatever form was typed, the literal checked here is the one a connection would use.
 */
export function literalAddressOf(url: URL): string | null {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return isIP(host) ? host : null;
}

export class RefusedAddressError extends Error {
  readonly code = 'ERR_WEBHOOK_REFUSED_ADDRESS';
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/**
 * A `lookup` for the http(s) agent: resolves the name once, refuses the connection when ANY answer is
 * refused (a name mixing public and private answers is refused whole), and hands the socket the first
 * address checked, so the connection goes exactly where the check looked: a name that resolves
 * elsewhere the second time (DNS rebinding) never gets a second resolution.
 */
export function createPinnedLookup(policy: AddressPolicy, resolve: Resolve = systemResolve) {
  return (hostname: string, options: { all?: boolean } | number | undefined, callback: LookupCallback) => {
    resolve(hostname)
      .then((addresses) => {
        if (addresses.length === 0) throw Object.assign(new Error('no address'), { code: 'ENOTFOUND' });
        const refused = addresses.find((entry) => !isAddressAllowed(entry.address, policy));
        if (refused) throw new RefusedAddressError(`${hostname} resolves to a refused address`);
        const first = addresses[0] as LookupAddress;
        if (typeof options === 'object' && options?.all) callback(null, [first]);
        else callback(null, first.address, first.family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, ''));
  };
}

import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Host name → every address it resolves to (injectable so tests need no DNS). */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export const resolveWithDns: ResolveHost = (hostname) =>
  lookup(hostname, { all: true, verbatim: true });

/**
 * Addresses a webhook must never reach: a user could otherwise make the server call its own
 * admin ports, cloud metadata (169.254.169.254) or the internal network.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64], // discard
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** IPv4-mapped IPv6 addresses (::ffff:10.0.0.1) are matched against the IPv4 rules by BlockList. */
export const isBlockedAddress = (address: string): boolean => {
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

/** URL.hostname keeps the brackets of an IPv6 literal; resolvers want the bare address. */
export const bareHostname = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

export class BlockedAddressError extends Error {}

/**
 * Resolves the URL's host and refuses it when any address is internal. Returns the addresses so
 * the caller connects to exactly these (no second lookup an attacker's DNS could answer
 * differently).
 */
export const resolvePublicAddresses = async (
  url: URL,
  resolve: ResolveHost,
  allowPrivateNetworks: boolean,
): Promise<ResolvedAddress[]> => {
  const hostname = bareHostname(url);
  const addresses = await resolve(hostname);
  if (addresses.length === 0) throw new Error(`${hostname} does not resolve`);
  if (!allowPrivateNetworks) {
    const internal = addresses.find(({ address }) => isBlockedAddress(address));
    if (internal) {
      throw new BlockedAddressError(
        `${hostname} resolves to ${internal.address}, a private or reserved address`,
      );
    }
  }
  return addresses;
};

import type { HubClientSpec, Subnet } from './hub-runtime.port';

/** Dotted quad → unsigned 32-bit number. */
const ipToNumber = (ip: string): number =>
  ip.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);

const numberToIp = (value: number): string =>
  [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');

/** 255.255.255.0 → 24. */
export const prefixLength = (netmask: string): number =>
  ipToNumber(netmask).toString(2).replace(/0+$/, '').length;

/** 192.168.1.0/24, the form `ip route` takes. */
export const cidr = (subnet: Subnet): string => `${subnet.network}/${prefixLength(subnet.netmask)}`;

/** Whether `inner` lies within `outer` (or is it). */
export const contains = (outer: Subnet, inner: Subnet): boolean => {
  const bits = prefixLength(outer.netmask);
  const block = 2 ** (32 - bits);
  const start = ipToNumber(outer.network) - (ipToNumber(outer.network) % block);
  const first = ipToNumber(inner.network);
  return bits <= prefixLength(inner.netmask) && first >= start && first < start + block;
};

/** The hub's own tunnel address: the subnet's first host (what OpenVPN's `server` takes). */
export const serverAddress = (subnet: Subnet): string => numberToIp(ipToNumber(subnet.network) + 1);

/**
 * A tunnel address for every client. OpenVPN's own pool knows nothing of `ifconfig-push`
 * addresses and would hand a fixed client's address to another client, so the pool is not used:
 * clients without a fixed address get one here, from the top of the subnet down (fixed addresses
 * are usually picked from the bottom), in the order of `clients`, and it is pushed like a fixed one.
 * Returns common name → address; clients that do not fit in the subnet get none (and no session).
 */
export const assignAddresses = (
  subnet: Subnet,
  clients: readonly HubClientSpec[],
): Map<string, string> => {
  const network = ipToNumber(subnet.network);
  const size = 2 ** (32 - prefixLength(subnet.netmask));
  const taken = new Set([network, network + 1, network + size - 1]);
  for (const client of clients) if (client.ip) taken.add(ipToNumber(client.ip));
  const assigned = new Map<string, string>();
  let next = network + size - 2;
  for (const client of clients) {
    if (client.ip) {
      assigned.set(client.commonName, client.ip);
      continue;
    }
    while (next > network + 1 && taken.has(next)) next -= 1;
    if (next <= network + 1) continue;
    taken.add(next);
    assigned.set(client.commonName, numberToIp(next));
  }
  return assigned;
};

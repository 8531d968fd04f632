// IPv4 subnet arithmetic for hubs, routes and client addresses. Addresses are unsigned 32-bit
// integers; a subnet is its first address and prefix length. Pure functions, no I/O.

export interface Cidr {
  /** The network address as an unsigned integer. */
  start: number;
  prefix: number;
}

export type SubnetProblem = 'invalidNetmask' | 'invalidNetwork' | 'invalidAddress';

const OCTET = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** `10.8.0.1` → 168296449; null for anything that is not a dotted quad. */
export const ipToInt = (ip: string): number | null => {
  const parts = ip.split('.');
  if (parts.length !== 4 || !parts.every((part) => OCTET.test(part))) return null;
  return parts.reduce((sum, part) => sum * 256 + Number(part), 0);
};

export const intToIp = (value: number): string =>
  [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join('.');

/** The prefix length of a contiguous mask (`255.255.255.0` → 24); null otherwise. */
export const maskToPrefix = (netmask: string): number | null => {
  const value = ipToInt(netmask);
  if (value === null) return null;
  const inverted = ~value >>> 0;
  // A contiguous mask's host part is 2^n - 1: adding one leaves no bit in common with it.
  if ((inverted & (inverted + 1)) !== 0) return null;
  return 32 - Math.log2(inverted + 1);
};

export const prefixToMask = (prefix: number): string =>
  intToIp(prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0);

export const sizeOf = (cidr: Cidr): number => 2 ** (32 - cidr.prefix);
export const lastOf = (cidr: Cidr): number => cidr.start + sizeOf(cidr) - 1;

/** A subnet from its network address and mask, or what is wrong with them. */
export const parseSubnet = (
  network: string,
  netmask: string,
): { ok: true; cidr: Cidr } | { ok: false; problem: SubnetProblem } => {
  const prefix = maskToPrefix(netmask);
  if (prefix === null) return { ok: false, problem: 'invalidNetmask' };
  const start = ipToInt(network);
  if (start === null) return { ok: false, problem: 'invalidAddress' };
  const cidr = { start, prefix };
  if (start % sizeOf(cidr) !== 0) return { ok: false, problem: 'invalidNetwork' };
  return { ok: true, cidr };
};

export const overlaps = (a: Cidr, b: Cidr): boolean => a.start <= lastOf(b) && b.start <= lastOf(a);

export const contains = (cidr: Cidr, ip: number): boolean => ip >= cidr.start && ip <= lastOf(cidr);

/**
 * Addresses a hub subnet can give out: all but the network and broadcast addresses and the
 * hub's own (the first host). /31 and /32 leave none.
 */
export const clientCapacity = (cidr: Cidr): number => Math.max(0, sizeOf(cidr) - 3);

/** The hub's own address: the subnet's first host. */
export const hubAddressOf = (cidr: Cidr): number => cidr.start + 1;

/** Whether `ip` may be a client's: inside, and not the network, broadcast or hub address. */
export const isClientAddress = (cidr: Cidr, ip: number): boolean =>
  contains(cidr, ip) && ip !== cidr.start && ip !== lastOf(cidr) && ip !== hubAddressOf(cidr);

/** The first free client address of the subnet, or null when every one is taken. */
export const allocateHost = (cidr: Cidr, taken: ReadonlySet<number>): number | null => {
  for (let ip = hubAddressOf(cidr) + 1; ip < lastOf(cidr); ip += 1) {
    if (!taken.has(ip)) return ip;
  }
  return null;
};

/** The first block of `prefix` inside `pool` that overlaps none of `taken`, or null. */
export const allocateSubnet = (pool: Cidr, prefix: number, taken: readonly Cidr[]): Cidr | null => {
  if (prefix < pool.prefix) return null;
  const size = 2 ** (32 - prefix);
  for (let start = pool.start; start + size - 1 <= lastOf(pool); start += size) {
    const candidate = { start, prefix };
    const clash = taken.find((other) => overlaps(candidate, other));
    // Skip past the clashing subnet at once rather than block by block through it.
    if (!clash) return candidate;
    const next = Math.ceil((lastOf(clash) + 1) / size) * size;
    start = Math.max(start, next - size);
  }
  return null;
};

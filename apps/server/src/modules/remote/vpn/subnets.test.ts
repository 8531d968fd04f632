import { describe, expect, it } from 'vitest';
import {
  allocateHost,
  allocateSubnet,
  clientCapacity,
  contains,
  intToIp,
  ipToInt,
  isClientAddress,
  maskToPrefix,
  overlaps,
  parseSubnet,
  prefixToMask,
} from './subnets';

const cidr = (network: string, netmask: string) => {
  const parsed = parseSubnet(network, netmask);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.cidr;
};
const ip = (text: string) => ipToInt(text) ?? Number.NaN;

describe('subnet arithmetic', () => {
  it('parses dotted quads and writes them back', () => {
    expect(ipToInt('10.8.0.1')).toBe(168_296_449);
    expect(intToIp(168_296_449)).toBe('10.8.0.1');
    expect(intToIp(ip('255.255.255.255'))).toBe('255.255.255.255');
    for (const bad of ['10.8.0', '10.8.0.256', '010.8.0.1', 'a.b.c.d', '']) {
      expect(ipToInt(bad), bad).toBeNull();
    }
  });

  it('accepts contiguous masks only', () => {
    expect(maskToPrefix('255.255.255.0')).toBe(24);
    expect(maskToPrefix('255.255.255.252')).toBe(30);
    expect(maskToPrefix('0.0.0.0')).toBe(0);
    expect(maskToPrefix('255.255.255.255')).toBe(32);
    expect(maskToPrefix('255.0.255.0')).toBeNull();
    expect(maskToPrefix('255.255.255.1')).toBeNull();
    expect(prefixToMask(20)).toBe('255.255.240.0');
  });

  it('names what is wrong with a subnet', () => {
    expect(parseSubnet('10.8.0.0', '255.255.255.0')).toEqual({
      ok: true,
      cidr: { start: ip('10.8.0.0'), prefix: 24 },
    });
    expect(parseSubnet('10.8.0.5', '255.255.255.0')).toEqual({
      ok: false,
      problem: 'invalidNetwork',
    });
    expect(parseSubnet('10.8.0.0', '255.0.255.0')).toEqual({
      ok: false,
      problem: 'invalidNetmask',
    });
    expect(parseSubnet('10.8.0', '255.255.255.0')).toEqual({
      ok: false,
      problem: 'invalidAddress',
    });
  });

  it('tells overlap and containment', () => {
    const a = cidr('10.8.0.0', '255.255.255.0');
    expect(overlaps(a, cidr('10.8.0.128', '255.255.255.128'))).toBe(true);
    expect(overlaps(a, cidr('10.0.0.0', '255.0.0.0'))).toBe(true);
    expect(overlaps(a, cidr('10.8.1.0', '255.255.255.0'))).toBe(false);
    expect(contains(a, ip('10.8.0.255'))).toBe(true);
    expect(contains(a, ip('10.8.1.0'))).toBe(false);
  });

  it('keeps the network, broadcast and hub addresses out of the clients', () => {
    const a = cidr('10.8.0.0', '255.255.255.248');
    expect(clientCapacity(a)).toBe(5);
    expect(clientCapacity(cidr('10.8.0.0', '255.255.255.254'))).toBe(0);
    expect(isClientAddress(a, ip('10.8.0.2'))).toBe(true);
    for (const reserved of ['10.8.0.0', '10.8.0.1', '10.8.0.7', '10.8.0.8']) {
      expect(isClientAddress(a, ip(reserved)), reserved).toBe(false);
    }
  });

  it('allocates the first free client address', () => {
    const a = cidr('10.8.0.0', '255.255.255.248');
    expect(allocateHost(a, new Set())).toBe(ip('10.8.0.2'));
    expect(allocateHost(a, new Set([ip('10.8.0.2'), ip('10.8.0.3')]))).toBe(ip('10.8.0.4'));
    const full = new Set([2, 3, 4, 5, 6].map((n) => ip(`10.8.0.${n}`)));
    expect(allocateHost(a, full)).toBeNull();
  });

  it('allocates the first free block of a pool, past whatever is taken', () => {
    const pool = cidr('10.8.0.0', '255.255.0.0');
    expect(allocateSubnet(pool, 24, [])).toEqual(cidr('10.8.0.0', '255.255.255.0'));
    const taken = [cidr('10.8.0.0', '255.255.254.0'), cidr('10.8.2.128', '255.255.255.128')];
    expect(allocateSubnet(pool, 24, taken)).toEqual(cidr('10.8.3.0', '255.255.255.0'));
    // A small block taken inside the first /24 still moves the allocation on.
    expect(allocateSubnet(pool, 24, [cidr('10.8.0.64', '255.255.255.192')])).toEqual(
      cidr('10.8.1.0', '255.255.255.0'),
    );
    expect(allocateSubnet(cidr('10.8.0.0', '255.255.255.0'), 24, [pool])).toBeNull();
    expect(allocateSubnet(cidr('10.8.0.0', '255.255.255.0'), 16, [])).toBeNull();
  });
});

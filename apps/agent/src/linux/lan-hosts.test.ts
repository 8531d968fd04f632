import { describe, expect, it } from 'vitest';
import { parseArp } from './lan-hosts.ts';

describe('parseArp', () => {
  it('lists the answered neighbours of /proc/net/arp', () => {
    const table = [
      'IP address       HW type     Flags       HW address            Mask     Device',
      '192.168.1.10     0x1         0x2         00:1e:42:aa:bb:cc     *        br-lan',
      '192.168.1.20     0x1         0x0         00:00:00:00:00:00     *        br-lan',
      '10.0.0.1         0x1         0x2         52:54:00:12:34:56     *        eth0',
    ].join('\n');
    expect(parseArp(table)).toEqual([
      { ip: '192.168.1.10', mac: '00:1E:42:AA:BB:CC', interface: 'br-lan', port: null },
      { ip: '10.0.0.1', mac: '52:54:00:12:34:56', interface: 'eth0', port: null },
    ]);
  });
});

import type { LanHost } from '@netfleet/contracts';
import type { SimDevice } from './sim-device.ts';

/**
 * The hosts a simulated router sees on its LAN: the IP camera its services answer for
 * (192.168.1.10, sim-services.ts) on LAN1, and one or two laptops that only show up in the table.
 */
export const simLanHosts = (device: SimDevice): LanHost[] => {
  const suffix = (n: number) =>
    `00:1E:42:${[device.index >> 8, device.index & 0xff, n].map((b) => (b & 0xff).toString(16).padStart(2, '0').toUpperCase()).join(':')}`;
  const ports = Math.max(1, device.hardware.portCount);
  const hosts: LanHost[] = [
    { ip: '192.168.1.10', mac: suffix(10), interface: 'br-lan', port: 'LAN1' },
    {
      ip: '192.168.1.100',
      mac: suffix(100),
      interface: 'br-lan',
      port: ports > 1 ? 'LAN2' : 'LAN1',
    },
  ];
  if (device.index % 2 === 0) {
    hosts.push({ ip: '192.168.1.101', mac: suffix(101), interface: 'br-lan', port: null });
  }
  return hosts;
};

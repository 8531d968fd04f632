import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { linuxLocalApi, type LinuxApiSources } from './local-api.ts';

const NET_DEV = `Inter-|   Receive                                                |  Transmit
 face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed
    lo:    4200      42    0    0    0     0          0         0     4200      42    0    0    0     0       0          0
  eth0: 1048576    900    0    0    0     0          0         0   524288     700    0    0    0     0       0          0
 wlan0:     100      2    0    0    0     0          0         0      200       3    0    0    0     0       0          0
`;

const ipv4 = (address: string) => ({ address, family: 'IPv4' }) as NetworkInterfaceInfo;
const ipv6 = (address: string) => ({ address, family: 'IPv6' }) as NetworkInterfaceInfo;

const sources = (files: Record<string, string>): LinuxApiSources => ({
  identity: { serial: '001E42AABBCC', model: 'LINUX', firmware: 'linux-6.8.0' },
  read: async (path) => files[path] ?? null,
  statfs: async () => ({ bsize: 4096, blocks: 1000, bavail: 250 }),
  system: {
    hostname: () => 'edge-gw',
    uptime: () => 3600.7,
    loadavg: () => [0.123, 0.456, 0.789],
    totalmem: () => 2048,
    freemem: () => 512,
    networkInterfaces: () => ({
      eth0: [ipv6('fe80::1'), ipv4('192.168.8.2')],
      wlan0: [ipv6('fe80::2')],
    }),
  },
});

const files = {
  '/proc/net/dev': NET_DEV,
  '/sys/class/net/eth0/operstate': 'up\n',
  '/sys/class/net/wlan0/operstate': 'down\n',
};

describe("netfleet-agent's local status API", () => {
  it('describes the box as its hello does, with uptime and load', async () => {
    expect(await linuxLocalApi(sources(files))('/system/device/status')).toEqual({
      http_code: 200,
      http_body: {
        success: true,
        data: {
          hostname: 'edge-gw',
          model: 'LINUX',
          serial: '001E42AABBCC',
          firmware: 'linux-6.8.0',
          uptime: 3600,
          load: [0.12, 0.46, 0.79],
        },
      },
    });
  });

  it('answers memory, and the root filesystem as flash', async () => {
    expect(await linuxLocalApi(sources(files))('/system/device/usage/status')).toEqual({
      http_code: 200,
      http_body: {
        success: true,
        data: { ram_total: 2048, ram_free: 512, flash_total: 4_096_000, flash_free: 1_024_000 },
      },
    });
  });

  it('lists the interfaces of /proc/net/dev but loopback, with state, address and counters', async () => {
    const api = linuxLocalApi(sources(files));
    expect(await api('/interfaces/status')).toEqual({
      http_code: 200,
      http_body: {
        success: true,
        data: [
          {
            id: 'eth0',
            name: 'eth0',
            up: true,
            ipv4: '192.168.8.2',
            rx_bytes: 1048576,
            tx_bytes: 524288,
          },
          { id: 'wlan0', name: 'wlan0', up: false, ipv4: null, rx_bytes: 100, tx_bytes: 200 },
        ],
      },
    });
    const filtered = await api('/interfaces/status?up=true');
    expect((filtered.http_body as { data: { id: string }[] }).data.map((i) => i.id)).toEqual([
      'eth0',
    ]);
  });

  it('answers 404 for the modem, GPS and Wi-Fi a Linux box does not report, 500 for an unreadable source', async () => {
    const api = linuxLocalApi(sources(files));
    for (const url of [
      '/modems/status',
      '/gps/position/status',
      '/wireless/interfaces/status',
      '/nothing',
    ]) {
      expect(await api(url)).toEqual({
        http_code: 404,
        http_body: { success: false, errors: [{ code: 404, error: 'Not found' }] },
      });
    }
    expect(await linuxLocalApi(sources({}))('/interfaces/status')).toEqual({
      http_code: 500,
      http_body: {
        success: false,
        errors: [{ code: 500, error: '/proc/net/dev cannot be read' }],
      },
    });
  });

  it('reads the real box when nothing is injected', async () => {
    const api = linuxLocalApi({ identity: { serial: 'S1', model: 'LINUX', firmware: 'f' } });
    const status = await api('/system/device/usage/status');
    expect(status.http_code).toBe(200);
    const usage = (status.http_body as { data: Record<string, number> }).data;
    expect(usage.flash_total).toBeGreaterThan(0);
    expect(usage.ram_free).toBeLessThanOrEqual(usage.ram_total as number);
  });
});

import { readFile, statfs } from 'node:fs/promises';
import os from 'node:os';
import type { LocalApi } from '@netfleet/contracts';
import { localApi } from '../local-api.ts';
import type { DeviceIdentity } from '../types.ts';
import { isOperUp, parseNetDev } from './proc.ts';

// netfleet-agent's local status API: what a Linux box can say about itself. It has no modem, GPS
// or Wi-Fi status to read, so those endpoints answer 404 (no route).

/** Where the answers come from; tests put samples here. */
export interface LinuxApiSources {
  /** Model, serial and firmware, as the hello reports them. */
  identity: DeviceIdentity;
  /** A /proc or /sys file's text, or null when it cannot be read. */
  read?: (path: string) => Promise<string | null>;
  statfs?: (path: string) => Promise<{ bsize: number; blocks: number; bavail: number }>;
  system?: Pick<
    typeof os,
    'hostname' | 'uptime' | 'loadavg' | 'totalmem' | 'freemem' | 'networkInterfaces'
  >;
}

const readText = (path: string) => readFile(path, 'utf8').catch(() => null);

export const linuxLocalApi = (sources: LinuxApiSources): LocalApi => {
  const { identity } = sources;
  const read = sources.read ?? readText;
  const system = sources.system ?? os;
  const filesystem = sources.statfs ?? statfs;

  const interfaces = async () => {
    const netDev = await read('/proc/net/dev');
    if (netDev === null) throw new Error('/proc/net/dev cannot be read');
    const addresses = system.networkInterfaces();
    // Loopback carries no traffic anyone collects.
    const counters = parseNetDev(netDev).filter((c) => c.name !== 'lo');
    return Promise.all(
      counters.map(async (c) => ({
        id: c.name,
        name: c.name,
        up: isOperUp(await read(`/sys/class/net/${c.name}/operstate`)),
        ipv4: addresses[c.name]?.find((a) => a.family === 'IPv4')?.address ?? null,
        rx_bytes: c.rx,
        tx_bytes: c.tx,
      })),
    );
  };

  return localApi({
    '/system/device/status': () => ({
      hostname: system.hostname(),
      model: identity.model,
      serial: identity.serial,
      firmware: identity.firmware,
      uptime: Math.floor(system.uptime()),
      load: system.loadavg().map((n) => Number(n.toFixed(2))),
    }),
    '/system/device/usage/status': async () => {
      // The root filesystem stands in for a router's flash.
      const root = await filesystem('/');
      return {
        ram_total: system.totalmem(),
        ram_free: system.freemem(),
        flash_total: root.blocks * root.bsize,
        flash_free: root.bavail * root.bsize,
      };
    },
    '/interfaces/status': interfaces,
  });
};

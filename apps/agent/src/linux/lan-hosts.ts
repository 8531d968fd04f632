import { readFile } from 'node:fs/promises';
import type { LanHost } from '@netfleet/contracts';
import type { CommandOutcome } from '../types.ts';

/** ARP flag "complete": the neighbour answered. */
const ATF_COM = 0x2;

/**
 * `/proc/net/arp` as LAN hosts: `IP address  HW type  Flags  HW address  Mask  Device`. Only
 * answered entries count; which switch port a host is on is not in the table.
 */
export const parseArp = (text: string): LanHost[] =>
  text
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols.length >= 6 && (Number(cols[2]) & ATF_COM) !== 0)
    .map(([ip = '', , , mac = '', , device = '']) => ({
      ip,
      mac: mac.toUpperCase(),
      interface: device,
      port: null,
    }))
    .slice(0, 256);

export const lanHosts = async (path = '/proc/net/arp'): Promise<CommandOutcome> => {
  try {
    return { status: 'completed', result: JSON.stringify(parseArp(await readFile(path, 'utf8'))) };
  } catch (error) {
    return { status: 'failed', message: `cannot read ${path}: ${(error as Error).message}` };
  }
};

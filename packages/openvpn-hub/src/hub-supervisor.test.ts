import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IpCommand } from './hub-routes';
import { createHubSupervisor } from './hub-supervisor';

const log = { info: () => {}, warn: () => {}, error: () => {} };

/** `ip` with these rules in the kernel (`ip rule show` lines); deletes them as asked. */
const fakeIp = (rules: string[]) => {
  const calls: string[] = [];
  const ip: IpCommand = async (args) => {
    const line = args.join(' ');
    calls.push(line);
    if (line === '-4 rule show') return { error: null, stdout: `${rules.join('\n')}\n` };
    const table = /^-4 rule del table (\d+)$/.exec(line)?.[1];
    if (table) {
      const index = rules.findIndex((rule) => rule.endsWith(`lookup ${table}`));
      if (index < 0) return { error: 'RTNETLINK answers: No such file or directory', stdout: '' };
      rules.splice(index, 1);
    }
    return { error: null, stdout: '' };
  };
  return { ip, calls };
};

// No OpenVPN and no root needed: these hubs never run, only their directories are looked at.
describe('hub supervisor: removing a deleted hub', () => {
  let dataDir = '';
  const hubDir = (id: number) => join(dataDir, 'vpn', 'hubs', String(id));
  const leaveFiles = async (id: number) => {
    await mkdir(join(hubDir(id), 'ccd'), { recursive: true });
    await writeFile(join(hubDir(id), 'server.key'), '-----BEGIN PRIVATE KEY-----\n');
    await writeFile(join(hubDir(id), 'ccd', 'device-1'), 'ifconfig-push 10.8.0.2 255.255.255.0\n');
  };

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'netfleet-hubs-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('deletes the hub’s directory with its keys, and only that hub’s', async () => {
    await leaveFiles(7);
    await leaveFiles(8);
    const runtime = createHubSupervisor({ dataDir, log, ip: fakeIp([]).ip });
    await runtime.remove(7);
    expect(existsSync(hubDir(7))).toBe(false);
    expect(existsSync(join(hubDir(8), 'server.key'))).toBe(true);
    expect(runtime.status(7).state).toBe('stopped');
    await runtime.close();
  });

  it('removes a hub that has nothing on this host without complaint', async () => {
    const { ip, calls } = fakeIp([]);
    const runtime = createHubSupervisor({ dataDir, log, ip });
    await expect(runtime.remove(9)).resolves.toBeUndefined();
    await runtime.close();
    // No hub directory: nothing of a previous run to look for, and no `ip` to need.
    expect(calls).toEqual([]);
  });
});

describe('hub supervisor: routing a previous run left', () => {
  let dataDir = '';

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'netfleet-hubs-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('clears the rules and tables of its own hubs before anything else, leaving others’', async () => {
    for (const id of [7, 8])
      await mkdir(join(dataDir, 'vpn', 'hubs', String(id)), { recursive: true });
    const rules = [
      '0:\tfrom all lookup local',
      '10000:\tfrom all iif nfh7 [detached] lookup 1000007',
      '10001:\tfrom 10.8.0.0/24 lookup 1000007',
      // Another netfleet's hub on this host (no directory here).
      '10000:\tfrom all iif nfh9 lookup 1000009',
      '32766:\tfrom all lookup main',
    ];
    const { ip, calls } = fakeIp(rules);
    const runtime = createHubSupervisor({ dataDir, log, ip });
    await runtime.stop(7);
    expect(calls).toEqual([
      '-4 rule show',
      '-4 rule del table 1000007',
      '-4 rule del table 1000007',
      '-4 rule del table 1000007',
      '-4 route flush table 1000007',
    ]);
    expect(rules).toEqual([
      '0:\tfrom all lookup local',
      '10000:\tfrom all iif nfh9 lookup 1000009',
      '32766:\tfrom all lookup main',
    ]);
    await runtime.close();
  });
});

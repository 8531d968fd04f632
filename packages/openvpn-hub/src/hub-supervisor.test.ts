import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHubSupervisor } from './hub-supervisor';

const log = { info: () => {}, warn: () => {}, error: () => {} };

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
    const runtime = createHubSupervisor({ dataDir, log });
    await runtime.remove(7);
    expect(existsSync(hubDir(7))).toBe(false);
    expect(existsSync(join(hubDir(8), 'server.key'))).toBe(true);
    expect(runtime.status(7).state).toBe('stopped');
    await runtime.close();
  });

  it('removes a hub that has nothing on this host without complaint', async () => {
    const runtime = createHubSupervisor({ dataDir, log });
    await expect(runtime.remove(9)).resolves.toBeUndefined();
    await runtime.close();
  });
});

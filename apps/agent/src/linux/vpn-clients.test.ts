import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommandMessage, VpnJoinArgs } from '@netfleet/contracts';
import { FakeOpenvpn, fakeOpenvpnSpawner } from '../testing/fake-openvpn.ts';
import { VPN_MESSAGES } from '../vpn-jobs.ts';
import { AGENT_VPN_MESSAGES, VpnClients, type VpnClientsOptions } from './vpn-clients.ts';

const PROFILE = 'client\ndev tun\nproto udp\nremote hub.example.com 1194\n<ca>\nPEM\n</ca>\n';

let dir: string;
let ipForward: string;
let clients: VpnClients[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'nf-agent-vpn-'));
  ipForward = join(dir, 'ip_forward');
  writeFileSync(ipForward, '0\n');
  writeFileSync(join(dir, 'openvpn'), '#!/bin/sh\n', { mode: 0o755 });
  writeFileSync(join(dir, 'tun'), '');
  clients = [];
});
afterEach(async () => {
  await Promise.all(clients.map((c) => c.stopAll()));
  rmSync(dir, { recursive: true, force: true });
});

let nextId = 900;
const job = (type: 'vpn_join' | 'vpn_leave', args: Record<string, unknown>): CommandMessage => ({
  id: nextId++,
  type,
  args,
  expires_at: Date.now() + 60_000,
});
const joinArgs = (hubId: number, more: Partial<VpnJoinArgs> = {}): VpnJoinArgs => ({
  hub_id: hubId,
  common_name: `device-${hubId}`,
  profile: PROFILE,
  forward: { lan: false, wan: false },
  lans: [],
  ...more,
});

const load = async (options: Partial<VpnClientsOptions> = {}) => {
  const vpn = await VpnClients.load({
    dir: join(dir, 'state'),
    openvpnPath: join(dir, 'openvpn'),
    searchPath: '',
    onChange: () => undefined,
    log: () => undefined,
    isRoot: () => true,
    tunPath: join(dir, 'tun'),
    ipForwardPath: ipForward,
    client: { startupWaitMs: 1000, watchEveryMs: 20, random: () => 0 },
    ...options,
  });
  clients.push(vpn);
  return vpn;
};

describe('vpn_join', () => {
  it('writes the profile root-only, starts OpenVPN on it and reports it', async () => {
    const { spawn, spawned } = fakeOpenvpnSpawner();
    const onChange = vi.fn();
    const vpn = await load({ spawn, onChange });
    expect(await vpn.reading()).toBeNull();

    expect(await vpn.join(job('vpn_join', joinArgs(3)))).toEqual({
      status: 'completed',
      message: VPN_MESSAGES.started(3),
    });
    const profile = join(dir, 'state', 'nf_hub_3.ovpn');
    expect(readFileSync(profile, 'utf8')).toBe(PROFILE);
    expect(statSync(profile).mode & 0o777).toBe(0o600);
    const [process] = spawned as [FakeOpenvpn];
    expect(process.file).toBe(join(dir, 'openvpn'));
    expect(process.args).toEqual([
      '--config',
      profile,
      '--management',
      join(dir, 'state', 'nf_hub_3.sock'),
      'unix',
      '--script-security',
      '1',
      '--suppress-timestamps',
    ]);
    expect(onChange).toHaveBeenCalled();
    expect(JSON.parse(readFileSync(join(dir, 'state', 'vpn.json'), 'utf8'))).toEqual({
      version: 1,
      hubs: [{ hub_id: 3, common_name: 'device-3', forward: { lan: false, wan: false }, lans: [] }],
    });
    expect(await vpn.reading()).toEqual({
      l2tp: [],
      openvpn: [
        {
          hub_id: 3,
          name: 'nf_hub_3',
          status: 'connecting',
          ip: null,
          bytes_sent: 108,
          bytes_received: 0,
          since: null,
          error: null,
        },
      ],
    });

    // The tunnel comes up: the watch notices and asks for a reading.
    onChange.mockClear();
    process.state = '1750000100,CONNECTED,SUCCESS,10.8.3.7,203.0.113.5,1194,,';
    process.bytes = { sent: 9000, received: 12000 };
    await vi.waitFor(() => expect(onChange).toHaveBeenCalled());
    expect((await vpn.reading())?.openvpn).toEqual([
      expect.objectContaining({
        status: 'connected',
        ip: '10.8.3.7',
        since: 1_750_000_100_000,
        bytes_sent: 9000,
        bytes_received: 12000,
      }),
    ]);
    // LAN forwarding was not asked for: the kernel setting stays as it was.
    expect(readFileSync(ipForward, 'utf8')).toBe('0\n');
  });

  it('turns IPv4 forwarding on when the hub routes LANs through the device', async () => {
    const vpn = await load({ spawn: fakeOpenvpnSpawner().spawn });
    const lans = [{ network: '192.168.1.0', netmask: '255.255.255.0' }];
    await vpn.join(job('vpn_join', joinArgs(4, { forward: { lan: false, wan: true }, lans })));
    expect(readFileSync(ipForward, 'utf8')).toBe('0\n');
    await vpn.join(job('vpn_join', joinArgs(5, { forward: { lan: true, wan: false }, lans })));
    expect(readFileSync(ipForward, 'utf8')).toBe('1\n');
  });

  it('replaces the instance of a hub it joins again', async () => {
    const { spawn, spawned } = fakeOpenvpnSpawner();
    const vpn = await load({ spawn });
    await vpn.join(job('vpn_join', joinArgs(3)));
    const replaced = `${PROFILE}verb 4\n`;
    expect((await vpn.join(job('vpn_join', joinArgs(3, { profile: replaced })))).status).toBe(
      'completed',
    );
    expect(spawned[0]?.signals).toEqual(['SIGTERM']);
    expect(spawned).toHaveLength(2);
    expect(readFileSync(join(dir, 'state', 'nf_hub_3.ovpn'), 'utf8')).toBe(replaced);
    expect((await vpn.reading())?.openvpn).toHaveLength(1);
  });

  it('fails with why when the box cannot run OpenVPN clients, starting nothing', async () => {
    const { spawn, spawned } = fakeOpenvpnSpawner();
    const cases: [Partial<VpnClientsOptions>, string][] = [
      [{ openvpnPath: undefined }, AGENT_VPN_MESSAGES.notInstalled],
      [{ openvpnPath: join(dir, 'nope') }, AGENT_VPN_MESSAGES.notExecutable(join(dir, 'nope'))],
      [{ isRoot: () => false }, AGENT_VPN_MESSAGES.notRoot],
      [{ tunPath: join(dir, 'no-tun') }, AGENT_VPN_MESSAGES.noTun],
    ];
    for (const [options, message] of cases) {
      const vpn = await load({ spawn, ...options });
      expect(await vpn.join(job('vpn_join', joinArgs(3)))).toEqual({ status: 'failed', message });
    }
    expect(spawned).toHaveLength(0);
    expect(existsSync(join(dir, 'state', 'nf_hub_3.ovpn'))).toBe(false);
  });

  it('rejects args that do not fit and profiles that would run programs', async () => {
    const { spawn, spawned } = fakeOpenvpnSpawner();
    const vpn = await load({ spawn });
    expect(await vpn.join(job('vpn_join', { hub_id: 3 }))).toMatchObject({
      status: 'rejected',
      message: expect.stringMatching(/^invalid args\.common_name: /),
    });
    const evil = joinArgs(3, { profile: `${PROFILE}script-security 2\nup /bin/evil\n` });
    expect(await vpn.join(job('vpn_join', evil))).toEqual({
      status: 'rejected',
      message: AGENT_VPN_MESSAGES.forbidden('script-security'),
    });
    expect(spawned).toHaveLength(0);
  });

  it('fails with OpenVPN complaint when it exits at start, and keeps nothing', async () => {
    const { spawn, spawned } = fakeOpenvpnSpawner((process) =>
      process.fail(
        1,
        'Note: --cipher is not set.',
        "Options error: --ca fails with 'x': No such file",
      ),
    );
    const vpn = await load({ spawn });
    expect(await vpn.join(job('vpn_join', joinArgs(3)))).toEqual({
      status: 'failed',
      message: AGENT_VPN_MESSAGES.didNotStart(
        3,
        "Options error: --ca fails with 'x': No such file",
      ),
    });
    expect(existsSync(join(dir, 'state', 'nf_hub_3.ovpn'))).toBe(false);
    // No restart of a join that failed.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(spawned).toHaveLength(1);
    expect(await vpn.reading()).toEqual({ l2tp: [], openvpn: [] });
    expect(await vpn.reading()).toBeNull();
  });
});

describe('supervision and vpn_leave', () => {
  it('restarts an OpenVPN that exits, reporting it failed meanwhile', async () => {
    const { spawn, spawned } = fakeOpenvpnSpawner();
    const vpn = await load({ spawn });
    await vpn.join(job('vpn_join', joinArgs(3)));
    spawned[0]?.fail(1, 'TLS Error: TLS handshake failed');
    await vi.waitFor(async () =>
      expect((await vpn.reading())?.openvpn?.[0]).toMatchObject({
        status: 'failed',
        error: 'TLS Error: TLS handshake failed',
        since: expect.any(Number),
      }),
    );
    // reconnectDelay(0) with random 0: half a second.
    await vi.waitFor(() => expect(spawned).toHaveLength(2), { timeout: 2000 });
    await vi.waitFor(async () =>
      expect((await vpn.reading())?.openvpn?.[0]?.status).toBe('connecting'),
    );
  });

  it('leaves: stops and forgets the instance, and says so once', async () => {
    const { spawn, spawned } = fakeOpenvpnSpawner();
    const onChange = vi.fn();
    const vpn = await load({ spawn, onChange });
    await vpn.join(job('vpn_join', joinArgs(3)));
    onChange.mockClear();
    expect(await vpn.leave(job('vpn_leave', { hub_id: 3 }))).toEqual({
      status: 'completed',
      message: VPN_MESSAGES.left(3),
    });
    expect(spawned[0]?.signals).toEqual(['SIGTERM']);
    expect(onChange).toHaveBeenCalled();
    expect(existsSync(join(dir, 'state', 'nf_hub_3.ovpn'))).toBe(false);
    expect(JSON.parse(readFileSync(join(dir, 'state', 'vpn.json'), 'utf8')).hubs).toEqual([]);
    expect(await vpn.reading()).toEqual({ l2tp: [], openvpn: [] });
    expect(await vpn.reading()).toBeNull();
    expect(await vpn.leave(job('vpn_leave', { hub_id: 3 }))).toEqual({
      status: 'completed',
      message: VPN_MESSAGES.notJoined(3),
    });
  });

  it('starts the hubs it was a client of again after a restart', async () => {
    const first = fakeOpenvpnSpawner();
    const before = await load({ spawn: first.spawn });
    await before.join(job('vpn_join', joinArgs(3)));
    await before.join(job('vpn_join', joinArgs(7)));
    await before.stopAll();

    const second = fakeOpenvpnSpawner();
    const after = await load({ spawn: second.spawn });
    await after.startAll();
    expect(second.spawned.map((p) => p.socketPath).sort()).toEqual([
      join(dir, 'state', 'nf_hub_3.sock'),
      join(dir, 'state', 'nf_hub_7.sock'),
    ]);
    expect((await after.reading())?.openvpn?.map((c) => [c.hub_id, c.status])).toEqual([
      [3, 'connecting'],
      [7, 'connecting'],
    ]);
  });

  it('asks an OpenVPN left running by a killed agent to exit before starting its own', async () => {
    const { spawn, spawned } = fakeOpenvpnSpawner();
    const vpn = await load({ spawn });
    // The state directory exists once the agent saved something there.
    await vpn.leave(job('vpn_leave', { hub_id: 9 }));
    const socket = join(dir, 'state', 'nf_hub_3.sock');
    const orphan = new FakeOpenvpn('openvpn', ['--management', socket, 'unix']).listen();
    const exited = new Promise((resolve) => orphan.once('close', resolve));
    await vi.waitFor(() => expect(existsSync(socket)).toBe(true));

    expect((await vpn.join(job('vpn_join', joinArgs(3)))).status).toBe('completed');
    expect(await exited).toBe(0);
    expect(spawned).toHaveLength(1);
    expect((await vpn.reading())?.openvpn?.[0]?.status).toBe('connecting');
  });

  it('reports remembered hubs failed when OpenVPN is gone, and why', async () => {
    const before = await load({ spawn: fakeOpenvpnSpawner().spawn });
    await before.join(job('vpn_join', joinArgs(3)));
    await before.stopAll();
    rmSync(join(dir, 'openvpn'));
    const after = await load({ spawn: fakeOpenvpnSpawner().spawn });
    await after.startAll();
    expect((await after.reading())?.openvpn?.[0]).toMatchObject({
      status: 'failed',
      error: AGENT_VPN_MESSAGES.notExecutable(join(dir, 'openvpn')),
    });
  });
});

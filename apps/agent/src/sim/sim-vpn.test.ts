import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  vpnTelemetrySchema,
  type CommandMessage,
  type TelemetryCategory,
} from '@netfleet/contracts';
import type { CommandContext, CommandOutcome } from '../types.ts';
import { VPN_MESSAGES } from '../vpn-jobs.ts';
import { restoreDeviceState } from './fleet.ts';
import { FleetState } from './fleet-state.ts';
import { runSimCommand } from './sim-commands.ts';
import { SimDevice } from './sim-device.ts';
import { simReading } from './sim-readings.ts';
import { SIM_VPN_APPLY_MS, SIM_VPN_CONNECT_MS, simTunnelIp, supportsVpnHubs } from './sim-vpn.ts';

const SEED = 42;
let now = 1_750_000_000_000;
const deviceWhere = (test: (device: SimDevice) => boolean): SimDevice => {
  for (let index = 0; index < 500; index += 1) {
    const device = new SimDevice(index, SEED, () => now);
    if (test(device)) return device;
  }
  throw new Error('no such device in the fleet');
};
const hubReady = () => deviceWhere(supportsVpnHubs);
const legacy = () => deviceWhere((d) => d.capabilities.has_vpn && d.capabilities.has_legacy_vpn);

let sent: TelemetryCategory[];
const context: CommandContext = {
  progress: async () => undefined,
  sendAllTelemetry: () => undefined,
  sendReading: (category) => void sent.push(category),
  restart: async () => undefined,
  collect: () => undefined,
};

let nextId = 1;
const job = (type: 'vpn_join' | 'vpn_leave', args: Record<string, unknown>): CommandMessage => ({
  id: nextId++,
  type,
  args,
  expires_at: now + 60_000,
});
const joinArgs = (hubId: number) => ({
  hub_id: hubId,
  common_name: `device-${hubId}`,
  profile: 'client\ndev tun\nremote hub.example.com 1194\n',
  forward: { lan: true, wan: false },
  lans: [{ network: '192.168.1.0', netmask: '255.255.255.0' }],
});

/** Runs a job to its end, the router's delays passing on the fake clock. */
const run = async (device: SimDevice, command: CommandMessage, onVpnChanged = vi.fn()) => {
  let outcome: CommandOutcome | undefined;
  void runSimCommand(device, command, context, { rebootMs: 100, onVpnChanged }).then(
    (o) => (outcome = o),
  );
  await vi.advanceTimersByTimeAsync(SIM_VPN_APPLY_MS.max);
  return outcome;
};
const openvpn = (device: SimDevice) => {
  const reading = vpnTelemetrySchema.parse(simReading(device, 'vpn'));
  return reading.openvpn;
};

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('simulated hub clients', () => {
  it('join: connecting, then connected with a tunnel address and traffic', async () => {
    const device = hubReady();
    expect(openvpn(device)).toBeUndefined();
    const onVpnChanged = vi.fn();
    expect(await run(device, job('vpn_join', joinArgs(3)), onVpnChanged)).toEqual({
      status: 'completed',
      message: VPN_MESSAGES.started(3),
    });
    expect(onVpnChanged).toHaveBeenCalledWith(device);
    expect(sent).toEqual(['vpn']);
    expect(openvpn(device)).toEqual([
      {
        hub_id: 3,
        name: 'nf_hub_3',
        status: 'connecting',
        ip: null,
        bytes_sent: 0,
        bytes_received: 0,
        since: null,
        error: null,
      },
    ]);

    // The tunnel comes up within the connect time, and a reading goes out then.
    await vi.advanceTimersByTimeAsync(SIM_VPN_CONNECT_MS.max);
    expect(sent).toEqual(['vpn', 'vpn']);
    now += SIM_VPN_CONNECT_MS.max;
    const [up] = openvpn(device) ?? [];
    expect(up).toMatchObject({ status: 'connected', ip: simTunnelIp(device, 3), error: null });
    expect(up?.ip).toMatch(/^10\.8\.3\.\d+$/);
    expect(up?.since).toBeLessThanOrEqual(now);
    // A handshake's worth at first, then growing with every reading.
    expect(up?.bytes_received).toBeGreaterThan(4000);
    now += 300_000;
    const [later] = openvpn(device) ?? [];
    expect(later?.bytes_sent).toBeGreaterThan(up?.bytes_sent ?? 0);
    expect(later?.bytes_received).toBeGreaterThan(up?.bytes_received ?? 0);
    expect(later?.since).toBe(up?.since);
  });

  it('restarts its clients with the device: counters from zero, connecting again', async () => {
    const device = hubReady();
    await run(device, job('vpn_join', joinArgs(3)));
    now += 60_000;
    expect(openvpn(device)?.[0]?.status).toBe('connected');
    device.boot();
    expect(openvpn(device)?.[0]).toMatchObject({ status: 'connecting', bytes_sent: 0 });
    now += SIM_VPN_CONNECT_MS.max;
    expect(openvpn(device)?.[0]?.status).toBe('connected');
  });

  it('leave: the client goes, an empty list says so; leaving again is no error', async () => {
    const device = hubReady();
    await run(device, job('vpn_join', joinArgs(3)));
    await run(device, job('vpn_join', joinArgs(5)));
    expect(openvpn(device)?.map((c) => c.hub_id)).toEqual([3, 5]);
    sent = [];
    expect(await run(device, job('vpn_leave', { hub_id: 3 }))).toEqual({
      status: 'completed',
      message: VPN_MESSAGES.left(3),
    });
    expect(sent).toEqual(['vpn']);
    expect(openvpn(device)?.map((c) => c.hub_id)).toEqual([5]);
    await run(device, job('vpn_leave', { hub_id: 5 }));
    expect(openvpn(device)).toEqual([]);
    expect(await run(device, job('vpn_leave', { hub_id: 5 }))).toEqual({
      status: 'completed',
      message: VPN_MESSAGES.notJoined(5),
    });
  });

  it('refuses on firmware before 07.06, and args that do not fit', async () => {
    expect(await run(legacy(), job('vpn_join', joinArgs(3)))).toEqual({
      status: 'rejected',
      message: VPN_MESSAGES.legacyFirmware,
    });
    expect(await run(hubReady(), job('vpn_join', { hub_id: 3 }))).toMatchObject({
      status: 'rejected',
      message: expect.stringMatching(/^invalid args\.common_name/),
    });
  });

  it('keeps its hubs in the fleet state: after a restart they are up again', async () => {
    vi.useRealTimers();
    const dir = mkdtempSync(join(tmpdir(), 'nf-sim-vpn-'));
    try {
      const path = join(dir, 'state.json');
      const state = await FleetState.load(path);
      const device = hubReady();
      state.set(device.serial, { vpn_hubs: [3, 8] });
      await state.flush();
      const again = new SimDevice(device.index, SEED, () => now);
      restoreDeviceState([again], await FleetState.load(path));
      expect(openvpn(again)?.map((c) => [c.hub_id, c.status])).toEqual([
        [3, 'connected'],
        [8, 'connected'],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

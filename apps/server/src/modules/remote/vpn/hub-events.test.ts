import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubSession } from '@netfleet/openvpn-hub';
import { eventually } from '@test/eventually';
import { buildVpnWorld, type VpnWorld } from './vpn.fixtures';

let w: VpnWorld;
let clock = new Date('2030-05-10T22:00:00Z').getTime();
beforeAll(async () => {
  w = await buildVpnWorld(() => new Date(clock));
});
afterAll(() => w.t.close());

describe('sessions, connection log and usage from the runtime', () => {
  let hub: number;
  let session: HubSession;
  const name = () => `device-${w.devices.router.id}`;

  beforeAll(async () => {
    hub = await w.createHub({ name: 'Metered hub' });
    const joined = await w.call(w.sessions.manager, 'POST', `/api/vpn/hubs/${hub}/devices`, {
      device_id: [w.devices.router.id],
    });
    expect(joined.statusCode, joined.body).toBe(200);
    await w.t.app.vpnHubs.idle();
    session = {
      commonName: name(),
      realAddress: '198.51.100.7:40000',
      virtualAddress: '10.8.0.6',
      bytesReceived: 1000,
      bytesSent: 500,
      connectedSince: new Date(clock),
    };
  });

  it('logs a connect and shows the session on the hub and the client', async () => {
    w.recording.emit({ hubId: hub, kind: 'connected', session });
    await w.t.app.vpnHubs.idle();
    await eventually(async () => {
      const sessions = await w.call(w.sessions.viewer, 'GET', `/api/vpn/hubs/${hub}/sessions`);
      expect(sessions.json<{ data: unknown[] }>().data).toEqual([
        expect.objectContaining({
          name: 'Office router',
          ip: '198.51.100.7:40000',
          vpn_ip: '10.8.0.6',
          type: 'device',
          object_id: w.devices.router.id,
          bytes_used: 1500,
        }),
      ]);
    });
    const clients = await w.call(w.sessions.viewer, 'GET', `/api/vpn/hubs/${hub}/clients`);
    expect(clients.json<{ data: unknown[] }>().data).toEqual([
      expect.objectContaining({
        connected: true,
        ip: '10.8.0.6',
        session: expect.objectContaining({ real_address: '198.51.100.7:40000' }),
      }),
    ]);
    const status = await w.call(
      w.sessions.viewer,
      'GET',
      `/api/devices/device-vpn-status?device_id=${w.devices.router.id}`,
    );
    expect(status.json<{ data: unknown[] }>().data).toEqual([
      expect.objectContaining({
        device_id: w.devices.router.id,
        data: [
          {
            ip: '10.8.0.6',
            name: 'Metered hub',
            type: 'openvpn',
            is_enabled: true,
            is_running: true,
          },
        ],
      }),
    ]);
  });

  it('counts bytes into each day as they grow, and once only', async () => {
    w.recording.setSessions(hub, [{ ...session, bytesReceived: 4000, bytesSent: 1000 }]);
    await w.t.app.vpnHubs.sweep();
    clock += 3 * 3600 * 1000; // past midnight UTC
    w.recording.emit({
      hubId: hub,
      kind: 'disconnected',
      session: { ...session, bytesReceived: 10_000, bytesSent: 3000 },
    });
    await w.t.app.vpnHubs.idle();

    const usage = await w.call(
      w.sessions.viewer,
      'GET',
      `/api/vpn/hubs/${hub}/data-usage?start_date=2030-05-10&end_date=2030-05-11`,
    );
    expect(usage.statusCode, usage.body).toBe(200);
    expect(usage.json<{ data: unknown }>().data).toMatchObject({
      days: [
        { date: '2030-05-10', bytes_received: 4000, bytes_sent: 1000 },
        { date: '2030-05-11', bytes_received: 6000, bytes_sent: 2000 },
      ],
      clients: [
        { name: 'Office router', type: 'device', bytes_received: 10_000, bytes_sent: 3000 },
      ],
      bytes_received: 10_000,
      bytes_sent: 3000,
    });
    const logs = await w.call(
      w.sessions.viewer,
      'GET',
      `/api/vpn/hubs/${hub}/logs?start_date=2030-05-01 00:00:00&end_date=2030-05-31 00:00:00`,
    );
    expect(logs.json<{ data: unknown[] }>().data).toEqual([
      expect.objectContaining({
        hub_id: hub,
        total_data_used: 5000,
        created_at: '2030-05-10 00:00:00',
      }),
      expect.objectContaining({ total_data_used: 8000, created_at: '2030-05-11 00:00:00' }),
    ]);
    const detail = await w.call(w.sessions.viewer, 'GET', `/api/vpn/hubs/${hub}`);
    expect(detail.json<{ data: unknown }>().data).toMatchObject({
      bytes_used: 13_000,
      sessions_count: 0,
    });

    const connections = await w.call(
      w.sessions.viewer,
      'GET',
      `/api/vpn/hubs/${hub}/logs/user-connections`,
    );
    expect(connections.json<{ data: unknown[]; meta: { total: number } }>()).toMatchObject({
      meta: { total: 1 },
      data: [
        {
          vpn_hub_id: hub,
          name: name(),
          visual_name: 'Office router',
          ip: '198.51.100.7:40000',
          type: 'device',
          connected_at: '2030-05-10 22:00:00',
          disconnected_at: '2030-05-11 01:00:00',
          bytes_received: 10_000,
          bytes_sent: 3000,
        },
      ],
    });
  });

  it('puts off a client that may not connect (revoked, unknown)', async () => {
    w.recording.emit({
      hubId: hub,
      kind: 'connected',
      session: { ...session, commonName: 'custom-stranger', connectedSince: new Date(clock) },
    });
    await w.t.app.vpnHubs.idle();
    expect(w.recording.disconnected).toContainEqual({ hubId: hub, commonName: 'custom-stranger' });
    const connections = await w.call(
      w.sessions.viewer,
      'GET',
      `/api/vpn/hubs/${hub}/logs/user-connections`,
    );
    expect(
      connections.json<{ data: { name: string; type: string | null }[] }>().data[0],
    ).toMatchObject({
      name: 'custom-stranger',
      type: null,
    });
  });

  it('closes sessions the runtime no longer reports', async () => {
    w.recording.setSessions(hub, []);
    await w.t.app.vpnHubs.sweep();
    const sessions = await w.call(w.sessions.viewer, 'GET', `/api/vpn/hubs/${hub}/sessions`);
    expect(sessions.json<{ data: unknown[] }>().data).toEqual([]);
  });
});

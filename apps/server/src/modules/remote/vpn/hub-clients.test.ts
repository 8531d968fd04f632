import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceJobs, vpnHubs } from '@/db/schema';
import { buildVpnWorld, firstError, type VpnWorld } from './vpn.fixtures';

let w: VpnWorld;
beforeAll(async () => {
  w = await buildVpnWorld();
});
afterAll(() => w.t.close());

describe('hub users, addressing and DHCP options', () => {
  let hub: number;
  let userClient: number;

  beforeAll(async () => {
    hub = await w.createHub({ name: 'People hub', ip: '10.30.0.0', netmask: '255.255.255.248' });
  });

  it('adds a console user of the caller’s companies only', async () => {
    const stranger = await w.call(w.sessions.manager, 'POST', '/api/vpn/hubs/users', {
      vpn_hub_id: hub,
      user_id: w.users.stranger.id,
    });
    expect(stranger.statusCode).toBe(404);
    expect(firstError(stranger.body)?.source).toBe('user_id');
    const added = await w.call(w.sessions.manager, 'POST', '/api/vpn/hubs/users', {
      vpn_hub_id: hub,
      user_id: w.users.viewer.id,
    });
    expect(added.statusCode, added.body).toBe(200);
    const client = added.json<{ data: { id: number; type: string; name: string } }>().data;
    expect(client).toMatchObject({ type: 'rms_user', name: w.users.viewer.email, mode: 'dhcp' });
    userClient = client.id;
    const listed = await w.call(w.sessions.viewer, 'GET', `/api/vpn/hubs/users?vpn_hub_id=${hub}`);
    expect(listed.json<{ data: { id: number }[] }>().data.map((c) => c.id)).toEqual([userClient]);
    const hidden = await w.call(w.sessions.stranger, 'GET', '/api/vpn/hubs/users');
    expect(hidden.json<{ data: unknown[] }>().data).toEqual([]);
  });

  it.each([
    ['outside the subnet', '10.30.0.9', 'outside'],
    ['the hub’s own address', '10.30.0.1', 'network, broadcast or hub'],
    ['the broadcast address', '10.30.0.7', 'network, broadcast or hub'],
  ])('refuses a fixed address %s', async (_, ip, text) => {
    const response = await w.call(w.sessions.manager, 'POST', `/api/vpn/hubs/users/${userClient}`, {
      mode: 'static',
      ip_address: ip,
    });
    expect(response.statusCode).toBe(422);
    expect(firstError(response.body)).toMatchObject({ source: 'ip_address' });
    expect(firstError(response.body)?.message).toContain(text);
  });

  it('takes the first free address, refuses a taken one, and runs out with the subnet', async () => {
    const first = await w.call(w.sessions.manager, 'POST', `/api/vpn/hubs/users/${userClient}`, {
      mode: 'static',
    });
    expect(first.json<{ data: { static_ip: string } }>().data.static_ip).toBe('10.30.0.2');
    const other = await w.call(w.sessions.manager, 'POST', '/api/vpn/hubs/users/custom', {
      vpn_hub_id: hub,
      username: 'dave',
    });
    const otherId = other.json<{ data: { id: number } }>().data.id;
    const taken = await w.call(w.sessions.manager, 'POST', `/api/vpn/hubs/users/${otherId}`, {
      mode: 'static',
      ip_address: '10.30.0.2',
    });
    expect(taken.statusCode).toBe(422);
    expect(firstError(taken.body)?.message).toContain('Another client');
    await w.t.app.vpnHubs.idle();
    expect(w.recording.specOf(hub)?.clients).toEqual(
      expect.arrayContaining([expect.objectContaining({ ip: '10.30.0.2' })]),
    );
    // A /29 holds five clients besides the hub.
    for (const name of ['e1', 'e2', 'e3']) {
      await w.call(w.sessions.manager, 'POST', '/api/vpn/hubs/users/custom', {
        vpn_hub_id: hub,
        username: name,
      });
    }
    const full = await w.call(w.sessions.manager, 'POST', '/api/vpn/hubs/users/custom', {
      vpn_hub_id: hub,
      username: 'e4',
    });
    expect(full.statusCode).toBe(422);
    expect(firstError(full.body)?.source).toBe('username');
  });

  it('switches a client off: refused by the hub and disconnected', async () => {
    const off = await w.call(
      w.sessions.manager,
      'POST',
      `/api/vpn/hubs/users/${userClient}/toggle`,
      {
        enabled: false,
      },
    );
    expect(off.statusCode, off.body).toBe(200);
    await w.t.app.vpnHubs.idle();
    const spec = w.recording.specOf(hub);
    expect(spec?.clients.find((c) => c.commonName === `user-${w.users.viewer.id}`)?.enabled).toBe(
      false,
    );
    expect(w.recording.disconnected).toContainEqual({
      hubId: hub,
      commonName: `user-${w.users.viewer.id}`,
    });
  });

  it('pushes DHCP options, once each', async () => {
    const dns = await w.call(w.sessions.manager, 'POST', `/api/vpn/hubs/${hub}/dhcp`, {
      ip_address: '10.30.0.1',
      type: 'DNS',
    });
    expect(dns.statusCode, dns.body).toBe(200);
    const again = await w.call(w.sessions.manager, 'POST', `/api/vpn/hubs/${hub}/dhcp`, {
      ip_address: '10.30.0.1',
      type: 'DNS',
    });
    expect(again.statusCode).toBe(409);
    const bad = await w.call(w.sessions.manager, 'POST', `/api/vpn/hubs/${hub}/dhcp`, {
      ip_address: '10.30.0.1',
      type: 'NTP',
    });
    expect(bad.statusCode).toBe(422);
    expect(firstError(bad.body)?.source).toBe('type');
    await w.t.app.vpnHubs.idle();
    expect(w.recording.specOf(hub)?.dhcpOptions).toEqual([{ type: 'DNS', ip: '10.30.0.1' }]);
    const listed = await w.call(w.sessions.viewer, 'GET', `/api/vpn/hubs/${hub}/dhcp`);
    expect(listed.json<{ data: unknown[] }>().data).toEqual([
      expect.objectContaining({ ip: '10.30.0.1', type: 'DNS', state: 'active' }),
    ]);
    const removed = await w.call(w.sessions.manager, 'DELETE', `/api/vpn/hubs/${hub}/dhcp`, {
      ip_address: '10.30.0.1',
      type: 'DNS',
    });
    expect(removed.statusCode).toBe(200);
    const gone = await w.call(w.sessions.manager, 'DELETE', `/api/vpn/hubs/${hub}/dhcp`, {
      ip_address: '10.30.0.1',
      type: 'DNS',
    });
    expect(gone.statusCode).toBe(404);
  });

  it('deletes hubs all or none: removed from the host, devices told to leave', async () => {
    const doomed = await w.createHub({ name: 'Doomed hub' });
    await w.call(w.sessions.manager, 'POST', `/api/vpn/hubs/${doomed}/devices`, {
      device_id: [w.devices.second.id],
    });
    const foreign = await w.call(w.sessions.stranger, 'POST', '/api/vpn/hubs', { name: 'Theirs' });
    const foreignId = foreign.json<{ data: { id: number } }>().data.id;
    const refused = await w.call(w.sessions.manager, 'DELETE', '/api/vpn/hubs', {
      id: [doomed, foreignId],
    });
    expect(refused.statusCode).toBe(404);
    expect(firstError(refused.body)?.source).toBe('id.1');
    expect(await w.t.db.select().from(vpnHubs).where(eq(vpnHubs.id, doomed))).toHaveLength(1);

    const deleted = await w.call(w.sessions.manager, 'DELETE', '/api/vpn/hubs', { id: [doomed] });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await w.t.app.vpnHubs.idle();
    // Removed (stopped, its directory with the keys deleted), not merely stopped.
    expect(w.recording.removed).toContain(doomed);
    expect(w.recording.stopped).not.toContain(doomed);
    const jobs = await w.t.db
      .select()
      .from(deviceJobs)
      .where(eq(deviceJobs.deviceId, w.devices.second.id));
    expect(jobs.map((job) => job.type)).toEqual(['vpn_join', 'vpn_leave']);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vpnHubs } from '@/db/schema';
import { eventually } from '@test/eventually';
import { buildVpnWorld, firstError, type VpnWorld } from './vpn.fixtures';

let w: VpnWorld;
let clock = new Date('2030-01-01T10:00:00Z').getTime();
beforeAll(async () => {
  w = await buildVpnWorld(() => new Date(clock));
});
afterAll(() => w.t.close());

const snapshot = async (id: number) => {
  const [row] = await w.t.db.select().from(vpnHubs).where(eq(vpnHubs.id, id));
  return row && { network: row.network, netmask: row.netmask, port: row.port, proto: row.protocol };
};

describe('hub settings', () => {
  let hub: number;
  let neighbour: number;
  let routed: { client: number };

  beforeAll(async () => {
    hub = await w.createHub();
    neighbour = await w.createHub();
    const joined = await w.call(w.sessions.manager, 'POST', `/api/vpn/hubs/${hub}/devices`, {
      device_id: [w.devices.router.id],
    });
    expect(joined.statusCode, joined.body).toBe(200);
    for (const username of ['alice', 'bob']) {
      const added = await w.call(w.sessions.manager, 'POST', '/api/vpn/hubs/users/custom', {
        vpn_hub_id: hub,
        username,
      });
      expect(added.statusCode, added.body).toBe(200);
    }
    const clients = await w.call(
      w.sessions.manager,
      'GET',
      `/api/vpn/hubs/${hub}/clients?type=device`,
    );
    routed = { client: clients.json<{ data: { id: number }[] }>().data[0]?.id ?? 0 };
    const route = await w.call(w.sessions.manager, 'POST', '/api/vpn/hubs/routes', {
      vpn_hub_id: hub,
      vpn_hub_user_id: routed.client,
      ip_address: '192.168.50.0',
      netmask: '255.255.255.0',
    });
    expect(route.statusCode, route.body).toBe(200);
  });

  it.each([
    ['a mask that is not contiguous', { netmask: '255.0.255.0' }, 'netmask', 'Invalid netmask'],
    ['a mask wider than /8', { ip: '10.0.0.0', netmask: '254.0.0.0' }, 'netmask', 'at most /8'],
    ['a mask too small for the clients', { netmask: '255.255.255.252' }, 'netmask', 'too few'],
    ['an address that is not the network', { ip: '10.9.0.7' }, 'ip', 'network address'],
    ['a subnet of another hub', { ip: '10.8.1.0' }, 'ip', 'another hub'],
    ['a subnet over a route of the hub', { ip: '192.168.50.0' }, 'ip', 'route of this hub'],
    ['a port of another hub', { port: 1195 }, 'port', 'Another hub'],
    ['a port outside the range', { port: 4000 }, 'port', 'between 1194 and 1294'],
  ])('refuses %s with 422 naming the field and changes nothing', async (_, body, source, text) => {
    const before = await snapshot(hub);
    const response = await w.call(w.sessions.manager, 'PUT', `/api/vpn/hubs/${hub}/settings`, {
      protocol: 'tcp',
      ...body,
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ success: false });
    expect(firstError(response.body)).toMatchObject({ code: 'VALIDATION_ERROR', source });
    expect(firstError(response.body)?.message).toContain(text);
    expect(await snapshot(hub)).toEqual(before);
  });

  it('refuses a subnet that leaves a fixed client address outside', async () => {
    const set = await w.call(w.sessions.manager, 'POST', `/api/vpn/hubs/users/${routed.client}`, {
      mode: 'static',
      ip_address: '10.8.0.200',
    });
    expect(set.statusCode, set.body).toBe(200);
    const response = await w.call(w.sessions.manager, 'PUT', `/api/vpn/hubs/${hub}/settings`, {
      netmask: '255.255.255.128',
    });
    expect(response.statusCode).toBe(422);
    expect(firstError(response.body)).toMatchObject({ source: 'ip' });
  });

  it('applies good settings to this hub only and tells its devices the new port', async () => {
    const pooled = await w.call(
      w.sessions.manager,
      'POST',
      `/api/vpn/hubs/users/${routed.client}`,
      {
        mode: 'dhcp',
      },
    );
    expect(pooled.statusCode, pooled.body).toBe(200);
    const neighbourSpecs = w.recording.applied.filter((spec) => spec.id === neighbour).length;
    const commandsBefore = w.gateway.commands.length;
    const response = await w.call(w.sessions.manager, 'PUT', `/api/vpn/hubs/${hub}/settings`, {
      ip: '172.20.0.0',
      netmask: '255.255.0.0',
      port: 1250,
      protocol: 'tcp',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: unknown }>().data).toMatchObject({
      ip: '172.20.0.0',
      netmask: '255.255.0.0',
      port: 1250,
      protocol: 'tcp',
    });
    await w.t.app.vpnHubs.idle();
    expect(w.recording.specOf(hub)).toMatchObject({
      port: 1250,
      protocol: 'tcp',
      subnet: { network: '172.20.0.0', netmask: '255.255.0.0' },
    });
    expect(w.recording.applied.filter((spec) => spec.id === neighbour)).toHaveLength(
      neighbourSpecs,
    );
    // The device's profile names the port: it is sent again (the job waits for the device).
    const [job] = await w.t.db.query.deviceJobs.findMany({
      where: (jobs, { eq: is }) => is(jobs.deviceId, w.devices.router.id),
      orderBy: (jobs, { desc }) => [desc(jobs.id)],
      limit: 1,
    });
    expect(job?.type).toBe('vpn_join');
    expect(w.gateway.commands.length).toBe(commandsBefore);
    expect((await w.receivedJoin(w.devices.router))?.profile).toContain('proto tcp');
  });

  it('toggles a hub off for a while and the sweep starts it again', async () => {
    const off = await w.call(w.sessions.manager, 'PUT', `/api/vpn/hubs/${neighbour}/toggle`, {
      enabled: false,
      duration: 3600,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<{ data: unknown }>().data).toMatchObject({
      enabled: 0,
      status: { state: 'disabled' },
      disabled_until: '2030-01-01 11:00:00',
    });
    await w.t.app.vpnHubs.idle();
    expect(w.recording.stopped).toContain(neighbour);

    clock += 3600 * 1000;
    await w.t.app.vpnHubs.sweep();
    await w.t.app.vpnHubs.idle();
    const hubNow = await w.call(w.sessions.viewer, 'GET', `/api/vpn/hubs/${neighbour}`);
    expect(hubNow.json<{ data: unknown }>().data).toMatchObject({
      enabled: 1,
      disabled_until: null,
      status: { state: 'running' },
    });
  });

  it('ends an enabled period and marks the hub expired', async () => {
    const on = await w.call(w.sessions.manager, 'PUT', `/api/vpn/hubs/${neighbour}/toggle`, {
      enabled: 1,
      duration: 600,
    });
    expect(on.statusCode, on.body).toBe(200);
    clock += 601 * 1000;
    await w.t.app.vpnHubs.sweep();
    await eventually(async () => {
      const hubNow = await w.call(w.sessions.viewer, 'GET', `/api/vpn/hubs/${neighbour}`);
      expect(hubNow.json<{ data: unknown }>().data).toMatchObject({
        enabled: 0,
        disabled_because_expired: 1,
        end_time: null,
      });
    });
  });
});

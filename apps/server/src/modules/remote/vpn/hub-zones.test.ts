import {
  type CommandMessage,
  type Hello,
  type HubStateMessage,
  hubZoneSpecSchema,
  PROTOCOL_VERSION,
  VPN_HUB_ZONE_MESSAGES,
  vpnHubApplyArgsSchema,
} from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceJobs, vpnHubZones } from '@/db/schema';
import { eventually } from '@test/eventually';
import { TEST_PUBLIC_URL } from '@test/app';
import { insertDevice } from '@test/fake-gateway';
import { createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';
import { buildVpnWorld, firstError, type VpnWorld } from './vpn.fixtures';

let w: VpnWorld;
let clock = new Date('2030-03-01T10:00:00Z').getTime();
let admin: TestSession;
beforeAll(async () => {
  w = await buildVpnWorld(() => new Date(clock));
  admin = await loginAs(w.t.app, await createUser(w.t.db, 'super_admin', { company: w.other }));
});
afterAll(() => w.t.close());

interface Zone {
  id: number;
  name: string;
  kind: string;
  available: boolean;
  online: boolean;
  host: string;
  device_id: number | null;
  reason: string | null;
  fix: string | null;
}

const zones = async (as: TestSession = w.sessions.viewer) => {
  const response = await w.call(as, 'GET', '/api/vpn/hubs/zones');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Zone[] }>().data;
};

/** The agent machine: an enrolled device that says hello in hub mode. */
const helloOf = (device: {
  model: string | null;
  firmware: string | null;
  serial: string;
}): Hello => ({
  v: PROTOCOL_VERSION,
  model: device.model ?? 'RUT955',
  firmware: device.firmware ?? 'RUT9_R_00.07.06.1',
  agent: 'netfleet-agent test',
  serial: device.serial,
  hub: { available: true as const, version: 'OpenVPN 2.6.9' },
});

const commandsOf = (deviceId: number, type: string): CommandMessage[] =>
  w.gateway.commandsFor(deviceId).filter((command) => command.type === type);

/** The path and query of a spec link, for inject. */
const pathOf = (url: string) => {
  expect(url.startsWith(TEST_PUBLIC_URL)).toBe(true);
  return url.slice(TEST_PUBLIC_URL.length);
};

describe('hub zones: CRUD, permissions and validation', () => {
  it('lists the local zone to anyone who views hubs', async () => {
    const [local, ...rest] = await zones();
    expect(local).toMatchObject({ id: 1, name: 'local', kind: 'local', online: true });
    expect(local?.host).toBe(w.t.config.vpnHubHost);
    expect(rest).toEqual([]);
  });

  it('lets only a super admin make, change and remove zones', async () => {
    const device = await insertDevice(w.t.db, w.own, { name: 'Would-be hub host' });
    const body = { name: 'not-yours', device_id: device.id, host: 'hub.example.net' };
    const post = await w.call(w.sessions.manager, 'POST', '/api/vpn/hubs/zones', body);
    expect(post.statusCode).toBe(403);
    const put = await w.call(w.sessions.manager, 'PUT', '/api/vpn/hubs/zones/2', body);
    expect(put.statusCode).toBe(403);
    const del = await w.call(w.sessions.manager, 'DELETE', '/api/vpn/hubs/zones/2');
    expect(del.statusCode).toBe(403);
  });

  it('validates names, devices and hosts', async () => {
    const device = await insertDevice(w.t.db, w.other, { name: 'Spare host' });
    const cases: [object, number, string][] = [
      [{ name: 'Upper', device_id: device.id, host: 'hub.example.net' }, 422, 'name'],
      [{ name: 'local', device_id: device.id, host: 'hub.example.net' }, 422, 'name'],
      [{ name: 'x'.repeat(33), device_id: device.id, host: 'hub.example.net' }, 422, 'name'],
      [{ name: 'spare', device_id: device.id, host: 'not a host' }, 422, 'host'],
      [{ name: 'spare', device_id: device.id, host: '999.1.1.1' }, 422, 'host'],
      [{ name: 'spare', device_id: 999_999, host: 'hub.example.net' }, 404, 'device_id'],
    ];
    for (const [body, status, source] of cases) {
      const response = await w.call(admin, 'POST', '/api/vpn/hubs/zones', body);
      expect(response.statusCode, response.body).toBe(status);
      expect(firstError(response.body)?.source).toContain(source);
    }
    const local = await w.call(admin, 'PUT', '/api/vpn/hubs/zones/1', { host: 'x.example.net' });
    expect(local.statusCode).toBe(422);
    expect(firstError(local.body)?.message).toBe(VPN_HUB_ZONE_MESSAGES.localReadOnly);
    const missing = await w.call(admin, 'DELETE', '/api/vpn/hubs/zones/424242');
    expect(missing.statusCode).toBe(404);
  });

  it('makes a zone on a device, refuses a second on the same device or name, and changes it', async () => {
    const device = await insertDevice(w.t.db, w.other, { name: 'Lab host' });
    const made = await w.call(admin, 'POST', '/api/vpn/hubs/zones', {
      name: 'lab',
      visual_name: 'Lab',
      device_id: device.id,
      host: '203.0.113.9',
      latitude: 54.7,
      longitude: 25.3,
    });
    expect(made.statusCode, made.body).toBe(201);
    const zone = made.json<{ data: Zone }>().data;
    // Never seen in hub mode and offline: not available, with what to do.
    expect(zone).toMatchObject({
      name: 'lab',
      kind: 'agent',
      device_id: device.id,
      available: false,
      online: false,
      reason: VPN_HUB_ZONE_MESSAGES.offline('lab'),
      fix: VPN_HUB_ZONE_MESSAGES.offlineFix,
    });
    expect(zone.id).toBeGreaterThan(1);
    const again = await w.call(admin, 'POST', '/api/vpn/hubs/zones', {
      name: 'lab-2',
      device_id: device.id,
      host: 'lab.example.net',
    });
    expect(again.statusCode).toBe(409);
    expect(firstError(again.body)?.source).toBe('device_id');
    const other = await insertDevice(w.t.db, w.other, { name: 'Lab host 2' });
    const sameName = await w.call(admin, 'POST', '/api/vpn/hubs/zones', {
      name: 'lab',
      device_id: other.id,
      host: 'lab.example.net',
    });
    expect(sameName.statusCode).toBe(409);
    expect(firstError(sameName.body)?.source).toBe('name');

    const renamed = await w.call(admin, 'PUT', `/api/vpn/hubs/zones/${zone.id}`, {
      name: 'lab-east',
      host: 'lab.example.net',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<{ data: Zone }>().data).toMatchObject({
      name: 'lab-east',
      host: 'lab.example.net',
    });
    expect((await zones()).map((z) => z.name)).toEqual(['local', 'lab-east']);
    const removed = await w.call(admin, 'DELETE', `/api/vpn/hubs/zones/${zone.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await zones()).map((z) => z.name)).toEqual(['local']);
  });
});

describe('a hub in an agent zone', () => {
  let agent: Awaited<ReturnType<typeof insertDevice>>;
  let zoneId: number;
  let hub: number;
  let applyUrl: string;

  beforeAll(async () => {
    agent = await insertDevice(w.t.db, w.other, { name: 'Hub machine' });
    w.gateway.online.add(agent.id);
    // The agent said hello before its zone existed: the zone starts from what it said.
    await w.gateway.ready([{ deviceId: agent.id, hello: helloOf(agent) }]);
    const made = await w.call(admin, 'POST', '/api/vpn/hubs/zones', {
      name: 'edge-1',
      visual_name: 'Edge 1',
      device_id: agent.id,
      host: 'edge1.example.net',
    });
    expect(made.statusCode, made.body).toBe(201);
    zoneId = made.json<{ data: Zone }>().data.id;
  });

  it('is available while its agent is connected in hub mode', async () => {
    const zone = (await zones()).find((z) => z.name === 'edge-1');
    expect(zone).toMatchObject({ available: true, online: true, reason: null });
    const unknown = await w.call(w.sessions.manager, 'POST', '/api/vpn/hubs', {
      name: 'Nowhere hub',
      hub_zone: 'edge-9',
    });
    expect(unknown.statusCode).toBe(422);
    expect(firstError(unknown.body)?.source).toBe('hub_zone');
  });

  it('sends the agent vpn_hub_apply with a signed link, never the spec itself', async () => {
    hub = await w.createHub({ name: 'Edge hub', hub_zone: 'edge-1' });
    await w.t.app.vpnHubs.idle();
    await eventually(() => expect(commandsOf(agent.id, 'vpn_hub_apply')).toHaveLength(1));
    const [command] = commandsOf(agent.id, 'vpn_hub_apply');
    const args = vpnHubApplyArgsSchema.parse(command?.args);
    expect(args.hub_id).toBe(hub);
    applyUrl = args.spec_url;
    // The job row stores the hub only: neither the link nor a key.
    const [job] = await w.t.db
      .select()
      .from(deviceJobs)
      .where(eq(deviceJobs.id, command?.id ?? 0));
    expect(job?.args).toEqual({ hub_id: hub });
    // The server's own runtime runs nothing of the zone.
    expect(w.recording.specOf(hub)).toBeUndefined();
    const detail = await w.call(w.sessions.viewer, 'GET', `/api/vpn/hubs/${hub}`);
    expect(detail.json<{ data: { status: unknown; hub_zone: string } }>().data).toMatchObject({
      hub_zone: 'edge-1',
      status: { state: 'starting', error: null },
    });
  });

  it('answers the spec without the CA key to the link, and nothing to a wrong or old link', async () => {
    const answer = await w.t.app.inject({ method: 'GET', url: pathOf(applyUrl) });
    expect(answer.statusCode, answer.body).toBe(200);
    const spec = hubZoneSpecSchema.parse(answer.json());
    expect(spec.id).toBe(hub);
    expect(Object.keys(answer.json<{ ca: object }>().ca)).toEqual(['cert']);
    expect(spec.server.key).toMatch(/PRIVATE KEY/);
    expect(answer.body.match(/PRIVATE KEY-----/g)).toHaveLength(2); // the server key's BEGIN/END

    const url = new URL(applyUrl);
    const forged = new URL(url);
    forged.searchParams.set('signature', '0'.repeat(64));
    const otherDevice = new URL(url);
    otherDevice.searchParams.set('device_id', String(w.devices.router.id));
    const otherHub = new URL(url.toString().replace(`/hubs/${hub}/`, `/hubs/${hub + 1000}/`));
    for (const bad of [forged, otherDevice, otherHub]) {
      const refused = await w.t.app.inject({ method: 'GET', url: pathOf(bad.toString()) });
      expect(refused.statusCode, bad.toString()).toBe(403);
      expect(refused.body).not.toContain('PRIVATE KEY');
    }
    clock += 11 * 60_000;
    const expired = await w.t.app.inject({ method: 'GET', url: pathOf(applyUrl) });
    expect(expired.statusCode).toBe(403);
  });

  it('gives the zone’s host to the profiles of its hubs', async () => {
    const profile = await w.call(w.sessions.manager, 'POST', `/api/vpn/hubs/${hub}/quick-connect`, {
      expires_in: 3600,
    });
    expect(profile.statusCode, profile.body).toBe(201);
    expect(profile.json<{ data: { content: string } }>().data.content).toMatch(
      /^remote edge1\.example\.net \d+$/m,
    );
  });

  it('records what the agent reports: the hub runs, a session opens and closes', async () => {
    const joined = await w.call(w.sessions.manager, 'POST', `/api/vpn/hubs/${hub}/devices`, {
      device_id: [w.devices.router.id],
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const report = (at: number, sessions: HubStateMessage['sessions']): HubStateMessage => ({
      ts: at,
      hub_id: hub,
      state: 'running',
      error: null,
      started_at: clock - 1000,
      part: 1,
      parts: 1,
      sessions,
    });
    const session = {
      common_name: `device-${w.devices.router.id}`,
      real_address: '198.51.100.20:1194',
      virtual_address: '10.8.0.6',
      bytes_received: 4000,
      bytes_sent: 1000,
      connected_since: clock - 500,
    };
    // Another device cannot report the zone's hubs.
    w.gateway.hubReported(w.devices.router.id, report(clock, [session]));
    await w.t.app.vpnHubs.idle();
    expect((await w.call(w.sessions.viewer, 'GET', `/api/vpn/hubs/${hub}`)).body).toContain(
      '"state":"starting"',
    );

    w.gateway.hubReported(agent.id, report(clock, [session]));
    await w.t.app.vpnHubs.idle();
    await eventually(async () => {
      const sessions = await w.call(w.sessions.viewer, 'GET', `/api/vpn/hubs/${hub}/sessions`);
      expect(sessions.json<{ data: unknown[] }>().data).toEqual([
        expect.objectContaining({ ip: '198.51.100.20:1194', vpn_ip: '10.8.0.6', bytes_used: 5000 }),
      ]);
    });
    const detail = await w.call(w.sessions.viewer, 'GET', `/api/vpn/hubs/${hub}`);
    expect(detail.json<{ data: unknown }>().data).toMatchObject({
      status: { state: 'running', error: null },
      bytes_used: 5000,
    });

    // An older report arriving late changes nothing; the next one without the session ends it.
    w.gateway.hubReported(agent.id, { ...report(clock - 60_000, []), state: 'failed' });
    clock += 30_000;
    w.gateway.hubReported(agent.id, report(clock, []));
    await w.t.app.vpnHubs.idle();
    await eventually(async () => {
      const log = await w.call(
        w.sessions.viewer,
        'GET',
        `/api/vpn/hubs/${hub}/logs/user-connections`,
      );
      expect(log.json<{ data: { disconnected_at: string | null }[] }>().data).toEqual([
        expect.objectContaining({ name: session.common_name, disconnected_at: expect.any(String) }),
      ]);
    });
    const after = await w.call(w.sessions.viewer, 'GET', `/api/vpn/hubs/${hub}`);
    expect(after.json<{ data: unknown }>().data).toMatchObject({
      status: { state: 'running' },
      sessions_count: 0,
    });
  });

  it('hands the agent its zone again at each hello: the sync, then an apply per hub', async () => {
    const before = w.gateway.commandsFor(agent.id).length;
    await w.gateway.ready([{ deviceId: agent.id, hello: helloOf(agent) }]);
    await eventually(() => {
      const sent = w.gateway.commandsFor(agent.id).slice(before);
      const sync = sent.findIndex((command) => command.type === 'vpn_hub_sync');
      expect(sync).toBeGreaterThanOrEqual(0);
      expect(sent[sync]?.args).toEqual({ hub_ids: [hub] });
      expect(sent.slice(sync + 1).map((command) => command.type)).toContain('vpn_hub_apply');
    });
  });

  it('says so when the agent is gone, and closes nothing it did not report', async () => {
    w.gateway.online.delete(agent.id);
    const zone = (await zones()).find((z) => z.name === 'edge-1');
    expect(zone).toMatchObject({ available: false, online: false });
    const detail = await w.call(w.sessions.viewer, 'GET', `/api/vpn/hubs/${hub}`);
    expect(detail.json<{ data: unknown }>().data).toMatchObject({
      status: { state: 'unavailable', error: VPN_HUB_ZONE_MESSAGES.offline('edge-1') },
    });
    w.gateway.online.add(agent.id);
  });

  it('stops a disabled hub on the agent, removes a deleted one, and frees the zone', async () => {
    const inUse = await w.call(admin, 'DELETE', `/api/vpn/hubs/zones/${zoneId}`);
    expect(inUse.statusCode).toBe(409);
    const rename = await w.call(admin, 'PUT', `/api/vpn/hubs/zones/${zoneId}`, { name: 'edge-2' });
    expect(rename.statusCode).toBe(409);

    const removesBefore = commandsOf(agent.id, 'vpn_hub_remove').length;
    const off = await w.call(w.sessions.manager, 'PUT', `/api/vpn/hubs/${hub}/toggle`, {
      enabled: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    await w.t.app.vpnHubs.idle();
    await eventually(() =>
      expect(commandsOf(agent.id, 'vpn_hub_remove')).toHaveLength(removesBefore + 1),
    );
    const deleted = await w.call(w.sessions.manager, 'DELETE', '/api/vpn/hubs', { id: [hub] });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await w.t.app.vpnHubs.idle();
    await eventually(() =>
      expect(commandsOf(agent.id, 'vpn_hub_remove').at(-1)?.args).toEqual({ hub_id: hub }),
    );
    expect(commandsOf(agent.id, 'vpn_hub_remove')).toHaveLength(removesBefore + 2);

    const freed = await w.call(admin, 'DELETE', `/api/vpn/hubs/zones/${zoneId}`);
    expect(freed.statusCode, freed.body).toBe(200);
    await eventually(() =>
      expect(commandsOf(agent.id, 'vpn_hub_sync').at(-1)?.args).toEqual({ hub_ids: [] }),
    );
    expect(await w.t.db.select().from(vpnHubZones).where(eq(vpnHubZones.id, zoneId))).toEqual([]);
  });
});

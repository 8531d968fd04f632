import { createPrivateKey, X509Certificate } from 'node:crypto';
import type { VpnProfile } from '@netfleet/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionLogs, deviceJobs, vpnHubs, vpnHubUsers, vpnProfileDownloads } from '@/db/schema';
import { buildVpnWorld, type VpnWorld } from './vpn.fixtures';

let w: VpnWorld;
let clock = new Date('2030-03-01T08:00:00Z').getTime();
beforeAll(async () => {
  w = await buildVpnWorld(() => new Date(clock));
});
afterAll(() => w.t.close());

const block = (text: string, tag: string) =>
  new RegExp(`<${tag}>\\n([\\s\\S]*?)\\n</${tag}>`).exec(text)?.[1] ?? '';
const linkPath = (profile: VpnProfile) => new URL(profile.download_url).pathname;

describe('quick connect', () => {
  let hub: number;
  let profile: VpnProfile;

  it('makes a quick hub around a device and the LAN behind it', async () => {
    const response = await w.call(w.sessions.manager, 'POST', '/api/vpn/hubs/connect', {
      company_id: w.own.id,
      hub_name: 'Field kit',
      hub_zone: 'local',
      endpoint: {
        device_id: w.devices.router.id,
        routes: { ip: '192.168.1.0', name: 'Kit LAN', netmask: '255.255.255.0' },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ data: { id: number; quick_hub: number; start_time: number } }>();
    hub = body.data.id;
    expect(body.data).toMatchObject({ quick_hub: 1, start_time: clock / 1000 });
    const [job] = await w.t.db
      .select()
      .from(deviceJobs)
      .where(eq(deviceJobs.deviceId, w.devices.router.id))
      .orderBy(desc(deviceJobs.id));
    expect(job?.args).toMatchObject({
      lans: [{ network: '192.168.1.0', netmask: '255.255.255.0' }],
    });
    const routes = await w.call(w.sessions.viewer, 'GET', `/api/vpn/quick-hubs/${hub}/routes`);
    expect(routes.json<{ data: unknown[]; meta: { total: number } }>()).toMatchObject({
      data: [{ name: 'Kit LAN', hub_id: hub, ip: '192.168.1.0', netmask: '255.255.255.0' }],
      meta: { total: 1 },
    });
    const quick = await w.call(w.sessions.viewer, 'GET', '/api/vpn/hubs?quick_hub=1');
    expect(quick.json<{ data: { id: number }[] }>().data.map((h) => h.id)).toEqual([hub]);

    const overlapping = await w.call(w.sessions.manager, 'POST', '/api/vpn/hubs/connect', {
      company_id: w.own.id,
      hub_name: 'Bad kit',
      endpoint: {
        device_id: w.devices.second.id,
        routes: [
          { ip: '192.168.7.0', name: 'a', netmask: '255.255.255.0' },
          { ip: '192.168.7.0', name: 'b', netmask: '255.255.0.0' },
        ],
      },
    });
    expect(overlapping.statusCode).toBe(422);
    expect(overlapping.json<{ errors: { source: string }[] }>().errors[0]?.source).toBe(
      'endpoint.routes.1.ip',
    );
    const names = (await w.t.db.select().from(vpnHubs)).map((row) => row.name);
    expect(names).not.toContain('Bad kit');
  });

  it('hands the caller a profile that expires, and records the download', async () => {
    const response = await w.call(
      w.sessions.manager,
      'POST',
      `/api/vpn/hubs/${hub}/quick-connect`,
      {
        expires_in: 3600,
      },
    );
    expect(response.statusCode, response.body).toBe(201);
    profile = response.json<{ data: VpnProfile }>().data;
    expect(profile).toMatchObject({
      vpn_hub_id: hub,
      name: `user-${w.users.manager.id}`,
      expires_at: '2030-03-01 09:00:00',
    });
    expect(profile.file_name).toMatch(/^field-kit-.*\.ovpn$/);
    const cert = new X509Certificate(block(profile.content, 'cert'));
    expect(cert.checkIssued(new X509Certificate(block(profile.content, 'ca')))).toBe(true);
    expect(cert.checkPrivateKey(createPrivateKey(block(profile.content, 'key')))).toBe(true);

    const viewer = await w.call(
      w.sessions.viewer,
      'GET',
      `/api/vpn/hubs/users/${profile.vpn_hub_user_id}/profile`,
    );
    expect(viewer.statusCode).toBe(403);

    // The link works without signing in (an OpenVPN app fetches it) and is recorded.
    const link = await w.t.app.inject({
      method: 'GET',
      url: linkPath(profile),
      remoteAddress: '203.0.113.9',
    });
    expect(link.statusCode, link.body).toBe(200);
    expect(link.headers['content-type']).toContain('application/x-openvpn-profile');
    expect(link.body).toBe(profile.content);
    const forged = await w.t.app.inject({
      method: 'GET',
      url: `${linkPath(profile).slice(0, -4)}AAAA`,
    });
    expect(forged.statusCode).toBe(404);

    const downloads = await w.call(w.sessions.viewer, 'GET', `/api/vpn/hubs/${hub}/downloads`);
    expect(downloads.json<{ data: unknown[] }>().data).toEqual([
      expect.objectContaining({ via: 'link', user_id: null, ip: '203.0.113.9' }),
      expect.objectContaining({ via: 'console', user_id: w.users.manager.id }),
    ]);
  });

  it('refuses an expired profile, then the sweep revokes it', async () => {
    clock += 3601 * 1000;
    const link = await w.t.app.inject({ method: 'GET', url: linkPath(profile) });
    expect(link.statusCode).toBe(409);
    expect(link.body).toContain('expired');
    const again = await w.call(
      w.sessions.manager,
      'GET',
      `/api/vpn/hubs/users/${profile.vpn_hub_user_id}/profile`,
    );
    expect(again.statusCode).toBe(409);

    await w.t.app.vpnHubs.sweep();
    await w.t.app.vpnHubs.idle();
    expect(w.recording.disconnected).toContainEqual({
      hubId: hub,
      commonName: `user-${w.users.manager.id}`,
    });
    const spec = w.recording.specOf(hub);
    expect(spec?.clients.map((c) => c.commonName)).toEqual([`device-${w.devices.router.id}`]);
    expect((await w.t.app.inject({ method: 'GET', url: linkPath(profile) })).statusCode).toBe(409);
  });

  it('revokes a profile on request, and RMS’s quick hub config makes a new one', async () => {
    const custom = await w.call(w.sessions.manager, 'POST', `/api/vpn/hubs/${hub}/quick-connect`, {
      username: 'guest.1',
    });
    expect(custom.statusCode, custom.body).toBe(201);
    const guest = custom.json<{ data: VpnProfile }>().data;
    const removed = await w.call(
      w.sessions.manager,
      'DELETE',
      `/api/vpn/hubs/users/${guest.vpn_hub_user_id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const link = await w.t.app.inject({ method: 'GET', url: linkPath(guest) });
    expect(link.statusCode).toBe(409);
    expect(link.body).toContain('revoked');

    const config = await w.call(
      w.sessions.manager,
      'GET',
      `/api/vpn/quick-hubs/${hub}/users/config`,
    );
    expect(config.statusCode, config.body).toBe(200);
    const [own] = config.json<{ data: { id: number; name: string; content: string }[] }>().data;
    expect(own?.content).toContain('<key>');
    const rms = await w.call(
      w.sessions.manager,
      'GET',
      `/api/vpn/hubs/users/config?vpn_hub_users=${own?.id}`,
    );
    expect(rms.json<{ data: { id: number }[] }>().data.map((c) => c.id)).toEqual([own?.id]);
  });

  it('hands out none of several profiles when one is refused, recording nothing', async () => {
    const clients = await w.t.db.select().from(vpnHubUsers).where(eq(vpnHubUsers.hubId, hub));
    const own = clients.find((c) => c.userId === w.users.manager.id && c.revokedAt === null);
    const device = clients.find((c) => c.type === 'device');
    if (!own || !device) throw new Error('fixture changed');
    const downloads = async () => (await w.t.db.select().from(vpnProfileDownloads)).length;
    const logged = async () =>
      (await w.t.db.select().from(actionLogs).where(eq(actionLogs.action, 'vpn_profile_download')))
        .length;
    const before = { downloads: await downloads(), logged: await logged() };

    // The valid profile comes first: it is not handed out before the device's is refused.
    const refused = await w.call(
      w.sessions.manager,
      'GET',
      `/api/vpn/hubs/users/config?vpn_hub_users=${own.id},${device.id}`,
    );
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json<{ errors: { source: string }[] }>().errors[0]?.source).toBe(
      'vpn_hub_users.1',
    );
    expect(refused.body).not.toContain('<key>');
    expect({ downloads: await downloads(), logged: await logged() }).toEqual(before);
  });
});

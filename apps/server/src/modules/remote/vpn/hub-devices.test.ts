import { execFileSync } from 'node:child_process';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { VPN_CLIENT_MESSAGES, vpnJoinArgsSchema } from '@netfleet/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceJobs, vpnHubs, vpnHubUsers } from '@/db/schema';
import { buildVpnWorld, firstError, type VpnWorld } from './vpn.fixtures';

let w: VpnWorld;
beforeAll(async () => {
  w = await buildVpnWorld();
});
afterAll(() => w.t.close());

const lastJob = async (deviceId: number) =>
  (
    await w.t.db
      .select()
      .from(deviceJobs)
      .where(eq(deviceJobs.deviceId, deviceId))
      .orderBy(desc(deviceJobs.id))
      .limit(1)
  )[0];

/** The inline blocks and directives of an .ovpn profile. */
const parseProfile = (text: string) => {
  const block = (tag: string) =>
    new RegExp(`<${tag}>\\n([\\s\\S]*?)\\n</${tag}>`).exec(text)?.[1] ?? '';
  const directives = text
    .replace(/<([a-z-]+)>[\s\S]*?<\/\1>/g, '')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'));
  return {
    directives,
    ca: block('ca'),
    cert: block('cert'),
    key: block('key'),
    tls: block('tls-crypt'),
  };
};

const crlSerials = (crl: string) =>
  execFileSync('openssl', ['crl', '-noout', '-text'], { input: crl })
    .toString()
    .match(/Serial Number: ([0-9A-F]+)/g)
    ?.map((line) => line.replace('Serial Number: ', '').toLowerCase()) ?? [];

describe('devices on a hub', () => {
  let hub: number;
  beforeAll(async () => {
    hub = await w.createHub({ name: 'Device hub' });
  });

  it('refuses legacy firmware and foreign devices, all or none', async () => {
    const legacy = await w.call(w.sessions.manager, 'POST', `/api/vpn/hubs/${hub}/devices`, {
      device_id: [w.devices.router.id, w.devices.legacy.id],
    });
    expect(legacy.statusCode).toBe(422);
    expect(firstError(legacy.body)).toMatchObject({ source: 'device_id.1' });
    expect(firstError(legacy.body)?.message).toContain('07.06');
    const foreign = await w.call(w.sessions.manager, 'POST', `/api/vpn/hubs/${hub}/devices`, {
      device_id: [w.devices.foreign.id],
    });
    expect(foreign.statusCode).toBe(404);
    expect(firstError(foreign.body)).toMatchObject({ source: 'device_id.0' });
    const rows = await w.t.db.select().from(vpnHubUsers).where(eq(vpnHubUsers.hubId, hub));
    expect(rows).toEqual([]);
  });

  it('issues a certificate and queues a vpn_join job whose profile works with the hub', async () => {
    const response = await w.call(w.sessions.manager, 'POST', `/api/vpn/hubs/${hub}/devices`, {
      device_id: w.devices.router.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    const job = await lastJob(w.devices.router.id);
    expect(job?.type).toBe('vpn_join');
    // The device is away: its job waits, and the row holds no key, only what the profile is made of.
    expect(job?.args).toEqual({
      hub_id: hub,
      common_name: `device-${w.devices.router.id}`,
      forward: { lan: true, wan: false },
      lans: [],
    });
    expect(JSON.stringify(job?.args)).not.toContain('PRIVATE KEY');
    // It gets the complete profile when it connects.
    const args = vpnJoinArgsSchema.parse(await w.receivedJoin(w.devices.router));
    expect(args).toMatchObject({
      hub_id: hub,
      common_name: `device-${w.devices.router.id}`,
      forward: { lan: true, wan: false },
      lans: [],
    });
    const profile = parseProfile(args.profile);
    const [row] = await w.t.db.select().from(vpnHubs).where(eq(vpnHubs.id, hub));
    expect(profile.directives).toEqual(
      expect.arrayContaining([
        'client',
        'dev tun',
        'proto udp',
        `remote ${w.t.config.vpnHubHost} ${row?.port}`,
      ]),
    );
    const ca = new X509Certificate(profile.ca);
    const cert = new X509Certificate(profile.cert);
    expect(ca.fingerprint256).toBe(new X509Certificate(row?.caCert ?? '').fingerprint256);
    expect(cert.checkIssued(ca) && cert.verify(ca.publicKey)).toBe(true);
    expect(cert.subject).toBe(`CN=device-${w.devices.router.id}`);
    expect(cert.checkPrivateKey(createPrivateKey(profile.key))).toBe(true);
    expect(profile.tls).toMatch(/OpenVPN Static key V1/);

    // At rest the key is sealed; the runtime now accepts the client.
    const [client] = await w.t.db.select().from(vpnHubUsers).where(eq(vpnHubUsers.hubId, hub));
    expect(client?.keySealed).not.toMatch(/PRIVATE KEY/);
    await w.t.app.vpnHubs.idle();
    expect(w.recording.specOf(hub)?.clients).toEqual([
      { commonName: `device-${w.devices.router.id}`, ip: null, lans: [], enabled: true },
    ]);
    // Job listings never show the profile.
    const jobs = await w.call(w.sessions.manager, 'GET', '/api/devices/actions/logs');
    expect(jobs.statusCode, jobs.body).toBe(200);
    expect(jobs.body).toContain('vpn_join');
    expect(jobs.body).not.toContain('PRIVATE KEY');

    const again = await w.call(w.sessions.manager, 'POST', `/api/vpn/hubs/${hub}/devices`, {
      device_id: [w.devices.router.id],
    });
    expect(again.statusCode).toBe(409);
  });

  it('routes a LAN only through a device client and pushes it', async () => {
    await w.call(w.sessions.manager, 'POST', `/api/vpn/hubs/${hub}/devices`, {
      device_id: [w.devices.second.id],
    });
    const person = await w.call(w.sessions.manager, 'POST', '/api/vpn/hubs/users/custom', {
      vpn_hub_id: hub,
      username: 'carol',
    });
    const personId = person.json<{ data: { id: number } }>().data.id;
    const viaPerson = await w.call(w.sessions.manager, 'POST', '/api/vpn/hubs/routes', {
      vpn_hub_id: hub,
      vpn_hub_user_id: personId,
      ip_address: '192.168.10.0',
      netmask: '255.255.255.0',
    });
    expect(viaPerson.statusCode).toBe(422);
    expect(firstError(viaPerson.body)).toMatchObject({ source: 'vpn_hub_user_id' });

    const [device] = await w.t.db
      .select()
      .from(vpnHubUsers)
      .where(and(eq(vpnHubUsers.hubId, hub), eq(vpnHubUsers.deviceId, w.devices.second.id)));
    const route = await w.call(w.sessions.manager, 'POST', '/api/vpn/hubs/routes', {
      vpn_hub_id: hub,
      vpn_hub_user_id: device?.id,
      ip_address: '192.168.10.0',
      netmask: '255.255.255.0',
      name: 'Depot LAN',
    });
    expect(route.statusCode, route.body).toBe(200);
    const overlapping = await w.call(w.sessions.manager, 'POST', '/api/vpn/hubs/routes', {
      vpn_hub_id: hub,
      vpn_hub_user_id: device?.id,
      ip_address: '192.168.10.128',
      netmask: '255.255.255.128',
    });
    expect(overlapping.statusCode).toBe(422);
    expect(firstError(overlapping.body)).toMatchObject({ source: 'ip_address' });

    await w.t.app.vpnHubs.idle();
    const spec = w.recording.specOf(hub);
    const lan = { network: '192.168.10.0', netmask: '255.255.255.0' };
    expect(spec?.pushRoutes).toEqual([lan]);
    expect(
      spec?.clients.find((c) => c.commonName === `device-${w.devices.second.id}`)?.lans,
    ).toEqual([lan]);
    expect((await w.receivedJoin(w.devices.second))?.lans).toEqual([lan]);
  });

  it('revokes a device that leaves: CRL, session ended, vpn_leave queued', async () => {
    const [client] = await w.t.db
      .select()
      .from(vpnHubUsers)
      .where(and(eq(vpnHubUsers.hubId, hub), eq(vpnHubUsers.deviceId, w.devices.second.id)));
    const response = await w.call(w.sessions.manager, 'DELETE', `/api/vpn/hubs/${hub}/devices`, {
      device_id: [w.devices.second.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    await w.t.app.vpnHubs.idle();

    const [row] = await w.t.db.select().from(vpnHubs).where(eq(vpnHubs.id, hub));
    expect(crlSerials(row?.crl ?? '')).toContain(client?.serial);
    const spec = w.recording.specOf(hub);
    expect(spec?.crl).toBe(row?.crl);
    expect(spec?.clients.map((c) => c.commonName)).not.toContain(`device-${w.devices.second.id}`);
    expect(spec?.pushRoutes).toEqual([]);
    expect(w.recording.disconnected).toContainEqual({
      hubId: hub,
      commonName: `device-${w.devices.second.id}`,
    });
    const leave = await lastJob(w.devices.second.id);
    expect(leave).toMatchObject({ type: 'vpn_leave', args: { hub_id: hub } });

    const notMember = await w.call(w.sessions.manager, 'DELETE', `/api/vpn/hubs/${hub}/devices`, {
      device_id: [w.devices.second.id],
    });
    expect(notMember.statusCode).toBe(422);
  });

  it('switches a device’s forwarding rule and sends it again', async () => {
    const rule = await w.call(
      w.sessions.manager,
      'POST',
      `/api/vpn/hubs/${hub}/devices/${w.devices.router.id}/rules`,
      { network: 'wan', status: true },
    );
    expect(rule.statusCode, rule.body).toBe(200);
    expect((await w.receivedJoin(w.devices.router))?.forward).toEqual({ lan: true, wan: true });
    const rules = await w.call(w.sessions.viewer, 'GET', `/api/vpn/hubs/${hub}/devices/rules`);
    expect(rules.json<{ data: unknown[] }>().data).toEqual([
      expect.objectContaining({ device_id: w.devices.router.id, lan: true, wan: true }),
    ]);
  });
});

describe('joins that outlive what they were for', () => {
  /** The device's open or ended `vpn_join` jobs, oldest first. */
  const joinJobs = (deviceId: number) =>
    w.t.db
      .select()
      .from(deviceJobs)
      .where(and(eq(deviceJobs.deviceId, deviceId), eq(deviceJobs.type, 'vpn_join')))
      .orderBy(deviceJobs.id);
  const keysSentTo = (deviceId: number) =>
    w.gateway.commands.filter(
      (sent) => sent.deviceId === deviceId && JSON.stringify(sent.command).includes('PRIVATE KEY'),
    ).length;

  it('cancels the join of a device removed before it connected: no key is sent', async () => {
    const hub = await w.createHub({ name: 'Short stay' });
    const added = await w.call(w.sessions.manager, 'POST', `/api/vpn/hubs/${hub}/devices`, {
      device_id: [w.devices.second.id],
    });
    expect(added.statusCode, added.body).toBe(200);
    const channel = added.json<{ meta: { channel: string } }>().meta.channel;
    const removed = await w.call(w.sessions.manager, 'DELETE', `/api/vpn/hubs/${hub}/devices`, {
      device_id: [w.devices.second.id],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const keysBefore = keysSentTo(w.devices.second.id);

    expect(await w.receivedJoin(w.devices.second)).toBeNull();
    expect(keysSentTo(w.devices.second.id)).toBe(keysBefore);
    const leave = w.gateway
      .commandsFor(w.devices.second.id)
      .filter((command) => command.type === 'vpn_leave');
    expect(leave.at(-1)?.args).toEqual({ hub_id: hub });
    const join = (await joinJobs(w.devices.second.id)).find(
      (row) => (row.args as { hub_id?: number }).hub_id === hub,
    );
    expect(join).toMatchObject({
      status: 'cancelled',
      message: VPN_CLIENT_MESSAGES.joinClientGone,
    });
    const updates = (await w.readChannel(w.sessions.manager, channel))[String(w.devices.second.id)];
    expect(updates?.at(-1)).toMatchObject({
      status: 'error',
      value: VPN_CLIENT_MESSAGES.joinClientGone,
    });
  });

  it('cancels the join to a hub deleted before the device connected', async () => {
    const hub = await w.createHub({ name: 'Gone soon' });
    const added = await w.call(w.sessions.manager, 'POST', `/api/vpn/hubs/${hub}/devices`, {
      device_id: [w.devices.second.id],
    });
    expect(added.statusCode, added.body).toBe(200);
    const deleted = await w.call(w.sessions.manager, 'DELETE', '/api/vpn/hubs', { id: [hub] });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await w.t.app.vpnHubs.idle();

    expect(await w.receivedJoin(w.devices.second)).toBeNull();
    const join = (await joinJobs(w.devices.second.id)).find(
      (row) => (row.args as { hub_id?: number }).hub_id === hub,
    );
    expect(join).toMatchObject({ status: 'cancelled', message: VPN_CLIENT_MESSAGES.joinHubGone });
  });
});

import { X509Certificate } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionLogs, vpnHubs } from '@/db/schema';
import { eventually } from '@test/eventually';
import { buildVpnWorld, firstError, type VpnWorld } from './vpn.fixtures';

let w: VpnWorld;
beforeAll(async () => {
  w = await buildVpnWorld();
});
afterAll(() => w.t.close());

const hubRow = async (id: number) =>
  (await w.t.db.select().from(vpnHubs).where(eq(vpnHubs.id, id)))[0];

describe('VPN hubs', () => {
  it('creates a hub with its own CA, a free port and subnet, keys sealed at rest', async () => {
    const response = await w.call(w.sessions.manager, 'POST', '/api/vpn/hubs', {
      name: 'Office hub',
      description: 'Branch offices',
      vpn_type: 'tun',
      hub_zone: 'local',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ meta: { channel: string }; data: Record<string, unknown> }>();
    expect(body.data).toMatchObject({
      name: 'Office hub',
      company_id: w.own.id,
      quick_hub: 0,
      enabled: 1,
      vpn_type: 'tun',
      protocol: 'udp',
      port: 1194,
      ip: '10.8.0.0',
      netmask: '255.255.255.0',
      hub_address: '10.8.0.1',
      hub_zone: 'local',
    });
    const id = body.data.id as number;

    const row = await hubRow(id);
    expect(row).toBeDefined();
    const stored = JSON.stringify(row);
    expect(stored).not.toMatch(/PRIVATE KEY/);
    expect(stored).not.toMatch(/OpenVPN Static key/);
    const ca = new X509Certificate(row?.caCert ?? '');
    expect(ca.ca).toBe(true);
    expect(new X509Certificate(row?.serverCert ?? '').checkIssued(ca)).toBe(true);
    expect(row?.crl).toMatch(/^-----BEGIN X509 CRL-----/);

    // The runtime gets the opened keys once the change is committed.
    await eventually(() => expect(w.recording.specOf(id)).toBeDefined());
    const spec = w.recording.specOf(id);
    expect(spec?.ca.key).toMatch(/BEGIN PRIVATE KEY/);
    expect(spec?.tlsCryptKey).toMatch(/OpenVPN Static key V1/);
    expect(spec).toMatchObject({ port: 1194, subnet: { network: '10.8.0.0' }, clients: [] });
    await eventually(async () => {
      const channel = await w.readChannel(w.sessions.manager, body.meta.channel);
      expect(channel[String(id)]?.at(-1)?.status).toBe('completed');
    });
    const [logged] = await w.t.db
      .select()
      .from(actionLogs)
      .where(eq(actionLogs.action, 'vpn_hub_create'));
    expect(logged?.entityId).toBe(String(id));

    // The next hub takes the next port and /24.
    const second = await w.call(w.sessions.manager, 'GET', `/api/vpn/hubs/${await w.createHub()}`);
    expect(second.json<{ data: { port: number; ip: string } }>().data).toMatchObject({
      port: 1195,
      ip: '10.8.1.0',
    });
  });

  it('lists only the hubs of the caller’s companies, searchable, and 404s the others', async () => {
    const foreign = await w.call(w.sessions.stranger, 'POST', '/api/vpn/hubs', { name: 'Far hub' });
    expect(foreign.statusCode, foreign.body).toBe(200);
    const foreignId = foreign.json<{ data: { id: number } }>().data.id;

    const list = await w.call(w.sessions.viewer, 'GET', '/api/vpn/hubs?q=office&limit=10');
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json<{ data: { name: string }[]; meta: { total: number } }>();
    expect(body.data.map((hub) => hub.name)).toEqual(['Office hub']);
    expect(list.body).not.toContain('Far hub');

    expect((await w.call(w.sessions.manager, 'GET', `/api/vpn/hubs/${foreignId}`)).statusCode).toBe(
      404,
    );
    const put = await w.call(w.sessions.manager, 'PUT', `/api/vpn/hubs/${foreignId}`, {
      description: 'mine now',
    });
    expect(put.statusCode).toBe(404);
    // A company out of reach is not a place to make hubs.
    const into = await w.call(w.sessions.manager, 'POST', '/api/vpn/hubs', {
      name: 'Sneaky',
      company_id: w.other.id,
    });
    expect(into.statusCode).toBe(404);
    expect(firstError(into.body)?.source).toBe('company_id');
  });

  it('lets viewers read and refuses them changes', async () => {
    expect((await w.call(w.sessions.viewer, 'GET', '/api/vpn/hubs/zones')).statusCode).toBe(200);
    const refused = await w.call(w.sessions.viewer, 'POST', '/api/vpn/hubs', { name: 'No' });
    expect(refused.statusCode).toBe(403);
  });

  it('reports the host and zones', async () => {
    const host = await w.call(w.sessions.viewer, 'GET', '/api/vpn/hubs/host');
    expect(host.json<{ data: unknown }>().data).toMatchObject({
      zone: 'local',
      available: true,
      port_min: 1194,
      port_max: 1294,
    });
    const zones = await w.call(w.sessions.viewer, 'GET', '/api/vpn/hubs/zones');
    expect(zones.json<{ data: unknown[] }>().data).toEqual([
      expect.objectContaining({ id: 1, name: 'local', available: true }),
    ]);
  });

  it('refuses a name that would break a line of the hub’s files', async () => {
    const response = await w.call(w.sessions.manager, 'POST', '/api/vpn/hubs', {
      name: 'Hub\nverb 11',
    });
    expect(response.statusCode).toBe(422);
    expect(firstError(response.body)?.source).toBe('name');
  });

  it('refuses a duplicate name in the company with 409', async () => {
    const again = await w.call(w.sessions.manager, 'POST', '/api/vpn/hubs', { name: 'office HUB' });
    expect(again.statusCode).toBe(409);
    expect(firstError(again.body)?.source).toBe('name');
  });
});

import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { devices, vpnHubDhcp, vpnHubRoutes, vpnHubs, vpnHubUsers, vpnHubZones } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import type { App } from '@/app';
import type { TestSession } from '@test/session';
import type { CaseContext } from '../matrix';
import { matrixDevice } from './devices';

// The VPN rows of a zone, made through the API as the super admin (hubs need their real PKI: the
// profile routes open the sealed keys): a hub named with the marker, a device and a custom user
// as its clients. Cases that change or remove a hub's state make fresh rows of their own.

export interface ZoneVpn {
  hubId: number;
  /** A custom user `u-<marker>` of the hub. */
  clientId: number;
  deviceId: number;
}

let sequence = 0;
export const nextSequence = () => ++sequence;

interface Admin {
  app: App;
  session: TestSession;
}

const post = async (admin: Admin, url: string, payload: object) => {
  const response = await admin.app.inject({
    method: 'POST',
    url,
    headers: admin.session.headers,
    payload,
  });
  if (response.statusCode >= 300) throw new Error(`${url}: ${response.body}`);
  return response.json<{ data?: { id: number } }>();
};

/** A device that can join hubs (a RutOS 07.06 router) of the zone. */
export const vpnDevice = async (db: Database, company: CompanyRow, marker: string) => {
  const id = await matrixDevice(db, company, marker);
  await db
    .update(devices)
    .set({ model: 'RUT955', firmware: 'RUT9_R_00.07.06.1' })
    .where(eq(devices.id, id));
  return id;
};

export const createHub = async (admin: Admin, company: CompanyRow, marker: string) =>
  (
    await post(admin, '/api/vpn/hubs', {
      name: `hub ${marker} ${nextSequence()}`,
      company_id: company.id,
    })
  ).data?.id ?? 0;

/** The device joins the hub; its client's id. */
export const joinDevice = async (admin: Admin, db: Database, hubId: number, deviceId: number) => {
  await post(admin, `/api/vpn/hubs/${hubId}/devices`, { device_id: [deviceId] });
  const [row] = await db
    .select({ id: vpnHubUsers.id })
    .from(vpnHubUsers)
    .where(and(eq(vpnHubUsers.hubId, hubId), eq(vpnHubUsers.deviceId, deviceId)));
  return row?.id ?? 0;
};

export const customClient = async (admin: Admin, hubId: number, username: string) =>
  (await post(admin, '/api/vpn/hubs/users/custom', { vpn_hub_id: hubId, username })).data?.id ?? 0;

export const matrixVpn = async (
  admin: Admin,
  db: Database,
  company: CompanyRow,
  marker: string,
): Promise<ZoneVpn> => {
  const hubId = await createHub(admin, company, marker);
  const deviceId = await vpnDevice(db, company, marker);
  await joinDevice(admin, db, hubId, deviceId);
  return { hubId, deviceId, clientId: await customClient(admin, hubId, `u-${marker}`) };
};

/** The super admin of the matrix world: it makes the rows a case needs. */
export const adminOf = (context: CaseContext): Admin => ({
  app: context.world.t.app,
  session: context.world.actors.super_admin.session,
});

export const zoneVpn = (context: CaseContext): ZoneVpn => {
  const vpn = context.zone.vpn;
  if (!vpn) throw new Error('the zone has no VPN rows');
  return vpn;
};

export const freshHub = (context: CaseContext) =>
  createHub(adminOf(context), context.zone.company, context.zone.marker);

/** A fresh device of the zone that is a client of the zone's hub: [device id, client id]. */
export const freshMember = async (context: CaseContext) => {
  const { db } = context.world.t;
  const deviceId = await vpnDevice(db, context.zone.company, context.zone.marker);
  return [
    deviceId,
    await joinDevice(adminOf(context), db, zoneVpn(context).hubId, deviceId),
  ] as const;
};

export const hubRow = async (db: Database, id: number) =>
  (await db.select().from(vpnHubs).where(eq(vpnHubs.id, id)))[0] ?? null;

export const clientRow = async (db: Database, id: number) =>
  (await db.select().from(vpnHubUsers).where(eq(vpnHubUsers.id, id)))[0] ?? null;

export const validClients = (db: Database, where: { hubId: number; commonName: string }) =>
  db
    .select()
    .from(vpnHubUsers)
    .where(
      and(
        eq(vpnHubUsers.hubId, where.hubId),
        eq(vpnHubUsers.commonName, where.commonName),
        isNull(vpnHubUsers.revokedAt),
      ),
    );

export const routeRows = (db: Database, hubId: number) =>
  db.select().from(vpnHubRoutes).where(eq(vpnHubRoutes.hubId, hubId));

export const dhcpRows = (db: Database, hubId: number) =>
  db.select().from(vpnHubDhcp).where(eq(vpnHubDhcp.hubId, hubId));

/** A hub zone on a fresh device of the case's zone (zones are global: any company's device). */
export const freshHubZone = async (context: CaseContext) => {
  const { db } = context.world.t;
  const deviceId = await matrixDevice(db, context.zone.company, context.zone.marker);
  const [row] = await db
    .insert(vpnHubZones)
    .values({
      name: `zone-${nextSequence()}`,
      visualName: 'Matrix zone',
      deviceId,
      host: 'hub.example.net',
    })
    .returning();
  if (!row) throw new Error('hub zone insert failed');
  return row;
};

export const hubZoneRow = async (db: Database, id: number) =>
  (await db.select().from(vpnHubZones).where(eq(vpnHubZones.id, id)))[0] ?? null;

export { post as adminPost };

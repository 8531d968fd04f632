import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { companies, devices, tags, users } from '@/db/schema';

/**
 * What hubs refer to, each looked up within the caller's companies: the hub's company and tags,
 * the devices and users that join it. Each comes with its company's path: what a hub refers to
 * must belong to the hub's company or one of its subsidiaries (`hub-company.ts`).
 */
export const createVpnTargetsRepository = (db: Database) => ({
  async company(viewer: Viewer, id: number, tx: Executor = db) {
    const [row] = await tx
      .select({ id: companies.id, name: companies.name, path: companies.path })
      .from(companies)
      .where(and(eq(companies.id, id), visibleCompaniesFilter(viewer)));
    return row ?? null;
  },

  /** The tags among `ids` the viewer sees, by id. */
  async tags(viewer: Viewer, ids: readonly number[], tx: Executor = db) {
    if (ids.length === 0) return new Map<number, VpnTag>();
    const rows = await tx
      .select({ id: tags.id, companyPath: companies.path })
      .from(tags)
      .innerJoin(companies, eq(companies.id, tags.companyId))
      .where(and(inArray(tags.id, [...ids]), visibleCompaniesFilter(viewer)));
    return new Map(rows.map((row) => [row.id, row]));
  },

  /** The visible devices among `ids`, with what decides whether they can run OpenVPN. */
  async devices(viewer: Viewer, ids: readonly number[], tx: Executor = db) {
    if (ids.length === 0) return new Map<number, VpnDevice>();
    const rows = await tx
      .select({
        id: devices.id,
        name: devices.name,
        companyId: devices.companyId,
        companyPath: companies.path,
        model: devices.model,
        firmware: devices.firmware,
      })
      .from(devices)
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .where(and(inArray(devices.id, [...ids]), visibleCompaniesFilter(viewer)));
    return new Map(rows.map((row) => [row.id, row]));
  },

  async user(viewer: Viewer, id: number, tx: Executor = db) {
    const [row] = await tx
      .select({ id: users.id, email: users.email, companyPath: companies.path })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(and(eq(users.id, id), visibleCompaniesFilter(viewer)));
    return row ?? null;
  },

  /** The VPN reading (L2TP tunnels, hub clients) of one visible device, or of those that report one. */
  async vpnReadings(viewer: Viewer, deviceId: number | undefined, tx: Executor = db) {
    return tx
      .select({
        deviceId: devices.id,
        vpn: sql<unknown>`${devices.info}->'vpn'`,
        updatedAt: devices.informationUpdatedAt,
      })
      .from(devices)
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .where(
        and(
          visibleCompaniesFilter(viewer),
          deviceId === undefined ? sql`${devices.info} ? 'vpn'` : eq(devices.id, deviceId),
        ),
      )
      .orderBy(asc(devices.id))
      .limit(1000);
  },
});

export interface VpnTag {
  id: number;
  companyPath: string;
}

export interface VpnDevice {
  id: number;
  name: string;
  companyId: number;
  companyPath: string;
  model: string | null;
  firmware: string | null;
}

export type VpnTargetsRepository = ReturnType<typeof createVpnTargetsRepository>;

import type { VpnDhcpType } from '@netfleet/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { countAll } from '@/db/list';
import { companies, devices, vpnHubDhcp, vpnHubRoutes, vpnHubs, vpnHubUsers } from '@/db/schema';
import { markHubsChanged } from './hubs.repository';

const routeColumns = {
  id: vpnHubRoutes.id,
  hubId: vpnHubRoutes.hubId,
  hubUserId: vpnHubRoutes.hubUserId,
  network: vpnHubRoutes.network,
  netmask: vpnHubRoutes.netmask,
  name: vpnHubRoutes.name,
  createdAt: vpnHubRoutes.createdAt,
  viaName: sql<string>`coalesce(${devices.name}, ${vpnHubUsers.commonName})`,
  viaCommonName: vpnHubUsers.commonName,
};

/** A hub's routes (LANs behind its device clients) and DHCP options. */
export const createHubNetworkRepository = (db: Database) => {
  const selectRoutes = (tx: Executor) =>
    tx
      .select(routeColumns)
      .from(vpnHubRoutes)
      .innerJoin(vpnHubUsers, eq(vpnHubUsers.id, vpnHubRoutes.hubUserId))
      .leftJoin(devices, eq(devices.id, vpnHubUsers.deviceId));

  return {
    async routesOfHub(hubId: number, hubUserId?: number, tx: Executor = db) {
      return selectRoutes(tx)
        .where(
          and(
            eq(vpnHubRoutes.hubId, hubId),
            hubUserId === undefined ? undefined : eq(vpnHubRoutes.hubUserId, hubUserId),
          ),
        )
        .orderBy(asc(vpnHubRoutes.id));
    },

    /** Routes of every hub the viewer sees, oldest first, at most `limit`. */
    async routesVisible(viewer: Viewer, limit: number, tx: Executor = db) {
      return selectRoutes(tx)
        .innerJoin(vpnHubs, eq(vpnHubs.id, vpnHubRoutes.hubId))
        .innerJoin(companies, eq(companies.id, vpnHubs.companyId))
        .where(visibleCompaniesFilter(viewer))
        .orderBy(asc(vpnHubRoutes.id))
        .limit(limit);
    },

    async routesPage(hubId: number, page: { limit: number; offset: number }, tx: Executor = db) {
      const where = eq(vpnHubRoutes.hubId, hubId);
      const rows = await selectRoutes(tx)
        .where(where)
        .orderBy(asc(vpnHubRoutes.id))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await tx.select({ total: countAll }).from(vpnHubRoutes).where(where);
      return { rows, total: total?.total ?? 0 };
    },

    /** A route of a hub the viewer sees. */
    async findRoute(viewer: Viewer, id: number, tx: Executor = db) {
      const [row] = await selectRoutes(tx)
        .innerJoin(vpnHubs, eq(vpnHubs.id, vpnHubRoutes.hubId))
        .innerJoin(companies, eq(companies.id, vpnHubs.companyId))
        .where(and(eq(vpnHubRoutes.id, id), visibleCompaniesFilter(viewer)));
      return row ?? null;
    },

    async insertRoute(values: typeof vpnHubRoutes.$inferInsert, tx: Executor = db) {
      await markHubsChanged(tx, [values.hubId]);
      const [row] = await tx.insert(vpnHubRoutes).values(values).returning({ id: vpnHubRoutes.id });
      if (!row) throw new Error('vpn route insert returned nothing');
      return row.id;
    },

    async deleteRoute(id: number, tx: Executor = db) {
      await markHubsChanged(
        tx,
        tx.select({ id: vpnHubRoutes.hubId }).from(vpnHubRoutes).where(eq(vpnHubRoutes.id, id)),
      );
      await tx.delete(vpnHubRoutes).where(eq(vpnHubRoutes.id, id));
    },

    async dhcpOfHub(hubId: number, tx: Executor = db) {
      return tx
        .select()
        .from(vpnHubDhcp)
        .where(eq(vpnHubDhcp.hubId, hubId))
        .orderBy(asc(vpnHubDhcp.type), asc(vpnHubDhcp.id));
    },

    async insertDhcp(hubId: number, type: VpnDhcpType, ip: string, tx: Executor = db) {
      await markHubsChanged(tx, [hubId]);
      await tx.insert(vpnHubDhcp).values({ hubId, type, ip });
    },

    /** Whether the option was there to remove. */
    async deleteDhcp(hubId: number, type: VpnDhcpType, ip: string, tx: Executor = db) {
      await markHubsChanged(tx, [hubId]);
      const rows = await tx
        .delete(vpnHubDhcp)
        .where(and(eq(vpnHubDhcp.hubId, hubId), eq(vpnHubDhcp.type, type), eq(vpnHubDhcp.ip, ip)))
        .returning({ id: vpnHubDhcp.id });
      return rows.length > 0;
    },
  };
};

export type HubNetworkRepository = ReturnType<typeof createHubNetworkRepository>;
export type RouteRow = Awaited<ReturnType<HubNetworkRepository['routesOfHub']>>[number];

import { and, type AnyColumn, asc, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { countAll } from '@/db/list';
import {
  devices,
  users,
  vpnHubSessions,
  vpnHubs,
  vpnHubUsage,
  vpnHubUsers,
  vpnProfileDownloads,
} from '@/db/schema';

const clientName = sql<string>`coalesce(${devices.name}, ${users.email}, ${vpnHubUsers.username}, ${vpnHubUsers.commonName})`;
const sum = (column: AnyColumn) =>
  sql<number>`cast(coalesce(sum(${column}), 0) as bigint)`.mapWith(Number);

export interface Page {
  limit: number;
  offset: number;
}

/** Days as `YYYY-MM-DD` (UTC), inclusive. */
export interface DayRange {
  from: string;
  to: string;
}

/** The connection log, daily usage and profile downloads of hubs. */
export const createHubLogsRepository = (db: Database) => {
  const open = isNull(vpnHubSessions.disconnectedAt);

  return {
    async openSession(hubId: number, commonName: string, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(vpnHubSessions)
        .where(
          and(eq(vpnHubSessions.hubId, hubId), eq(vpnHubSessions.commonName, commonName), open),
        )
        .orderBy(desc(vpnHubSessions.connectedAt))
        .limit(1);
      return row ?? null;
    },

    async openSessionsOfHub(hubId: number, tx: Executor = db) {
      return tx
        .select()
        .from(vpnHubSessions)
        .where(and(eq(vpnHubSessions.hubId, hubId), open));
    },

    async openSessionsOfClients(clientIds: readonly number[], tx: Executor = db) {
      if (clientIds.length === 0) return [];
      return tx
        .select()
        .from(vpnHubSessions)
        .where(and(inArray(vpnHubSessions.hubUserId, [...clientIds]), open));
    },

    async insertSession(values: typeof vpnHubSessions.$inferInsert, tx: Executor = db) {
      await tx.insert(vpnHubSessions).values(values);
    },

    async updateSession(
      id: number,
      values: Partial<typeof vpnHubSessions.$inferInsert>,
      tx: Executor = db,
    ) {
      await tx.update(vpnHubSessions).set(values).where(eq(vpnHubSessions.id, id));
    },

    /** Ends every open session (of one hub, or all): their server process is gone. */
    async closeOpen(at: Date, hubId?: number, tx: Executor = db) {
      await tx
        .update(vpnHubSessions)
        .set({ disconnectedAt: at })
        .where(and(open, hubId === undefined ? undefined : eq(vpnHubSessions.hubId, hubId)));
    },

    /** Ends the open sessions of the zone's hubs (the server's own: its processes are gone). */
    async closeOpenInZone(at: Date, zone: string, tx: Executor = db) {
      await tx
        .update(vpnHubSessions)
        .set({ disconnectedAt: at })
        .where(
          and(
            open,
            inArray(
              vpnHubSessions.hubId,
              tx.select({ id: vpnHubs.id }).from(vpnHubs).where(eq(vpnHubs.hubZone, zone)),
            ),
          ),
        );
    },

    async addUsage(
      row: { hubId: number; hubUserId: number; day: string; received: number; sent: number },
      tx: Executor = db,
    ) {
      if (row.received <= 0 && row.sent <= 0) return;
      await tx
        .insert(vpnHubUsage)
        .values({
          hubId: row.hubId,
          hubUserId: row.hubUserId,
          day: row.day,
          bytesReceived: row.received,
          bytesSent: row.sent,
        })
        .onConflictDoUpdate({
          target: [vpnHubUsage.hubUserId, vpnHubUsage.day],
          set: {
            bytesReceived: sql`${vpnHubUsage.bytesReceived} + ${row.received}`,
            bytesSent: sql`${vpnHubUsage.bytesSent} + ${row.sent}`,
          },
        });
    },

    /** Per day over the range: the hub's, or one client's. */
    async daily(hubId: number, range: DayRange, hubUserId?: number, tx: Executor = db) {
      return tx
        .select({
          day: vpnHubUsage.day,
          received: sum(vpnHubUsage.bytesReceived),
          sent: sum(vpnHubUsage.bytesSent),
        })
        .from(vpnHubUsage)
        .where(
          and(
            eq(vpnHubUsage.hubId, hubId),
            gte(vpnHubUsage.day, range.from),
            lte(vpnHubUsage.day, range.to),
            hubUserId === undefined ? undefined : eq(vpnHubUsage.hubUserId, hubUserId),
          ),
        )
        .groupBy(vpnHubUsage.day)
        .orderBy(asc(vpnHubUsage.day));
    },

    /** Per client over the range, most used first. */
    async byClient(hubId: number, range: DayRange, tx: Executor = db) {
      const received = sum(vpnHubUsage.bytesReceived);
      return tx
        .select({
          hubUserId: vpnHubUsage.hubUserId,
          name: clientName,
          type: vpnHubUsers.type,
          received,
          sent: sum(vpnHubUsage.bytesSent),
        })
        .from(vpnHubUsage)
        .innerJoin(vpnHubUsers, eq(vpnHubUsers.id, vpnHubUsage.hubUserId))
        .leftJoin(devices, eq(devices.id, vpnHubUsers.deviceId))
        .leftJoin(users, eq(users.id, vpnHubUsers.userId))
        .where(
          and(
            eq(vpnHubUsage.hubId, hubId),
            gte(vpnHubUsage.day, range.from),
            lte(vpnHubUsage.day, range.to),
          ),
        )
        .groupBy(vpnHubUsage.hubUserId, clientName, vpnHubUsers.type)
        .orderBy(desc(received), asc(vpnHubUsage.hubUserId));
    },

    /** The hub's sessions (all, one client's, or those open now), newest first, with their client. */
    async connections(
      hubId: number,
      page: Page,
      filter: { hubUserId?: number | undefined; openOnly?: boolean } = {},
      tx: Executor = db,
    ) {
      const where = and(
        eq(vpnHubSessions.hubId, hubId),
        filter.hubUserId === undefined ? undefined : eq(vpnHubSessions.hubUserId, filter.hubUserId),
        filter.openOnly ? open : undefined,
      );
      const rows = await tx
        .select({
          session: vpnHubSessions,
          name: clientName,
          type: vpnHubUsers.type,
          objectId: sql<number | null>`coalesce(${vpnHubUsers.deviceId}, ${vpnHubUsers.userId})`,
        })
        .from(vpnHubSessions)
        .leftJoin(vpnHubUsers, eq(vpnHubUsers.id, vpnHubSessions.hubUserId))
        .leftJoin(devices, eq(devices.id, vpnHubUsers.deviceId))
        .leftJoin(users, eq(users.id, vpnHubUsers.userId))
        .where(where)
        .orderBy(desc(vpnHubSessions.connectedAt), desc(vpnHubSessions.id))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await tx.select({ total: countAll }).from(vpnHubSessions).where(where);
      return { rows, total: total?.total ?? 0 };
    },

    async insertDownload(values: typeof vpnProfileDownloads.$inferInsert, tx: Executor = db) {
      await tx.insert(vpnProfileDownloads).values(values);
    },

    async downloads(hubId: number, page: Page, hubUserId?: number, tx: Executor = db) {
      const where = and(
        eq(vpnProfileDownloads.hubId, hubId),
        hubUserId === undefined ? undefined : eq(vpnProfileDownloads.hubUserId, hubUserId),
      );
      const downloader = sql<
        string | null
      >`(select ${users.email} from ${users} where ${users.id} = ${vpnProfileDownloads.userId})`;
      const rows = await tx
        .select({ download: vpnProfileDownloads, clientName, userEmail: downloader })
        .from(vpnProfileDownloads)
        .innerJoin(vpnHubUsers, eq(vpnHubUsers.id, vpnProfileDownloads.hubUserId))
        .leftJoin(devices, eq(devices.id, vpnHubUsers.deviceId))
        .leftJoin(users, eq(users.id, vpnHubUsers.userId))
        .where(where)
        .orderBy(desc(vpnProfileDownloads.createdAt), desc(vpnProfileDownloads.id))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await tx.select({ total: countAll }).from(vpnProfileDownloads).where(where);
      return { rows, total: total?.total ?? 0 };
    },
  };
};

export type HubLogsRepository = ReturnType<typeof createHubLogsRepository>;
export type SessionRow = Awaited<ReturnType<HubLogsRepository['openSessionsOfHub']>>[number];

import type { VpnHubListQuery } from '@netfleet/contracts';
import {
  and,
  asc,
  eq,
  inArray,
  isNotNull,
  lte,
  ne,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { countAll, orderByFrom, searchFilter } from '@/db/list';
import {
  companies,
  tags,
  vpnHubRoutes,
  vpnHubSessions,
  vpnHubs,
  vpnHubTags,
  vpnHubUsers,
} from '@/db/schema';

const count = (from: SQL) => sql<number>`(select cast(count(*) as integer) ${from})`;
const validClientsOf = (kind: SQL) =>
  count(
    sql`from ${vpnHubUsers} where ${vpnHubUsers.hubId} = ${vpnHubs.id} and ${vpnHubUsers.revokedAt} is null and ${kind}`,
  );

/** A hub as the API shows it: no keys, with its company's name and its counts. */
const hubColumns = {
  id: vpnHubs.id,
  companyId: vpnHubs.companyId,
  companyName: companies.name,
  /** Its company's materialised path: what joins the hub must come from this subtree. */
  companyPath: companies.path,
  name: vpnHubs.name,
  description: vpnHubs.description,
  quickHub: vpnHubs.quickHub,
  vpnType: vpnHubs.vpnType,
  protocol: vpnHubs.protocol,
  port: vpnHubs.port,
  network: vpnHubs.network,
  netmask: vpnHubs.netmask,
  hubZone: vpnHubs.hubZone,
  enabled: vpnHubs.enabled,
  disabledUntil: vpnHubs.disabledUntil,
  startTime: vpnHubs.startTime,
  endTime: vpnHubs.endTime,
  disabledBecauseExpired: vpnHubs.disabledBecauseExpired,
  caExpiresAt: vpnHubs.caExpiresAt,
  serverCertExpiresAt: vpnHubs.serverCertExpiresAt,
  bytesUsed: vpnHubs.bytesUsed,
  createdAt: vpnHubs.createdAt,
  updatedAt: vpnHubs.updatedAt,
  devicesCount: validClientsOf(sql`${vpnHubUsers.type} = 'device'`),
  usersCount: validClientsOf(sql`${vpnHubUsers.type} <> 'device'`),
  sessionsCount: count(
    sql`from ${vpnHubSessions} where ${vpnHubSessions.hubId} = ${vpnHubs.id} and ${vpnHubSessions.disconnectedAt} is null`,
  ),
  routesCount: count(sql`from ${vpnHubRoutes} where ${vpnHubRoutes.hubId} = ${vpnHubs.id}`),
};

const SEARCHABLE = { name: vpnHubs.name, description: vpnHubs.description };
const SORTABLE = {
  id: vpnHubs.id,
  name: vpnHubs.name,
  company_name: companies.name,
  port: vpnHubs.port,
  bytes_used: vpnHubs.bytesUsed,
  enabled: vpnHubs.enabled,
  created_at: vpnHubs.createdAt,
};

export type HubValues = typeof vpnHubs.$inferInsert;

const nextConfigVersion = sql`${vpnHubs.configVersion} + 1`;

/**
 * Marks what the hubs' runtime runs as changed (hub-reconcile.ts), in the caller's transaction.
 * Called before the change's own rows are written, so the hub row is locked first, as
 * certificates do (hub-certificates.ts).
 */
export const markHubsChanged = async (tx: Executor, hubIds: readonly number[] | SQLWrapper) => {
  if (Array.isArray(hubIds) && hubIds.length === 0) return;
  await tx
    .update(vpnHubs)
    .set({ configVersion: nextConfigVersion })
    .where(inArray(vpnHubs.id, Array.isArray(hubIds) ? [...new Set(hubIds)] : hubIds));
};

/** VPN hubs, visible through their company (db/company-scope). */
export const createHubsRepository = (db: Database) => {
  const selectHubs = (tx: Executor) =>
    tx.select(hubColumns).from(vpnHubs).innerJoin(companies, eq(companies.id, vpnHubs.companyId));

  const listFilter = (viewer: Viewer, query: VpnHubListQuery) => {
    const filters: (SQL | undefined)[] = [visibleCompaniesFilter(viewer)];
    if (query.id?.length) filters.push(inArray(vpnHubs.id, query.id));
    if (query.company_id) filters.push(eq(vpnHubs.companyId, query.company_id));
    if (query.enabled !== undefined) filters.push(eq(vpnHubs.enabled, query.enabled));
    if (query.quick_hub !== undefined) filters.push(eq(vpnHubs.quickHub, query.quick_hub));
    if (query.hub_zone) filters.push(eq(vpnHubs.hubZone, query.hub_zone));
    if (query.tag_id?.length) {
      filters.push(
        inArray(
          vpnHubs.id,
          db
            .select({ id: vpnHubTags.hubId })
            .from(vpnHubTags)
            .where(inArray(vpnHubTags.tagId, query.tag_id)),
        ),
      );
    }
    if (query.q) filters.push(searchFilter(query.q, query['search-fields'], SEARCHABLE));
    return and(...filters);
  };

  return {
    async list(viewer: Viewer, query: VpnHubListQuery, tx: Executor = db) {
      const where = listFilter(viewer, query);
      const orderBy = [...orderByFrom(query.sort, SORTABLE, []), asc(vpnHubs.id)];
      const rows = await selectHubs(tx)
        .where(where)
        .orderBy(...orderBy)
        .limit(query.limit)
        .offset(query.offset);
      const [total] = await tx
        .select({ total: countAll })
        .from(vpnHubs)
        .innerJoin(companies, eq(companies.id, vpnHubs.companyId))
        .where(where);
      return { rows, total: total?.total ?? 0 };
    },

    /** The hubs among `ids` the viewer sees. */
    async findMany(viewer: Viewer, ids: readonly number[], tx: Executor = db) {
      if (ids.length === 0) return [];
      return selectHubs(tx).where(
        and(inArray(vpnHubs.id, [...ids]), visibleCompaniesFilter(viewer)),
      );
    },

    async find(viewer: Viewer, id: number, tx: Executor = db) {
      const [row] = await selectHubs(tx).where(
        and(eq(vpnHubs.id, id), visibleCompaniesFilter(viewer)),
      );
      return row ?? null;
    },

    /** Any hub by id, regardless of who asks (the runtime's side: events, sweeps). */
    async findById(id: number, tx: Executor = db) {
      const [row] = await selectHubs(tx).where(eq(vpnHubs.id, id));
      return row ?? null;
    },

    /** The whole row with its sealed keys, locked until the transaction ends. */
    async lockSecrets(id: number, tx: Executor) {
      const [row] = await tx.select().from(vpnHubs).where(eq(vpnHubs.id, id)).for('update');
      return row ?? null;
    },

    async secretsOf(id: number, tx: Executor = db) {
      const [row] = await tx.select().from(vpnHubs).where(eq(vpnHubs.id, id));
      return row ?? null;
    },

    /**
     * Serialises changes of one zone's ports and subnets: the overlap and port checks then see
     * every other change of the zone committed.
     */
    async lockZone(zone: string, tx: Executor) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`vpn_hub_zone:${zone}`}))`);
    },

    /** Ports and subnets of the zone's other hubs (every company's: they share the host). */
    async zoneHubs(zone: string, exceptId: number | null, tx: Executor = db) {
      return tx
        .select({
          id: vpnHubs.id,
          port: vpnHubs.port,
          network: vpnHubs.network,
          netmask: vpnHubs.netmask,
        })
        .from(vpnHubs)
        .where(
          and(eq(vpnHubs.hubZone, zone), exceptId === null ? undefined : ne(vpnHubs.id, exceptId)),
        );
    },

    async nameTaken(companyId: number, name: string, exceptId: number | null, tx: Executor = db) {
      const [row] = await tx
        .select({ id: vpnHubs.id })
        .from(vpnHubs)
        .where(
          and(
            eq(vpnHubs.companyId, companyId),
            sql`lower(${vpnHubs.name}) = lower(${name})`,
            exceptId === null ? undefined : ne(vpnHubs.id, exceptId),
          ),
        );
      return row !== undefined;
    },

    async insert(values: HubValues, tx: Executor = db) {
      const [row] = await tx.insert(vpnHubs).values(values).returning({ id: vpnHubs.id });
      if (!row) throw new Error('vpn hub insert returned nothing');
      return row.id;
    },

    /** Every change of the row may change what the runtime runs: its config version moves. */
    async update(id: number, values: Partial<HubValues>, tx: Executor = db) {
      await tx
        .update(vpnHubs)
        .set({ ...values, configVersion: nextConfigVersion })
        .where(eq(vpnHubs.id, id));
    },

    async remove(ids: readonly number[], tx: Executor = db) {
      if (ids.length) await tx.delete(vpnHubs).where(inArray(vpnHubs.id, [...ids]));
    },

    /** `count` serials of the hub's CA, reserved: the first one. */
    async takeSerials(id: number, count: number, tx: Executor) {
      const [row] = await tx
        .update(vpnHubs)
        .set({ nextSerial: sql`${vpnHubs.nextSerial} + ${count}` })
        .where(eq(vpnHubs.id, id))
        .returning({ next: vpnHubs.nextSerial });
      if (!row) throw new Error(`vpn hub ${id} is gone`);
      return row.next - count;
    },

    async addBytes(id: number, bytes: number, tx: Executor = db) {
      if (bytes <= 0) return;
      await tx
        .update(vpnHubs)
        .set({ bytesUsed: sql`${vpnHubs.bytesUsed} + ${bytes}` })
        .where(eq(vpnHubs.id, id));
    },

    async setTags(hubId: number, tagIds: readonly number[], tx: Executor = db) {
      await tx.delete(vpnHubTags).where(eq(vpnHubTags.hubId, hubId));
      if (tagIds.length) {
        await tx.insert(vpnHubTags).values([...new Set(tagIds)].map((tagId) => ({ hubId, tagId })));
      }
    },

    /** The tags of each hub, by hub id. */
    async tagsOf(hubIds: readonly number[], tx: Executor = db) {
      if (hubIds.length === 0) return new Map<number, (typeof tags.$inferSelect)[]>();
      const rows = await tx
        .select({ hubId: vpnHubTags.hubId, tag: tags })
        .from(vpnHubTags)
        .innerJoin(tags, eq(tags.id, vpnHubTags.tagId))
        .where(inArray(vpnHubTags.hubId, [...hubIds]))
        .orderBy(asc(tags.name));
      const byHub = new Map<number, (typeof tags.$inferSelect)[]>();
      for (const row of rows) byHub.set(row.hubId, [...(byHub.get(row.hubId) ?? []), row.tag]);
      return byHub;
    },

    /** Every hub of the zone with its config version (hub-reconcile.ts polls it). */
    async configVersions(zone: string, tx: Executor = db) {
      return tx
        .select({ id: vpnHubs.id, enabled: vpnHubs.enabled, configVersion: vpnHubs.configVersion })
        .from(vpnHubs)
        .where(eq(vpnHubs.hubZone, zone));
    },

    /** Enabled hubs of the zone (started when the server starts). */
    async enabledIds(zone: string, tx: Executor = db) {
      const rows = await tx
        .select({ id: vpnHubs.id })
        .from(vpnHubs)
        .where(and(eq(vpnHubs.hubZone, zone), eq(vpnHubs.enabled, true)));
      return rows.map((row) => row.id);
    },

    /** Hubs whose pause or whose enabled period ended by `now`. */
    async dueSchedules(now: Date, tx: Executor = db) {
      return tx
        .select({ id: vpnHubs.id, enabled: vpnHubs.enabled })
        .from(vpnHubs)
        .where(
          or(
            and(
              eq(vpnHubs.enabled, false),
              isNotNull(vpnHubs.disabledUntil),
              lte(vpnHubs.disabledUntil, now),
            ),
            and(eq(vpnHubs.enabled, true), isNotNull(vpnHubs.endTime), lte(vpnHubs.endTime, now)),
          ),
        );
    },
  };
};

export type HubsRepository = ReturnType<typeof createHubsRepository>;
export type HubRow = NonNullable<Awaited<ReturnType<HubsRepository['find']>>>;
export type HubSecretsRow = NonNullable<Awaited<ReturnType<HubsRepository['secretsOf']>>>;

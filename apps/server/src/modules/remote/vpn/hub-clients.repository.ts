import type { VpnClientListQuery } from '@netfleet/contracts';
import {
  and,
  asc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { containsPattern, countAll, orderByFrom } from '@/db/list';
import { companies, devices, users, vpnHubRoutes, vpnHubs, vpnHubUsers } from '@/db/schema';
import { markHubsChanged } from './hubs.repository';

/** What the console calls a client: the device's name, the user's e-mail, the custom name. */
const clientName = sql<string>`coalesce(${devices.name}, ${users.email}, ${vpnHubUsers.username}, ${vpnHubUsers.commonName})`;

const clientColumns = {
  id: vpnHubUsers.id,
  hubId: vpnHubUsers.hubId,
  hubName: vpnHubs.name,
  companyId: vpnHubs.companyId,
  companyName: companies.name,
  type: vpnHubUsers.type,
  deviceId: vpnHubUsers.deviceId,
  userId: vpnHubUsers.userId,
  name: clientName,
  commonName: vpnHubUsers.commonName,
  ipMode: vpnHubUsers.ipMode,
  ip: vpnHubUsers.ip,
  enabled: vpnHubUsers.enabled,
  forwardLan: vpnHubUsers.forwardLan,
  forwardWan: vpnHubUsers.forwardWan,
  certExpiresAt: vpnHubUsers.certExpiresAt,
  expiresAt: vpnHubUsers.expiresAt,
  createdAt: vpnHubUsers.createdAt,
  model: devices.model,
  deviceStatus: devices.status,
  routesCount: sql<number>`(select cast(count(*) as integer) from ${vpnHubRoutes} where ${vpnHubRoutes.hubUserId} = ${vpnHubUsers.id})`,
};

const SORTABLE = {
  id: vpnHubUsers.id,
  name: clientName,
  type: vpnHubUsers.type,
  ip: vpnHubUsers.ip,
  created_at: vpnHubUsers.createdAt,
};

export type ClientValues = typeof vpnHubUsers.$inferInsert;

/**
 * Hub clients ("hub users"), visible through their hub's company. Only valid clients (not
 * revoked) are listed; revoked rows serve the CRL and the logs.
 */
export const createHubClientsRepository = (db: Database) => {
  const selectClients = (tx: Executor) =>
    tx
      .select(clientColumns)
      .from(vpnHubUsers)
      .innerJoin(vpnHubs, eq(vpnHubs.id, vpnHubUsers.hubId))
      .innerJoin(companies, eq(companies.id, vpnHubs.companyId))
      .leftJoin(devices, eq(devices.id, vpnHubUsers.deviceId))
      .leftJoin(users, eq(users.id, vpnHubUsers.userId));
  const valid = isNull(vpnHubUsers.revokedAt);
  /** The hubs of these clients, for markHubsChanged. */
  const hubsOf = (ids: readonly number[], tx: Executor) =>
    tx
      .select({ id: vpnHubUsers.hubId })
      .from(vpnHubUsers)
      .where(inArray(vpnHubUsers.id, [...ids]));

  return {
    async list(viewer: Viewer, query: VpnClientListQuery, tx: Executor = db) {
      const filters: (SQL | undefined)[] = [valid, visibleCompaniesFilter(viewer)];
      if (query.id?.length) filters.push(inArray(vpnHubUsers.id, query.id));
      if (query.vpn_hub_id?.length) filters.push(inArray(vpnHubUsers.hubId, query.vpn_hub_id));
      if (query.company_id) filters.push(eq(vpnHubs.companyId, query.company_id));
      if (query.type) filters.push(eq(vpnHubUsers.type, query.type));
      if (query.q) {
        // The name is an expression (device, user or custom name), so searchFilter cannot take it.
        const pattern = containsPattern(query.q);
        filters.push(or(ilike(clientName, pattern), ilike(vpnHubUsers.commonName, pattern)));
      }
      const where = and(...filters);
      const rows = await selectClients(tx)
        .where(where)
        .orderBy(...orderByFrom(query.sort, SORTABLE, []), asc(vpnHubUsers.id))
        .limit(query.limit)
        .offset(query.offset);
      const [total] = await tx
        .select({ total: countAll })
        .from(vpnHubUsers)
        .innerJoin(vpnHubs, eq(vpnHubs.id, vpnHubUsers.hubId))
        .innerJoin(companies, eq(companies.id, vpnHubs.companyId))
        .leftJoin(devices, eq(devices.id, vpnHubUsers.deviceId))
        .leftJoin(users, eq(users.id, vpnHubUsers.userId))
        .where(where);
      return { rows, total: total?.total ?? 0 };
    },

    /** A valid client the viewer sees (through its hub). */
    async find(viewer: Viewer, id: number, tx: Executor = db) {
      const [row] = await selectClients(tx).where(
        and(eq(vpnHubUsers.id, id), valid, visibleCompaniesFilter(viewer)),
      );
      return row ?? null;
    },

    async findMany(viewer: Viewer, ids: readonly number[], tx: Executor = db) {
      if (ids.length === 0) return [];
      return selectClients(tx).where(
        and(inArray(vpnHubUsers.id, [...ids]), valid, visibleCompaniesFilter(viewer)),
      );
    },

    /** The hub's valid clients (all, or those of these devices). */
    async ofHub(hubId: number, deviceIds?: readonly number[], tx: Executor = db) {
      return selectClients(tx)
        .where(
          and(
            eq(vpnHubUsers.hubId, hubId),
            valid,
            deviceIds ? inArray(vpnHubUsers.deviceId, [...deviceIds]) : undefined,
          ),
        )
        .orderBy(asc(vpnHubUsers.id));
    },

    /** Every row of the hub with its certificate and sealed key: the runtime's and CRL's input. */
    async secretsOfHub(hubId: number, tx: Executor = db) {
      return tx.select().from(vpnHubUsers).where(eq(vpnHubUsers.hubId, hubId));
    },

    async secretsOf(id: number, tx: Executor = db) {
      const [row] = await tx.select().from(vpnHubUsers).where(eq(vpnHubUsers.id, id));
      return row ?? null;
    },

    /** The valid client of the hub holding this common name. */
    async byCommonName(hubId: number, commonName: string, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(vpnHubUsers)
        .where(and(eq(vpnHubUsers.hubId, hubId), eq(vpnHubUsers.commonName, commonName), valid));
      return row ?? null;
    },

    /** Fixed addresses of the hub's valid clients but one. */
    async takenIps(hubId: number, exceptId: number | null, tx: Executor = db) {
      const rows = await tx
        .select({ ip: vpnHubUsers.ip })
        .from(vpnHubUsers)
        .where(
          and(
            eq(vpnHubUsers.hubId, hubId),
            valid,
            isNotNull(vpnHubUsers.ip),
            exceptId === null ? undefined : ne(vpnHubUsers.id, exceptId),
          ),
        );
      return rows.flatMap((row) => (row.ip ? [row.ip] : []));
    },

    async insert(values: ClientValues[], tx: Executor = db) {
      if (values.length === 0) return [];
      await markHubsChanged(
        tx,
        values.map((value) => value.hubId),
      );
      const rows = await tx.insert(vpnHubUsers).values(values).returning({ id: vpnHubUsers.id });
      return rows.map((row) => row.id);
    },

    async update(id: number, values: Partial<ClientValues>, tx: Executor = db) {
      await markHubsChanged(tx, hubsOf([id], tx));
      await tx.update(vpnHubUsers).set(values).where(eq(vpnHubUsers.id, id));
    },

    /** Revokes the clients and drops the routes through them. */
    async revoke(ids: readonly number[], at: Date, tx: Executor = db) {
      if (ids.length === 0) return;
      await markHubsChanged(tx, hubsOf(ids, tx));
      await tx.delete(vpnHubRoutes).where(inArray(vpnHubRoutes.hubUserId, [...ids]));
      await tx
        .update(vpnHubUsers)
        .set({ revokedAt: at, enabled: false })
        .where(and(inArray(vpnHubUsers.id, [...ids]), valid));
    },

    /**
     * Valid clients that must go: profiles past their expiry, and devices or users deleted
     * elsewhere (their certificate must not outlive them).
     */
    async dueForRevocation(now: Date, tx: Executor = db) {
      return tx
        .select({
          id: vpnHubUsers.id,
          hubId: vpnHubUsers.hubId,
          commonName: vpnHubUsers.commonName,
        })
        .from(vpnHubUsers)
        .where(
          and(
            valid,
            or(
              and(isNotNull(vpnHubUsers.expiresAt), lte(vpnHubUsers.expiresAt, now)),
              and(eq(vpnHubUsers.type, 'device'), isNull(vpnHubUsers.deviceId)),
              and(eq(vpnHubUsers.type, 'rms_user'), isNull(vpnHubUsers.userId)),
            ),
          ),
        );
    },

    /** Valid memberships of these devices (visible ones), with their hub. */
    async ofDevices(viewer: Viewer, deviceIds: readonly number[] | null, tx: Executor = db) {
      return selectClients(tx)
        .where(
          and(
            valid,
            eq(vpnHubUsers.type, 'device'),
            isNotNull(vpnHubUsers.deviceId),
            deviceIds ? inArray(vpnHubUsers.deviceId, [...deviceIds]) : undefined,
            visibleCompaniesFilter(viewer),
          ),
        )
        .orderBy(asc(vpnHubUsers.id));
    },
  };
};

export type HubClientsRepository = ReturnType<typeof createHubClientsRepository>;
export type ClientRow = NonNullable<Awaited<ReturnType<HubClientsRepository['find']>>>;
export type ClientSecretsRow = NonNullable<Awaited<ReturnType<HubClientsRepository['secretsOf']>>>;

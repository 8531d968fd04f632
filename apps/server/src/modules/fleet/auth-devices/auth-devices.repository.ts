import type { AuthDeviceListQuery } from '@netfleet/contracts';
import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { countAll, orderByFrom, searchFilter } from '@/db/list';
import { authDevices, companies, devices, users } from '@/db/schema';
import { array } from '@/modules/fleet/device-gateway/batch-statements';
import type { RefusedAttempts } from '@/modules/fleet/device-gateway/refused-identities';

const SORTABLE = {
  serial: authDevices.serial,
  attempts: authDevices.attempts,
  first_seen_at: authDevices.firstSeenAt,
  last_seen_at: authDevices.lastSeenAt,
  approved_at: authDevices.approvedAt,
};
const SEARCHABLE = {
  serial: authDevices.serial,
  mac: authDevices.mac,
  imei: authDevices.imei,
  device_name: devices.name,
  company_name: companies.name,
};

const columns = {
  id: authDevices.id,
  approvedAt: authDevices.approvedAt,
  serial: authDevices.serial,
  mac: authDevices.mac,
  imei: authDevices.imei,
  model: authDevices.model,
  firmware: authDevices.firmware,
  ip: authDevices.ip,
  attempts: authDevices.attempts,
  firstSeenAt: authDevices.firstSeenAt,
  lastSeenAt: authDevices.lastSeenAt,
  claimSecretHash: authDevices.claimSecretHash,
  previousMac: authDevices.previousMac,
  previousImei: authDevices.previousImei,
  approvedBy: users.email,
  deviceId: devices.id,
  deviceName: devices.name,
  deviceMac: devices.mac,
  deviceImei: devices.imei,
  deviceSeries: devices.deviceSeries,
  companyId: companies.id,
  companyName: companies.name,
};

export const createAuthDevicesRepository = (db: Database) => {
  /** Rows with their registered device, its company and the approver (callers add the scope). */
  const joined = (tx: Executor) =>
    tx
      .select(columns)
      .from(authDevices)
      .innerJoin(devices, eq(devices.id, authDevices.deviceId))
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .leftJoin(users, eq(users.id, authDevices.approvedBy))
      .$dynamic();

  return {
    /**
     * A gateway flush's refused attempts in ONE statement: a known identity adds its attempts and
     * takes the last attempt's claim, model and address; attempts on deleted devices are dropped.
     */
    async record(attempts: readonly RefusedAttempts[], tx: Executor = db) {
      if (attempts.length === 0) return;
      const column = (type: string, pick: (entry: RefusedAttempts) => unknown) =>
        array(type, attempts.map(pick));
      await tx.execute(sql`
        insert into auth_devices (device_id, serial, mac, imei, identity, model, firmware, ip,
          claim_secret_hash, attempts, first_seen_at, last_seen_at)
        select u.device_id, u.serial, u.mac, u.imei, coalesce(u.mac, u.imei, ''), u.model,
          u.firmware, u.ip, u.claim, u.attempts, u.first_at, u.last_at
        from unnest(
          ${column('int', (e) => e.deviceId)},
          ${column('varchar', (e) => e.serial)},
          ${column('varchar', (e) => e.mac)},
          ${column('varchar', (e) => e.imei)},
          ${column('varchar', (e) => e.model)},
          ${column('varchar', (e) => e.firmware)},
          ${column('text', (e) => e.ip)},
          ${column('text', (e) => e.claimSecretHash)},
          ${column('int', (e) => e.attempts)},
          ${column('timestamptz', (e) => e.firstAt.toISOString())},
          ${column('timestamptz', (e) => e.at.toISOString())}
        ) as u(device_id, serial, mac, imei, model, firmware, ip, claim, attempts, first_at, last_at)
        where exists (select 1 from devices d where d.id = u.device_id)
        on conflict (device_id, identity) where approved_at is null do update set
          attempts = auth_devices.attempts + excluded.attempts,
          first_seen_at = least(auth_devices.first_seen_at, excluded.first_seen_at),
          last_seen_at = greatest(auth_devices.last_seen_at, excluded.last_seen_at),
          model = excluded.model,
          firmware = excluded.firmware,
          ip = excluded.ip,
          claim_secret_hash = excluded.claim_secret_hash`);
    },

    async list(viewer: Viewer, query: AuthDeviceListQuery, tx: Executor = db) {
      const filters: (SQL | undefined)[] = [
        query.status === 'approved'
          ? isNotNull(authDevices.approvedAt)
          : isNull(authDevices.approvedAt),
      ];
      if (query.q) filters.push(searchFilter(query.q, query['search-fields'], SEARCHABLE));
      if (query.id?.length) filters.push(sql`${authDevices.id} = any(${array('int', query.id)})`);
      const fallback =
        query.status === 'approved' ? desc(authDevices.approvedAt) : desc(authDevices.lastSeenAt);
      const orderBy = [...orderByFrom(query.sort, SORTABLE, [fallback]), desc(authDevices.id)];
      const where = and(visibleCompaniesFilter(viewer), ...filters);
      const rows = await joined(tx)
        .where(where)
        .orderBy(...orderBy)
        .limit(query.limit)
        .offset(query.offset);
      const [count] = await tx
        .select({ total: countAll })
        .from(authDevices)
        .innerJoin(devices, eq(devices.id, authDevices.deviceId))
        .innerJoin(companies, eq(companies.id, devices.companyId))
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },

    /** One row the viewer may see; `forUpdate` locks it against a second decision meanwhile. */
    async find(viewer: Viewer, id: number, tx: Executor = db, forUpdate = false) {
      const query = joined(tx).where(and(visibleCompaniesFilter(viewer), eq(authDevices.id, id)));
      const [row] = await (forUpdate ? query.for('update', { of: authDevices }) : query);
      return row ?? null;
    },

    /**
     * The registered device takes the approved identity and claim and must enrol again (its
     * credential is gone); the row becomes the record of the approval.
     */
    async approve(
      row: { id: number; deviceId: number; mac: string | null; imei: string | null },
      identity: { mac: string | null; imei: string | null; claimSecretHash: string },
      by: { userId: number; at: Date },
      tx: Executor = db,
    ) {
      const [before] = await tx
        .select({ mac: devices.mac, imei: devices.imei, companyId: devices.companyId })
        .from(devices)
        .where(eq(devices.id, row.deviceId))
        .for('update');
      await tx
        .update(devices)
        .set({
          ...identity,
          credentialHash: null,
          enrolledAt: null,
          status: 2,
        })
        .where(eq(devices.id, row.deviceId));
      await tx
        .update(authDevices)
        .set({
          approvedAt: by.at,
          approvedBy: by.userId,
          previousMac: before?.mac ?? null,
          previousImei: before?.imei ?? null,
        })
        .where(eq(authDevices.id, row.id));
      return before ?? null;
    },

    async remove(id: number, tx: Executor = db) {
      await tx.delete(authDevices).where(eq(authDevices.id, id));
    },
  };
};

export type AuthDevicesRepository = ReturnType<typeof createAuthDevicesRepository>;
export type AuthDeviceRow = NonNullable<Awaited<ReturnType<AuthDevicesRepository['find']>>>;

import type { DeviceCapabilities } from '@netfleet/contracts';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type Database, type Executor, pgliteOf } from '@/db/client';
import { creditActive } from '@/db/device-credit-state';
import { companies, deviceCredits, devices } from '@/db/schema';
import {
  addUsage,
  array,
  COPY_READINGS,
  copyText,
  insertReadings,
  updateLatest,
} from './batch-statements';
import { replaceWireless } from './wireless-latest';
import type { LatestValues } from './latest-reading';

const periodColumns = {
  dynamicMonitoring: devices.dynamicMonitoring,
  staticMonitoring: devices.staticMonitoring,
  hotspotMonitoring: devices.hotspotMonitoring,
  gpsMonitoring: devices.gpsMonitoring,
  ioMonitoring: devices.ioMonitoring,
  wirelessMonitoring: devices.wirelessMonitoring,
  ddnsMonitoring: devices.ddnsMonitoring,
  vpnMonitoring: devices.vpnMonitoring,
};

export interface ConnectionLogEntry {
  deviceId: number;
  code: number;
  reason: string | null;
  ip: string | null;
  at: Date;
}

export interface LivenessRow {
  deviceId: number;
  /** 1 online, 0 offline, null: only seen (telemetry), status unchanged. */
  status: 0 | 1 | null;
  seenAt: Date;
  connectedAt: Date | null;
}

export interface TelemetryRow {
  deviceId: number;
  category: number;
  ts: Date;
  receivedAt: Date;
  /** The reading's data as JSON text. */
  json: string;
}

export interface LatestRow {
  deviceId: number;
  /** Column name → value, only for the columns the readings carried; `info` is merged. */
  values: LatestValues;
  at: Date;
}

export interface UsageRow {
  deviceId: number;
  day: string;
  modem: number;
  sim: number;
  rx: number;
  tx: number;
}

export interface EnrolmentCandidate {
  id: number;
  serial: string;
  mac: string | null;
  imei: string | null;
  deviceSeries: (typeof devices.$inferSelect)['deviceSeries'];
  /** Has its credential; otherwise pending with `claimSecretHash`. */
  enrolled: boolean;
  /**
   * Kept after enrolment until the device first connects with its credential (it may ask again
   * meanwhile); on an enrolled device it means exactly that the device has not connected since.
   */
  claimSecretHash: string | null;
}

/** Device id → company id of the rows a batch UPDATE wrote (its RETURNING). */
export type WrittenDevices = ReadonlyMap<number, number>;

/** PGlite and node-postgres both answer { rows }; the generic driver type does not say so. */
const writtenDevices = (result: unknown): WrittenDevices =>
  new Map(
    (result as { rows: { id: number; company_id: number }[] }).rows.map((row) => [
      row.id,
      row.company_id,
    ]),
  );

export const createGatewayRepository = (db: Database) => ({
  /**
   * Every device holding one of these serials, enrolled or pending (one company's pending device
   * per serial and company; one enrolled device per serial).
   */
  async enrolmentCandidates(serials: string[], tx: Executor = db): Promise<EnrolmentCandidate[]> {
    if (serials.length === 0) return [];
    return tx
      .select({
        id: devices.id,
        serial: devices.serial,
        mac: devices.mac,
        imei: devices.imei,
        deviceSeries: devices.deviceSeries,
        enrolled: sql<boolean>`${devices.credentialHash} is not null`,
        claimSecretHash: devices.claimSecretHash,
      })
      .from(devices)
      .where(sql`${devices.serial} = any(${array('varchar', serials)})`);
  },

  /**
   * Enrols devices in one UPDATE: pending ones, and enrolled ones asking again with the same claim
   * secret before they ever connected. Answers device id → company of those written (a device
   * whose claim changed meanwhile is left out).
   */
  async completeEnrolments(
    entries: {
      id: number;
      claimSecretHash: string;
      credentialHash: string;
      model: string;
      firmware: string;
      capabilities: DeviceCapabilities;
    }[],
    at: Date,
    tx: Executor = db,
  ): Promise<WrittenDevices> {
    if (entries.length === 0) return new Map();
    const column = <T>(type: string, pick: (entry: (typeof entries)[number]) => T) =>
      array(type, entries.map(pick));
    const result = await tx.execute(sql`
      update devices d set
        credential_hash = u.credential_hash,
        model = u.model,
        firmware = u.firmware,
        capabilities = u.capabilities,
        enrolled_at = ${at.toISOString()}::timestamptz,
        status = 0
      from unnest(
        ${column('int', (e) => e.id)},
        ${column('text', (e) => e.claimSecretHash)},
        ${column('text', (e) => e.credentialHash)},
        ${column('varchar', (e) => e.model)},
        ${column('varchar', (e) => e.firmware)},
        ${column('jsonb', (e) => JSON.stringify(e.capabilities))}
      ) as u(id, claim_secret_hash, credential_hash, model, firmware, capabilities)
      where d.id = u.id and d.claim_secret_hash = u.claim_secret_hash
      returning d.id, d.company_id`);
    return writtenDevices(result);
  },

  async credentialHash(deviceId: number, tx: Executor = db) {
    const [row] = await tx
      .select({ hash: devices.credentialHash })
      .from(devices)
      .where(eq(devices.id, deviceId));
    return row?.hash ?? null;
  },

  /** Device id → credential hash of those enrolled (a fleet reconnecting logs in together). */
  async credentialHashes(deviceIds: number[], tx: Executor = db) {
    if (deviceIds.length === 0) return new Map<number, string>();
    const rows = await tx
      .select({ id: devices.id, hash: devices.credentialHash })
      .from(devices)
      .where(
        and(
          sql`${devices.id} = any(${array('int', deviceIds)})`,
          isNotNull(devices.credentialHash),
        ),
      );
    return new Map(rows.map((row) => [row.id, row.hash ?? '']));
  },

  /** What hellos need: the identity to compare and the periods to push, of those enrolled. */
  async findEnrolledMany(deviceIds: number[], tx: Executor = db) {
    if (deviceIds.length === 0) return [];
    return tx
      .select({
        id: devices.id,
        model: devices.model,
        firmware: devices.firmware,
        ...periodColumns,
      })
      .from(devices)
      .where(and(inArray(devices.id, deviceIds), isNotNull(devices.credentialHash)));
  },

  async updateIdentity(
    deviceId: number,
    values: { model: string; firmware: string; capabilities: DeviceCapabilities },
    tx: Executor = db,
  ) {
    await tx.update(devices).set(values).where(eq(devices.id, deviceId));
  },

  /**
   * Every device offline: with the embedded broker nobody is connected when the server starts,
   * whatever a crash left in the table.
   */
  async markAllOffline(tx: Executor = db) {
    await tx.update(devices).set({ status: 0 }).where(eq(devices.status, 1));
  },

  /**
   * For the connection codes of devices that just came online: previous status, periods, and
   * whether the device lacks the active management credit its paid company requires.
   */
  async connectionContext(ids: number[], tx: Executor = db) {
    if (ids.length === 0) return [];
    return tx
      .select({
        id: devices.id,
        status: devices.status,
        lastConnectionAt: devices.lastConnectionAt,
        ...periodColumns,
        creditMissing: sql<boolean>`coalesce((select ${companies.paymentType} = 'paid' from ${companies} where ${companies.id} = ${devices.companyId}), false)
          and not exists (select 1 from ${deviceCredits} where ${deviceCredits.deviceId} = ${devices.id} and ${creditActive()})`,
      })
      .from(devices)
      .where(sql`${devices.id} = any(${array('int', ids)})`);
  },

  /** One INSERT for the batch; entries of devices deleted meanwhile are skipped. */
  async insertLogs(entries: ConnectionLogEntry[], tx: Executor = db) {
    if (entries.length === 0) return;
    const ids = array(
      'int',
      entries.map((e) => e.deviceId),
    );
    const codes = array(
      'smallint',
      entries.map((e) => e.code),
    );
    const reasons = array(
      'text',
      entries.map((e) => e.reason),
    );
    const ips = array(
      'text',
      entries.map((e) => e.ip),
    );
    const ats = array(
      'timestamptz',
      entries.map((e) => e.at.toISOString()),
    );
    await tx.execute(sql`
      insert into device_logs (device_id, code, reason, ip, created_at)
      select u.device_id, u.code, u.reason, u.ip, u.created_at
      from unnest(${ids}, ${codes}, ${reasons}, ${ips}, ${ats}) with ordinality
        as u(device_id, code, reason, ip, created_at, n)
      where exists (select 1 from devices d where d.id = u.device_id)
      -- Ids follow the entries' order: a plan that hashes the devices check would shuffle them.
      order by u.n`);
  },

  /**
   * Status and last-seen of every device that changed since the last flush, in ONE UPDATE;
   * answers the company of each device written (for the live device channels).
   */
  async applyLiveness(rows: LivenessRow[], tx: Executor = db): Promise<WrittenDevices> {
    if (rows.length === 0) return new Map();
    const ids = array(
      'int',
      rows.map((r) => r.deviceId),
    );
    const statuses = array(
      'smallint',
      rows.map((r) => r.status),
    );
    const seen = array(
      'timestamptz',
      rows.map((r) => r.seenAt.toISOString()),
    );
    const connected = array(
      'timestamptz',
      rows.map((r) => r.connectedAt?.toISOString() ?? null),
    );
    const result = await tx.execute(sql`
      update devices d set
        status = coalesce(u.status, d.status),
        last_seen_at = greatest(d.last_seen_at, u.seen_at),
        last_connection_at = coalesce(u.connected_at, d.last_connection_at),
        -- Spent once the device connected with the credential it traded it for.
        claim_secret_hash = case when u.connected_at is null then d.claim_secret_hash end
      from unnest(${ids}, ${statuses}, ${seen}, ${connected}) as u(id, status, seen_at, connected_at)
      where d.id = u.id and d.credential_hash is not null
      returning d.id, d.company_id`);
    return writtenDevices(result);
  },

  /**
   * One slice of readings. PGlite takes them as COPY text, which skips the devices check: the
   * embedded broker admits only enrolled devices, and the readings of a device deleted meanwhile
   * age out with their partition like its earlier ones.
   */
  async insertReadings(rows: TelemetryRow[], tx: Executor = db) {
    if (rows.length === 0) return;
    const pglite = tx === db ? pgliteOf(db) : null;
    if (pglite) await pglite.query(COPY_READINGS, [], { blob: new Blob([copyText(rows)]) });
    else await tx.execute(insertReadings(rows));
  },

  /**
   * The latest-reading columns and the latest Wi-Fi and hotspot rows (device_wireless) of a slice
   * of devices, together; answers the company of each device written.
   */
  async storeLatest(latest: LatestRow[], tx: Database = db): Promise<WrittenDevices> {
    if (latest.length === 0) return new Map();
    return tx.transaction(async (t) => {
      const written = writtenDevices(await t.execute(updateLatest(latest)));
      const wireless = replaceWireless(latest);
      if (wireless) await t.execute(wireless);
      return written;
    });
  },

  /** Data-usage deltas, summed per (device, day, modem, SIM). */
  async addUsage(usage: UsageRow[], tx: Executor = db) {
    if (usage.length > 0) await tx.execute(addUsage(usage));
  },

  /** The daily partitions of device_telemetry (names device_telemetry_YYYYMMDD). */
  async telemetryPartitions(tx: Executor = db): Promise<string[]> {
    // PGlite and node-postgres both answer { rows }; the generic driver type does not say so.
    const result = (await tx.execute(sql`
      select c.relname as name
      from pg_inherits i
      join pg_class c on c.oid = i.inhrelid
      join pg_class p on p.oid = i.inhparent
      where p.relname = 'device_telemetry'`)) as { rows: { name: string }[] };
    return result.rows.map((row) => row.name);
  },

  /** `day` is YYYY-MM-DD; the name is built from digits only. */
  async createTelemetryPartition(day: string, next: string, tx: Executor = db) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{4}-\d{2}-\d{2}$/.test(next)) {
      throw new Error(`not a day: ${day}, ${next}`);
    }
    const name = `device_telemetry_${day.replaceAll('-', '')}`;
    await tx.execute(
      sql`create table if not exists ${sql.identifier(name)} partition of device_telemetry for values from (${sql.raw(`'${day}'`)}) to (${sql.raw(`'${next}'`)})`,
    );
  },

  async dropTelemetryPartition(name: string, tx: Executor = db) {
    await tx.execute(sql`drop table if exists ${sql.identifier(name)}`);
  },

  /**
   * Planner statistics of the tables the lists filter and search. PGlite runs no autovacuum, so
   * without this an embedded install plans every list with no statistics at all (the bench's
   * broad device search at 100k: ~50 ms without statistics for device_search, 14 ms with them).
   * PostgreSQL's autovacuum keeps them, except for companies: a table of a few dozen rows stays
   * below its threshold of 50 changes, and unanalyzed it is planned as one company, which turned
   * the task logs' deep page into a sort of every row (546 ms against 33 ms at 100k rows).
   * Answers whether it analyzed the lists' tables.
   */
  async refreshStatistics(tx: Executor = db): Promise<boolean> {
    if (!pgliteOf(db)) {
      await tx.execute(sql`analyze companies`);
      return false;
    }
    await tx.execute(
      sql`analyze devices, device_search, device_jobs, device_wireless, device_logs, companies,
        task_runs, task_group_logs, task_logs`,
    );
    return true;
  },

  /** Per-company online/total counts at a 5-minute slot; a second instance's sample is a no-op. */
  async sampleOnline(at: Date, tx: Executor = db) {
    await tx.execute(sql`
      insert into device_online_samples (company_id, at, online, total)
      select company_id, ${at.toISOString()}::timestamptz,
        (count(*) filter (where status = 1))::int, count(*)::int
      from devices group by company_id
      on conflict do nothing`);
  },
});

export type GatewayRepository = ReturnType<typeof createGatewayRepository>;

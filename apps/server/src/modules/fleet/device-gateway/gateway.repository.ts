import type { DeviceCapabilities } from '@netfleet/contracts';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { devices } from '@/db/schema';
import { addUsage, array, insertReadings, updateLatest } from './batch-statements';
import { replaceWireless } from './wireless-latest';

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
  data: unknown;
}

export interface LatestRow {
  deviceId: number;
  /** Column name → value, only for the columns the readings carried; `info` is merged. */
  values: Record<string, unknown>;
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
  /** The enrolled device holding a serial, if any (the unique index allows one). */
  async findEnrolledBySerial(serial: string, tx: Executor = db) {
    const [row] = await tx
      .select({ id: devices.id, mac: devices.mac, imei: devices.imei })
      .from(devices)
      .where(and(eq(devices.serial, serial), isNotNull(devices.credentialHash)))
      .limit(1);
    return row ?? null;
  },

  /** The device waiting for this serial and claim secret, if any. */
  async findPending(serial: string, claimSecretHash: string, tx: Executor = db) {
    const [row] = await tx
      .select({
        id: devices.id,
        mac: devices.mac,
        imei: devices.imei,
        deviceSeries: devices.deviceSeries,
      })
      .from(devices)
      .where(
        and(
          eq(devices.serial, serial),
          eq(devices.claimSecretHash, claimSecretHash),
          isNull(devices.credentialHash),
        ),
      )
      .limit(1);
    return row ?? null;
  },

  /** The device's company, or null when another enrolment of the same device won the race. */
  async completeEnrolment(
    id: number,
    values: {
      credentialHash: string;
      model: string;
      firmware: string;
      capabilities: DeviceCapabilities;
      at: Date;
    },
    tx: Executor = db,
  ) {
    const rows = await tx
      .update(devices)
      .set({
        credentialHash: values.credentialHash,
        claimSecretHash: null,
        model: values.model,
        firmware: values.firmware,
        capabilities: values.capabilities,
        enrolledAt: values.at,
        status: 0,
      })
      .where(and(eq(devices.id, id), isNull(devices.credentialHash)))
      .returning({ companyId: devices.companyId });
    return rows[0]?.companyId ?? null;
  },

  async credentialHash(deviceId: number, tx: Executor = db) {
    const [row] = await tx
      .select({ hash: devices.credentialHash })
      .from(devices)
      .where(eq(devices.id, deviceId));
    return row?.hash ?? null;
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

  /** For the connection codes of devices that just came online: previous status and periods. */
  async connectionContext(ids: number[], tx: Executor = db) {
    if (ids.length === 0) return [];
    return tx
      .select({
        id: devices.id,
        status: devices.status,
        lastConnectionAt: devices.lastConnectionAt,
        ...periodColumns,
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
      from unnest(${ids}, ${codes}, ${reasons}, ${ips}, ${ats})
        as u(device_id, code, reason, ip, created_at)
      where exists (select 1 from devices d where d.id = u.device_id)`);
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
        last_connection_at = coalesce(u.connected_at, d.last_connection_at)
      from unnest(${ids}, ${statuses}, ${seen}, ${connected}) as u(id, status, seen_at, connected_at)
      where d.id = u.id and d.credential_hash is not null
      returning d.id, d.company_id`);
    return writtenDevices(result);
  },

  /**
   * The readings, the latest-reading columns, the data-usage counters and the latest Wi-Fi and
   * hotspot rows (device_wireless) of one flush, each in one statement, together: a failed flush
   * is retried whole, so nothing is counted twice.
   * Answers the company of each device whose latest readings were written.
   */
  async storeTelemetry(
    batch: { rows: TelemetryRow[]; latest: LatestRow[]; usage: UsageRow[] },
    tx: Database = db,
  ): Promise<WrittenDevices> {
    const { rows, latest, usage } = batch;
    return tx.transaction(async (t) => {
      if (rows.length > 0) await t.execute(insertReadings(rows));
      const written =
        latest.length > 0
          ? writtenDevices(await t.execute(updateLatest(latest)))
          : new Map<number, number>();
      if (usage.length > 0) await t.execute(addUsage(usage));
      const wireless = replaceWireless(latest);
      if (wireless) await t.execute(wireless);
      return written;
    });
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

import {
  OPEN_DEVICE_JOB_STATES,
  type DeviceActionLogsQuery,
  type PendingUpdatesQuery,
} from '@netfleet/contracts';
import { type AnyColumn, and, asc, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { countAll } from '@/db/list';
import { companies, deviceJobs, deviceTags, devices, type DeviceJobStatus } from '@/db/schema';

const OPEN = [...OPEN_DEVICE_JOB_STATES];

const jobColumns = {
  id: deviceJobs.id,
  deviceId: deviceJobs.deviceId,
  deviceName: devices.name,
  deviceSerial: devices.serial,
  userId: deviceJobs.userId,
  channel: deviceJobs.channel,
  type: deviceJobs.type,
  args: deviceJobs.args,
  status: deviceJobs.status,
  progress: deviceJobs.progress,
  message: deviceJobs.message,
  result: deviceJobs.result,
  expiresAt: deviceJobs.expiresAt,
  sentAt: deviceJobs.sentAt,
  finishedAt: deviceJobs.finishedAt,
  createdAt: deviceJobs.createdAt,
};
export interface NewJob {
  deviceId: number;
  userId: number | null;
  /** Null for a request answered in its own response (a read that waits for the device). */
  channel: string | null;
  type: string;
  args: Record<string, unknown>;
  expiresAt: Date;
}

/** What a finished or advanced job reports to its channel. */
export type MovedJob = Pick<
  typeof deviceJobs.$inferSelect,
  'id' | 'deviceId' | 'channel' | 'type' | 'status' | 'message'
>;

/** The columns a move may set; an absent key keeps the row's value. */
export interface JobValues {
  progress?: { value: number; total: number } | null;
  message?: string | null;
  result?: string | null;
  finishedAt?: Date;
}

/** One job's move for applyChanges: to `status`, only from one of `from`, only on `deviceId`. */
export interface JobChange {
  id: number;
  deviceId: number;
  status: DeviceJobStatus;
  from: readonly DeviceJobStatus[];
  values: JobValues;
}

/** `case when c.v ? 'key' then <new> else <column> end`: only the keys a change carries are set. */
const carried = (key: keyof JobValues, value: SQL, column: SQL | AnyColumn) =>
  sql`case when c.v->'values' ? ${key} then ${value} else ${column} end`;

const moved = {
  id: deviceJobs.id,
  deviceId: deviceJobs.deviceId,
  channel: deviceJobs.channel,
  type: deviceJobs.type,
  status: deviceJobs.status,
  message: deviceJobs.message,
};

/**
 * A job's args may carry a secret the device needs (a hotspot user's password): kept until the job
 * ends, so a reconnecting device can still get it, and dropped from the row when it ends. VPN
 * profiles are made at each send (job-args.ts); `profile` is dropped for rows queued before that.
 */
const argsOnMove = (status: SQL) =>
  sql`case when ${status} in ('completed', 'failed', 'cancelled', 'timeout') then ${deviceJobs.args} - 'password' - 'profile' else ${deviceJobs.args} end`;

export const createDeviceJobsRepository = (db: Database) => {
  const selectJobs = (tx: Executor) =>
    tx
      .select(jobColumns)
      .from(deviceJobs)
      .innerJoin(devices, eq(devices.id, deviceJobs.deviceId))
      .innerJoin(companies, eq(companies.id, devices.companyId));

  return {
    /** The ids among `ids` of devices the viewer sees, with what firmware and periods need. */
    async visibleDevices(viewer: Viewer, ids: readonly number[], tx: Executor = db) {
      if (ids.length === 0) return [];
      return tx
        .select({
          id: devices.id,
          companyId: devices.companyId,
          companyPath: companies.path,
          capabilities: devices.capabilities,
        })
        .from(devices)
        .innerJoin(companies, eq(companies.id, devices.companyId))
        .where(and(inArray(devices.id, [...ids]), visibleCompaniesFilter(viewer)));
    },

    /**
     * The jobs as one json document expanded server-side: a bulk action inserts 1000 of them, and
     * a VALUES list of every column for each took the embedded database ~100 ms of parameters.
     */
    async insert(jobs: NewJob[], tx: Executor = db): Promise<{ id: number; deviceId: number }[]> {
      if (jobs.length === 0) return [];
      const batch = JSON.stringify(
        jobs.map((job) => ({
          device_id: job.deviceId,
          user_id: job.userId,
          channel: job.channel,
          type: job.type,
          args: job.args,
          expires_at: job.expiresAt.toISOString(),
        })),
      );
      const result = await tx.execute(sql`
        insert into device_jobs (device_id, user_id, channel, type, args, expires_at)
        select u.device_id, u.user_id, u.channel, u.type, u.args, u.expires_at
        from rows from (json_to_recordset(${batch}::json) as (device_id int, user_id int,
          channel text, type varchar(32), args jsonb, expires_at timestamptz))
          with ordinality as u(device_id, user_id, channel, type, args, expires_at, n)
        order by u.n
        returning id, device_id`);
      // PGlite and node-postgres both answer { rows }; bigint ids come as strings from the latter.
      const { rows } = result as unknown as { rows: { id: number | string; device_id: number }[] };
      // Ids follow the input's order, so the answer does too: several jobs of one device (a hub
      // zone's sync, then an apply per hub) map back by position.
      return rows
        .map((row) => ({ id: Number(row.id), deviceId: row.device_id }))
        .sort((a, b) => a.id - b.id);
    },

    /**
     * Those of `ids` the shared database holds online. With several instances on one broker an
     * instance hears from only some devices (shared subscriptions), so its own view misses others.
     */
    async onlineAmong(ids: readonly number[], tx: Executor = db) {
      if (ids.length === 0) return [];
      const rows = await tx
        .select({ id: devices.id })
        .from(devices)
        .where(and(inArray(devices.id, [...ids]), eq(devices.status, 1)));
      return rows.map((row) => row.id);
    },

    /** Queued → sent; a job the device already acknowledged keeps its newer status. */
    async markSent(ids: number[], at: Date, tx: Executor = db) {
      if (ids.length === 0) return;
      await tx
        .update(deviceJobs)
        .set({ status: 'sent', sentAt: at })
        .where(and(inArray(deviceJobs.id, ids), eq(deviceJobs.status, 'queued')));
    },

    /** The devices' jobs that may still run, oldest first, for delivery on (re)connect. */
    async openForDevices(deviceIds: number[], at: Date, tx: Executor = db) {
      if (deviceIds.length === 0) return [];
      return tx
        .select({
          deviceId: deviceJobs.deviceId,
          id: deviceJobs.id,
          type: deviceJobs.type,
          args: deviceJobs.args,
          expiresAt: deviceJobs.expiresAt,
        })
        .from(deviceJobs)
        .where(
          and(
            inArray(deviceJobs.deviceId, deviceIds),
            inArray(deviceJobs.status, OPEN),
            sql`${deviceJobs.expiresAt} > ${at}`,
          ),
        )
        .orderBy(asc(deviceJobs.id));
    },

    /**
     * Moves the device's open jobs `ids` to `status` (with `values`), and returns those it moved:
     * a job already finished, or another device's, is left alone and reports nothing.
     */
    async advance(
      deviceId: number,
      ids: number[],
      status: DeviceJobStatus,
      values: JobValues = {},
      from: readonly DeviceJobStatus[] = OPEN,
      tx: Executor = db,
    ): Promise<MovedJob[]> {
      if (ids.length === 0) return [];
      return tx
        .update(deviceJobs)
        .set({ status, ...values, args: argsOnMove(sql`${status}`) })
        .where(
          and(
            eq(deviceJobs.deviceId, deviceId),
            inArray(deviceJobs.id, ids),
            inArray(deviceJobs.status, [...from]),
          ),
        )
        .returning(moved);
    },

    /**
     * advance for many jobs in one statement: each change is guarded like advance (its device, its
     * `from` states) and returned when it moved. The changes travel as one jsonb parameter; a job
     * appears at most once, since an UPDATE ... FROM applies only one source row per target row.
     */
    async applyChanges(changes: readonly JobChange[], tx: Executor = db): Promise<MovedJob[]> {
      if (changes.length === 0) return [];
      const value = (key: string) => sql`c.v->'values'->>${key}`;
      return tx
        .update(deviceJobs)
        .set({
          status: sql`c.v->>'status'`,
          args: argsOnMove(sql`c.v->>'status'`),
          progress: carried(
            'progress',
            sql`nullif(c.v->'values'->'progress', 'null'::jsonb)`,
            deviceJobs.progress,
          ),
          message: carried('message', value('message'), deviceJobs.message),
          result: carried('result', value('result'), deviceJobs.result),
          finishedAt: carried(
            'finishedAt',
            sql`(${value('finishedAt')})::timestamptz`,
            deviceJobs.finishedAt,
          ),
        })
        .from(sql`jsonb_array_elements(${JSON.stringify(changes)}::jsonb) as c(v)`)
        .where(
          and(
            sql`${deviceJobs.id} = (c.v->>'id')::bigint`,
            sql`${deviceJobs.deviceId} = (c.v->>'deviceId')::int`,
            sql`c.v->'from' ? ${deviceJobs.status}`,
          ),
        )
        .returning(moved);
    },

    /**
     * Marks up to `limit` expired open jobs timed out, in one statement whose row locks are taken
     * with SKIP LOCKED: two instances sweeping together never report a job twice.
     */
    async timeOutExpired(at: Date, limit: number, tx: Executor = db): Promise<MovedJob[]> {
      const due = tx
        .select({ id: deviceJobs.id })
        .from(deviceJobs)
        .where(and(inArray(deviceJobs.status, OPEN), lte(deviceJobs.expiresAt, at)))
        .limit(limit)
        .for('update', { skipLocked: true });
      return tx
        .update(deviceJobs)
        .set({
          status: 'timeout',
          finishedAt: at,
          message: 'The job expired before it finished',
          args: argsOnMove(sql`'timeout'`),
        })
        .where(and(inArray(deviceJobs.id, due), inArray(deviceJobs.status, OPEN)))
        .returning(moved);
    },

    /** Where a job stands, and its answer once it has one (device-requests.ts polls it). */
    async state(deviceId: number, id: number, tx: Executor = db) {
      const [row] = await tx
        .select({
          status: deviceJobs.status,
          message: deviceJobs.message,
          result: deviceJobs.result,
        })
        .from(deviceJobs)
        .where(and(eq(deviceJobs.id, id), eq(deviceJobs.deviceId, deviceId)));
      return row ?? null;
    },

    /** One job of a device the viewer sees. */
    async find(viewer: Viewer, deviceId: number, jobId: number, tx: Executor = db) {
      const [row] = await selectJobs(tx).where(
        and(
          eq(deviceJobs.id, jobId),
          eq(deviceJobs.deviceId, deviceId),
          visibleCompaniesFilter(viewer),
        ),
      );
      return row ?? null;
    },

    /**
     * The device's open job of `type` whose args carry `nonce` (a device's upload link names
     * it), with what a file made from it needs of the device.
     */
    async openJobWithNonce(deviceId: number, type: string, nonce: string, tx: Executor = db) {
      const [row] = await tx
        .select({
          id: deviceJobs.id,
          userId: deviceJobs.userId,
          args: deviceJobs.args,
          companyId: devices.companyId,
          deviceName: devices.name,
          serial: devices.serial,
          model: devices.model,
        })
        .from(deviceJobs)
        .innerJoin(devices, eq(devices.id, deviceJobs.deviceId))
        .where(
          and(
            eq(deviceJobs.deviceId, deviceId),
            eq(deviceJobs.type, type),
            sql`${deviceJobs.args}->>'nonce' = ${nonce}`,
            inArray(deviceJobs.status, OPEN),
          ),
        );
      return row ?? null;
    },

    /** The open jobs of `types` on the viewer's devices among `deviceIds`. */
    async openOfType(
      viewer: Viewer,
      deviceIds: number[],
      types: readonly string[],
      tx: Executor = db,
    ) {
      if (deviceIds.length === 0) return [];
      return selectJobs(tx).where(
        and(
          inArray(deviceJobs.deviceId, deviceIds),
          inArray(deviceJobs.type, [...types]),
          inArray(deviceJobs.status, OPEN),
          visibleCompaniesFilter(viewer),
        ),
      );
    },

    /**
     * The viewer's jobs among `jobIds` and/or on `deviceIds` (at least one list is given), in
     * any state when jobs are named, else only the open ones.
     */
    async jobsOf(
      viewer: Viewer,
      { deviceIds, jobIds }: { deviceIds?: readonly number[]; jobIds?: readonly number[] },
      tx: Executor = db,
    ) {
      return selectJobs(tx).where(
        and(
          deviceIds ? inArray(deviceJobs.deviceId, [...deviceIds]) : undefined,
          jobIds ? inArray(deviceJobs.id, [...jobIds]) : inArray(deviceJobs.status, OPEN),
          visibleCompaniesFilter(viewer),
        ),
      );
    },

    /** Job history of the viewer's devices, newest first. */
    async list(viewer: Viewer, query: DeviceActionLogsQuery, tx: Executor = db) {
      const filters: (SQL | undefined)[] = [visibleCompaniesFilter(viewer)];
      if (query.device_id) filters.push(eq(deviceJobs.deviceId, query.device_id));
      if (query.id?.length) filters.push(inArray(deviceJobs.id, query.id));
      if (query.tag_id) {
        const tagged = tx
          .select({ id: deviceTags.deviceId })
          .from(deviceTags)
          .where(eq(deviceTags.tagId, query.tag_id));
        filters.push(inArray(deviceJobs.deviceId, tagged));
      }
      return page(tx, and(...filters), query);
    },

    /** Open firmware and backup restore jobs of the viewer's devices (of one with device_id). */
    async pendingUpdates(viewer: Viewer, query: PendingUpdatesQuery, tx: Executor = db) {
      const where = and(
        visibleCompaniesFilter(viewer),
        inArray(
          deviceJobs.type,
          query.job_type === 2
            ? ['backup_restore']
            : query.job_type === 1
              ? ['firmware_update']
              : ['firmware_update', 'backup_restore'],
        ),
        inArray(deviceJobs.status, OPEN),
        query.device_id ? eq(deviceJobs.deviceId, query.device_id) : undefined,
      );
      return page(tx, where, query);
    },
  };

  async function page(
    tx: Executor,
    where: SQL | undefined,
    query: { limit: number; offset: number },
  ) {
    const rows = await selectJobs(tx)
      .where(where)
      .orderBy(desc(deviceJobs.id))
      .limit(query.limit)
      .offset(query.offset);
    const [count] = await tx
      .select({ total: countAll })
      .from(deviceJobs)
      .innerJoin(devices, eq(devices.id, deviceJobs.deviceId))
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .where(where);
    return { rows, total: count?.total ?? 0 };
  }
};

export type DeviceJobsRepository = ReturnType<typeof createDeviceJobsRepository>;

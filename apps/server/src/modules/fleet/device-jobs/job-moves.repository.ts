import { OPEN_DEVICE_JOB_STATES } from '@netfleet/contracts';
import { type AnyColumn, and, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { deviceJobs, type DeviceJobStatus } from '@/db/schema';

const OPEN = [...OPEN_DEVICE_JOB_STATES];

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

/**
 * A job's status as it moves (device answers, cancels, expiry) and where it stands: every move is
 * guarded by the states it may leave, so a finished job never moves again.
 */
export const createJobMovesRepository = (db: Database) => ({
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
});

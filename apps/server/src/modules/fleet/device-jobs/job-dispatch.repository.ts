import { OPEN_DEVICE_JOB_STATES } from '@netfleet/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { deviceJobs } from '@/db/schema';

const OPEN = [...OPEN_DEVICE_JOB_STATES];

export interface NewJob {
  deviceId: number;
  userId: number | null;
  /** Null for a request answered in its own response (a read that waits for the device). */
  channel: string | null;
  type: string;
  args: Record<string, unknown>;
  expiresAt: Date;
}

/**
 * A job on its way to the device: queued, sent to the devices online (here or, as the database
 * says, on another instance), and delivered again to a device that (re)connects while it is open.
 */
export const createJobDispatchRepository = (db: Database) => ({
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
});

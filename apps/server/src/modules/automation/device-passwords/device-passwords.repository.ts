import type { PasswordBatchListQuery } from '@netfleet/contracts';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { countAll } from '@/db/list';
import { companies, deviceJobs, devices, passwordBatchDevices, passwordBatches } from '@/db/schema';

const batchColumns = {
  id: passwordBatches.id,
  companyId: passwordBatches.companyId,
  companyName: companies.name,
  downloadedAt: passwordBatches.downloadedAt,
  deletedAt: passwordBatches.deletedAt,
  createdAt: passwordBatches.createdAt,
  updatedAt: passwordBatches.updatedAt,
  total:
    sql<number>`(select count(*) from ${passwordBatchDevices} where ${passwordBatchDevices.batchId} = ${passwordBatches.id})`.mapWith(
      Number,
    ),
  completed:
    sql<number>`(select count(*) from ${passwordBatchDevices} d join ${deviceJobs} j on j.id = d.job_id where d.batch_id = ${passwordBatches.id} and j.status = 'completed')`.mapWith(
      Number,
    ),
  failed:
    sql<number>`(select count(*) from ${passwordBatchDevices} d join ${deviceJobs} j on j.id = d.job_id where d.batch_id = ${passwordBatches.id} and j.status in ('failed', 'timeout', 'cancelled'))`.mapWith(
      Number,
    ),
  sealedCount:
    sql<number>`(select count(*) from ${passwordBatchDevices} where ${passwordBatchDevices.batchId} = ${passwordBatches.id} and ${passwordBatchDevices.sealedPassword} is not null)`.mapWith(
      Number,
    ),
};
export type PasswordBatchRow = NonNullable<Awaited<ReturnType<DevicePasswordsRepository['find']>>>;

export interface NewBatchDevice {
  deviceId: number;
  jobId: number | null;
  sealedPassword: string | null;
}

/** Password batches and their devices; only this file touches their tables. */
export const createDevicePasswordsRepository = (db: Database) => {
  const selectBatches = (tx: Executor) =>
    tx
      .select(batchColumns)
      .from(passwordBatches)
      .innerJoin(companies, eq(companies.id, passwordBatches.companyId));

  /** The batch's devices with their job's state, in device id order. */
  const devicesOf = (batchId: string, tx: Executor = db) =>
    tx
      .select({
        id: devices.id,
        name: devices.name,
        description: devices.description,
        serial: devices.serial,
        mac: devices.mac,
        status: deviceJobs.status,
        message: deviceJobs.message,
        createdAt: passwordBatchDevices.createdAt,
        sealedPassword: passwordBatchDevices.sealedPassword,
      })
      .from(passwordBatchDevices)
      .innerJoin(devices, eq(devices.id, passwordBatchDevices.deviceId))
      .leftJoin(deviceJobs, eq(deviceJobs.id, passwordBatchDevices.jobId))
      .where(eq(passwordBatchDevices.batchId, batchId))
      .orderBy(asc(devices.id));

  return {
    async insert(
      batch: { id: string; companyId: number; userId: number; channel: string },
      members: readonly NewBatchDevice[],
    ) {
      await db.transaction(async (tx) => {
        await tx.insert(passwordBatches).values(batch);
        if (members.length) {
          await tx
            .insert(passwordBatchDevices)
            .values(members.map((member) => ({ ...member, batchId: batch.id })));
        }
      });
    },

    /** Serial → id of the viewer's devices among `serials`. */
    async idsOfSerials(viewer: Viewer, serials: readonly string[], tx: Executor = db) {
      if (serials.length === 0) return new Map<string, number>();
      const rows = await tx
        .select({ id: devices.id, serial: devices.serial })
        .from(devices)
        .innerJoin(companies, eq(companies.id, devices.companyId))
        .where(and(inArray(devices.serial, [...serials]), visibleCompaniesFilter(viewer)));
      return new Map(rows.map((row) => [row.serial, row.id]));
    },

    async list(viewer: Viewer, query: PasswordBatchListQuery, tx: Executor = db) {
      const where = visibleCompaniesFilter(viewer);
      const rows = await selectBatches(tx)
        .where(where)
        .orderBy(desc(passwordBatches.createdAt), desc(passwordBatches.id))
        .limit(query.limit)
        .offset(query.offset);
      const [count] = await tx
        .select({ total: countAll })
        .from(passwordBatches)
        .innerJoin(companies, eq(companies.id, passwordBatches.companyId))
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },

    async find(viewer: Viewer, id: string, tx: Executor = db) {
      const [row] = await selectBatches(tx).where(
        and(eq(passwordBatches.id, id), visibleCompaniesFilter(viewer)),
      );
      return row ?? null;
    },

    devicesOf,

    /**
     * The one download: in one transaction, marks the batch downloaded, reads its devices with
     * their sealed passwords and wipes them. Null when the batch was downloaded or wiped already
     * (two downloads at once: only one gets the passwords).
     */
    async takeDownload(id: string, at: Date) {
      return db.transaction(async (tx) => {
        const claimed = await tx
          .update(passwordBatches)
          .set({ downloadedAt: at, deletedAt: at, updatedAt: at })
          .where(
            and(
              eq(passwordBatches.id, id),
              isNull(passwordBatches.downloadedAt),
              isNull(passwordBatches.deletedAt),
            ),
          )
          .returning({ id: passwordBatches.id });
        if (claimed.length === 0) return null;
        const rows = await devicesOf(id, tx);
        await tx
          .update(passwordBatchDevices)
          .set({ sealedPassword: null })
          .where(eq(passwordBatchDevices.batchId, id));
        return rows;
      });
    },

    /** Wipes batches older than `before` that still hold passwords; returns how many. */
    async wipeOlderThan(before: Date, at: Date, tx: Executor = db) {
      const stale = await tx
        .update(passwordBatches)
        .set({ deletedAt: at, updatedAt: at })
        .where(and(lte(passwordBatches.createdAt, before), isNull(passwordBatches.deletedAt)))
        .returning({ id: passwordBatches.id });
      if (stale.length) {
        await tx
          .update(passwordBatchDevices)
          .set({ sealedPassword: null })
          .where(
            and(
              inArray(
                passwordBatchDevices.batchId,
                stale.map((batch) => batch.id),
              ),
              isNotNull(passwordBatchDevices.sealedPassword),
            ),
          );
      }
      return stale.length;
    },

    /** A task run step's open list, locked for the transaction (a download takes the same lock). */
    async openStepBatch(runId: number, stepIndex: number, tx: Executor) {
      const [row] = await tx
        .select({ id: passwordBatches.id })
        .from(passwordBatches)
        .where(
          and(
            eq(passwordBatches.runId, runId),
            eq(passwordBatches.stepIndex, stepIndex),
            isNull(passwordBatches.deletedAt),
          ),
        )
        .for('update');
      return row?.id ?? null;
    },

    /** A step's new list; the partial unique index keeps it one open list per step. */
    async insertStepBatch(
      batch: {
        id: string;
        companyId: number;
        userId: number | null;
        channel: string | null;
        runId: number;
        stepIndex: number;
      },
      tx: Executor,
    ) {
      await tx.insert(passwordBatches).values(batch).onConflictDoNothing();
    },

    /** A device's sealed password in a list; a retry replaces its earlier one. */
    async upsertBatchDevice(batchId: string, member: NewBatchDevice, tx: Executor) {
      await tx
        .insert(passwordBatchDevices)
        .values({ ...member, batchId })
        .onConflictDoUpdate({
          target: [passwordBatchDevices.batchId, passwordBatchDevices.deviceId],
          set: { jobId: sql`excluded.job_id`, sealedPassword: sql`excluded.sealed_password` },
        });
    },
  };
};

export type DevicePasswordsRepository = ReturnType<typeof createDevicePasswordsRepository>;

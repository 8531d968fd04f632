import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';
import { companies } from './companies';
import { deviceJobs, devices } from './devices';
import { taskRuns } from './device-tasks';
import { users } from './users';

/**
 * A batch of device passwords (RMS "password task"): its id is a random text, as RMS's is, so a
 * download link cannot be guessed from another.
 */
export const passwordBatches = pgTable(
  'password_batches',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    channel: text('channel'),
    downloadedAt: timestamptz('downloaded_at'),
    /** When the sealed passwords were wiped: downloaded, or kept their days. */
    deletedAt: timestamptz('deleted_at'),
    /** A task run's password_change step that made the batch (null: made by the passwords API). */
    runId: integer('run_id').references(() => taskRuns.id, { onDelete: 'set null' }),
    stepIndex: integer('step_index'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One open list per step: once downloaded, devices that change later start a new one.
  (t) => [
    uniqueIndex('password_batches_run_step_unique')
      .on(t.runId, t.stepIndex)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** A device of a batch: its job, and its password sealed (SecretBox) until the one download. */
export const passwordBatchDevices = pgTable(
  'password_batch_devices',
  {
    batchId: varchar('batch_id', { length: 64 })
      .notNull()
      .references(() => passwordBatches.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    jobId: bigint('job_id', { mode: 'number' }).references(() => deviceJobs.id, {
      onDelete: 'set null',
    }),
    /** Null when the password is not to be shown (set without show_password) or was wiped. */
    sealedPassword: text('sealed_password'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_batch_devices_unique').on(t.batchId, t.deviceId),
    index('password_batch_devices_device_idx').on(t.deviceId),
  ],
);

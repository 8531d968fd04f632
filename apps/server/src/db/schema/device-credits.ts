import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint } from 'drizzle-orm/pg-core';
import { timestamptz, updatedAt } from './columns';
import { devices } from './devices';

/**
 * A device's management credit (RMS device services): whether credits are used for it, the
 * management type a period is paid with, whether it renews itself, and the period paid for. Only
 * devices of paid companies need one; a device without a row has never had credits enabled.
 *
 * `activated_at` is set when a period is paid (enabled, or extended by the sweep) and cleared when
 * the sweep finds the period over and cannot extend it: a row whose `expires_at` passed while
 * `activated_at` is still set is the sweep's work to do, once.
 */
export const deviceCredits = pgTable(
  'device_credits',
  {
    deviceId: integer('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    creditEnabled: boolean('credit_enabled').notNull().default(false),
    /** A management credit type (CREDIT_TYPES); the one the next period is paid with. */
    creditTypeId: smallint('credit_type_id'),
    autoExtend: boolean('auto_extend').notNull().default(true),
    activatedAt: timestamptz('activated_at'),
    expiresAt: timestamptz('expires_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The hourly sweep reads the periods that ended and were not settled yet.
    index('device_credits_due_idx')
      .on(t.expiresAt)
      .where(sql`${t.activatedAt} is not null`),
  ],
);

import { bigint, integer, pgTable, smallint } from 'drizzle-orm/pg-core';
import { timestamptz, updatedAt } from './columns';
import { devices } from './devices';
import { users } from './users';

/**
 * A device's data pack (spec "set pack"): one credit of a data type (license_type data), spent from
 * the device's company through the credits ledger, gives the device `bytes_total` of mobile data
 * from `activated_at` until `expires_at`. What is left is counted from device_data_usage, never
 * stored (less `usage_baseline`); setting a new pack (once this one expired or ran out) replaces the row.
 */
export const deviceDataPacks = pgTable('device_data_packs', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  /** A data credit type (CREDIT_TYPES, license_type data). */
  creditTypeId: smallint('credit_type_id').notNull(),
  activatedAt: timestamptz('activated_at').notNull(),
  /** activated_at + the type's validity_months (calendar months, UTC). */
  expiresAt: timestamptz('expires_at').notNull(),
  bytesTotal: bigint('bytes_total', { mode: 'number' }).notNull(),
  /**
   * Usage is kept per UTC day: what the device had already used on the activation day when the
   * pack was set. It belongs to the pack before, so it is not taken from this one.
   */
  usageBaseline: bigint('usage_baseline', { mode: 'number' }).notNull().default(0),
  setByUserId: integer('set_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

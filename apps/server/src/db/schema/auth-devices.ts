import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { devices } from './devices';
import { users } from './users';

/**
 * Approved devices: an identity (serial + MAC or IMEI) refused at enrolment because its serial
 * belongs to another registered device (connection code 7), kept for a super admin to approve or
 * dismiss. Repeated attempts of the same identity add up on one row (the gateway writes them in
 * batches). Approving one gives the registered device the new identity and the claim secret hash
 * of the refused request, so that hardware enrols on its next attempt; the row stays as the record
 * of the approval.
 */
export const authDevices = pgTable(
  'auth_devices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    serial: varchar('serial', { length: 32 }).notNull(),
    mac: varchar('mac', { length: 17 }),
    imei: varchar('imei', { length: 15 }),
    /** The stated MAC or IMEI ('' for neither): what makes two attempts the same identity. */
    identity: varchar('identity', { length: 17 }).notNull(),
    model: varchar('model', { length: 16 }),
    firmware: varchar('firmware', { length: 64 }),
    ip: text('ip'),
    /** Of the last attempt's claim secret: the one the hardware enrols with once approved. */
    claimSecretHash: text('claim_secret_hash').notNull(),
    attempts: integer('attempts').notNull().default(1),
    firstSeenAt: timestamptz('first_seen_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
    approvedAt: timestamptz('approved_at'),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    previousMac: varchar('previous_mac', { length: 17 }),
    previousImei: varchar('previous_imei', { length: 15 }),
  },
  (t) => [
    // One waiting row per identity and device; approvals are history and may repeat.
    uniqueIndex('auth_devices_waiting_unique')
      .on(t.deviceId, t.identity)
      .where(sql`${t.approvedAt} is null`),
    index('auth_devices_last_seen_at_idx').on(t.lastSeenAt, t.id),
    index('auth_devices_approved_at_idx').on(t.approvedAt, t.id),
  ],
);

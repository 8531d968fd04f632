import type { DeviceDashboardRange, DeviceDashboardWidget } from '@netfleet/contracts';
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { devices } from './devices';
import { users } from './users';

/**
 * Dashboards users build for a device (spec §2 device page tab `dashboards`): a name unique per
 * device (case-insensitive), the period its charts open with and its ordered widgets. Only the
 * layout is stored; the widgets read the device's readings and data usage.
 */
export const deviceDashboards = pgTable(
  'device_dashboards',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    description: varchar('description', { length: 255 }).notNull().default(''),
    range: varchar('range', { length: 8 }).$type<DeviceDashboardRange>().notNull().default('24h'),
    widgets: jsonb('widgets').$type<DeviceDashboardWidget[]>().notNull().default([]),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Also serves the device's list (device_id leads).
  (t) => [
    uniqueIndex('device_dashboards_device_name_unique').on(t.deviceId, sql`lower(${t.name})`),
  ],
);

import type { DeviceApiSystem } from '@netfleet/contracts';
import { integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/**
 * Device API documentations (OpenAPI documents of the devices' own API) that data-collect configs
 * are written against, one per system and version; the uploaded bytes live in
 * DATA_DIR/device-documentations. Row 1 is the built-in status API, kept in step with the
 * contracts at start; uploads are numbered from 2 so they never take its id.
 */
export const deviceDocumentations = pgTable(
  'device_documentations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 2 }),
    name: varchar('name', { length: 255 }).notNull(),
    apiSystem: varchar('api_system', { length: 16 }).$type<DeviceApiSystem>().notNull(),
    apiVersion: varchar('api_version', { length: 64 }).notNull(),
    size: integer('size').notNull(),
    /** Null for the built-in documentation: its document is generated, not stored. */
    storageKey: text('storage_key'),
    /** Who uploaded it (null for the built-in one); no foreign key, the record outlives the user. */
    userId: integer('user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('device_documentations_system_version_idx').on(t.apiSystem, t.apiVersion)],
);

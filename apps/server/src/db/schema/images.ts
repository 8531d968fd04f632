import type { ImageMimeType, ImageType } from '@netfleet/contracts';
import { index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { companies } from './companies';

/** Pictures a company uploads for its device dashboards; the bytes live in DATA_DIR/images. */
export const images = pgTable(
  'images',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Who uploaded it; no foreign key, so the record outlives the user as RMS's user_id does. */
    userId: integer('user_id').notNull(),
    type: varchar('type', { length: 32 }).$type<ImageType>().notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    description: varchar('description', { length: 255 }).notNull().default(''),
    mimeType: varchar('mime_type', { length: 16 }).$type<ImageMimeType>().notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('images_company_id_idx').on(t.companyId)],
);

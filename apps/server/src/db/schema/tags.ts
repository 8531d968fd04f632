import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { companies } from './companies';

/** Tags group devices inside one company; a name is unique per company, whatever its case. */
export const tags = pgTable(
  'tags',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description').notNull().default(''),
    /** `#rrggbb`, or null for the default colour. */
    color: varchar('color', { length: 7 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tags_company_id_name_unique').on(t.companyId, sql`lower(${t.name})`),
    index('tags_company_id_idx').on(t.companyId),
  ],
);

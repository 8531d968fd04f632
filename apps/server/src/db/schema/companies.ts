import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bigint, boolean, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/**
 * Companies form a tree. `path` is materialised ('/1/5/') so a whole subtree is one indexed
 * prefix match (`path LIKE '/1/%'`) instead of a recursive query.
 */
export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    parentId: integer('parent_id').references((): AnyPgColumn => companies.id, {
      onDelete: 'restrict',
    }),
    level: integer('level').notNull(),
    path: text('path').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    showPayment: boolean('show_payment').notNull().default(false),
    paymentType: varchar('payment_type', { length: 16 }).notNull().default('free'),
    mfaEnforced: boolean('mfa_enforced').notNull().default(false),
    /** Contact address (RMS PUT /companies/{id} body `email`). */
    email: varchar('email', { length: 255 }),
    /** Bytes of purchased company data left (spec §6 company data). */
    remainingData: bigint('remaining_data', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('companies_parent_id_idx').on(t.parentId),
    index('companies_path_idx').using('btree', sql`${t.path} text_pattern_ops`),
  ],
);

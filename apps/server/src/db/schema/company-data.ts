import { bigint, index, integer, pgTable, smallint } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { companies } from './companies';
import { creditPools } from './credits';
import { users } from './users';

/**
 * Company data bought with credits (RMS Connect data), appended and never changed. The bytes also
 * went onto `companies.remaining_data` and the credits out through the ledger (action 8), in the
 * same transaction as this row.
 */
export const companyDataPurchases = pgTable(
  'company_data_purchases',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The type spent: paid `credit` (2), or free `credit` (1) when a super admin chose it. */
    creditTypeId: smallint('credit_type_id').notNull(),
    creditsUsed: bigint('credits_used', { mode: 'number' }).notNull(),
    bytesPurchased: bigint('bytes_purchased', { mode: 'number' }).notNull(),
    /** The oldest pool the credits came from (a purchase may span several; the ledger has each). */
    fromPoolId: integer('from_pool_id').references(() => creditPools.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('company_data_purchases_company_created_idx').on(t.companyId, t.createdAt)],
);

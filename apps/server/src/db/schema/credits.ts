import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';
import { companies } from './companies';
import { devices } from './devices';
import { users } from './users';

/** Counts are whole credits; 14 digits fit a JavaScript number exactly. */
const count = (name: string) => bigint(name, { mode: 'number' });

/**
 * What a company holds of one credit type. Every change first locks this row, so concurrent
 * spends, moves and codes on one company and type run one after another and the balance never
 * goes below zero. It always equals the sum of its pools' `credit_left` and of its ledger amounts.
 */
export const creditBalances = pgTable(
  'credit_balances',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    creditTypeId: smallint('credit_type_id').notNull(),
    creditsLeft: count('credits_left').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.creditTypeId] }),
    check('credit_balances_not_negative', sql`${t.creditsLeft} >= 0`),
  ],
);

/** Resources as they arrived in a company (RMS "pool"); spent oldest first. */
export const creditPools = pgTable(
  'credit_pools',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    creditTypeId: smallint('credit_type_id').notNull(),
    creditCount: count('credit_count').notNull(),
    creditLeft: count('credit_left').notNull(),
    /** Price per credit: decimals kept exact (read as a string, never summed as a float). */
    creditPrice: numeric('credit_price', { precision: 14, scale: 2 }).notNull().default('0'),
    proFormNr: varchar('pro_form_nr', { length: 64 }),
    /** added, moved, code, code_returned. */
    origin: varchar('origin', { length: 16 }).notNull(),
    parentPoolId: integer('parent_pool_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    expireAt: timestamptz('expire_at'),
    deletedAt: timestamptz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('credit_pools_company_type_idx').on(t.companyId, t.creditTypeId),
    check(
      'credit_pools_left_in_range',
      sql`${t.creditLeft} >= 0 and ${t.creditLeft} <= ${t.creditCount}`,
    ),
  ],
);

/**
 * Every movement of credits, appended and never changed: who, when, which company and pool, the
 * signed amount, and the company's balance of that type right after. Balances are re-derived as
 * the sum of `amount` per company and type.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    createdAt: createdAt(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    creditTypeId: smallint('credit_type_id').notNull(),
    poolId: integer('pool_id'),
    /** CREDIT_ACTIONS key. */
    actionType: smallint('action_type').notNull(),
    amount: count('amount').notNull(),
    balanceAfter: count('balance_after').notNull(),
    counterpartCompanyId: integer('counterpart_company_id').references(() => companies.id, {
      onDelete: 'set null',
    }),
    /** Pairs the two sides of one move (the moved-out entries and the moved-in one). */
    moveId: integer('move_id'),
    codeId: integer('code_id'),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('credit_ledger_company_created_idx').on(t.companyId, t.createdAt),
    index('credit_ledger_pool_idx').on(t.poolId),
    index('credit_ledger_device_idx').on(t.deviceId),
    index('credit_ledger_move_idx').on(t.moveId),
  ],
);

/**
 * Credits handed out as a code: reserved from the creating company when made, given to the
 * company that activates it (once), or returned when revoked.
 */
export const creditCodes = pgTable(
  'credit_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    code: varchar('code', { length: 64 }).notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    creditTypeId: smallint('credit_type_id').notNull(),
    amount: count('amount').notNull(),
    comment: varchar('comment', { length: 200 }).notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    usedByCompanyId: integer('used_by_company_id').references(() => companies.id, {
      onDelete: 'set null',
    }),
    usedByUserId: integer('used_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    activatedAt: timestamptz('activated_at'),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_codes_code_unique').on(t.code),
    index('credit_codes_company_idx').on(t.companyId),
  ],
);

import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { companies } from './companies';
import { roles } from './roles';
import { users } from './users';

/**
 * A pending invitation to register. Only the sha256 of the token in the mailed link is kept.
 * `newCompany` invitations ("invite new company") create a subsidiary named by the invitee.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    email: varchar('email', { length: 255 }).notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    newCompany: boolean('new_company').notNull().default(false),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    lastSentAt: timestamptz('last_sent_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('invitations_company_id_idx').on(t.companyId),
    index('invitations_role_id_idx').on(t.roleId),
    index('invitations_invited_by_idx').on(t.invitedBy),
    index('invitations_email_idx').on(sql`lower(${t.email})`),
  ],
);

/** Who moved which user between companies; names are copied so the log outlives both. */
export const userMoveLogs = pgTable(
  'user_move_logs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userEmail: varchar('user_email', { length: 255 }).notNull(),
    fromCompanyId: integer('from_company_id').references(() => companies.id, {
      onDelete: 'set null',
    }),
    fromCompanyName: varchar('from_company_name', { length: 255 }).notNull(),
    toCompanyId: integer('to_company_id').references(() => companies.id, { onDelete: 'set null' }),
    toCompanyName: varchar('to_company_name', { length: 255 }).notNull(),
    movedBy: integer('moved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_move_logs_user_id_idx').on(t.userId),
    index('user_move_logs_from_company_id_idx').on(t.fromCompanyId),
    index('user_move_logs_to_company_id_idx').on(t.toCompanyId),
    index('user_move_logs_moved_by_idx').on(t.movedBy),
  ],
);

/** A mailed request to let a support user impersonate; confirming sets the access limit. */
export const impersonationAccessRequests = pgTable(
  'impersonation_access_requests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamptz('expires_at').notNull(),
    confirmedAt: timestamptz('confirmed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('impersonation_access_requests_user_id_idx').on(t.userId),
    index('impersonation_access_requests_requested_by_idx').on(t.requestedBy),
  ],
);

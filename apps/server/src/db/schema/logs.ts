import type { MailLogStatus } from '@netfleet/contracts';
import { bigint, index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { companies } from './companies';
import { users } from './users';

/** Who did what; kept when the user or company goes away. */
export const actionLogs = pgTable(
  'action_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    impersonatorId: integer('impersonator_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 64 }).notNull(),
    entity: varchar('entity', { length: 64 }),
    entityId: varchar('entity_id', { length: 64 }),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('action_logs_user_id_idx').on(t.userId),
    index('action_logs_impersonator_id_idx').on(t.impersonatorId),
    index('action_logs_company_id_created_at_idx').on(t.companyId, t.createdAt),
  ],
);

/** Every outgoing mail; without SMTP_URL this table is the only place mail goes. */
export const mailLogs = pgTable(
  'mail_logs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    to: varchar('to', { length: 255 }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: varchar('status', { length: 16 }).$type<MailLogStatus>().notNull(),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_logs_created_at_idx').on(t.createdAt)],
);

/**
 * The full text of mail that was kept (status 'logged': no SMTP server configured), links and codes
 * included, so a super admin can hand it on; mail_logs holds the same mail redacted. The mail
 * service bounds it (see MailRepository.keepUnsent).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    mailLogId: integer('mail_log_id')
      .primaryKey()
      .references(() => mailLogs.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_created_at_idx').on(t.createdAt)],
);

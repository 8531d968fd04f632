import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { companies } from './companies';

/**
 * A company's own SMTP server for alert mail (RMS /email-configurations). The password is kept
 * in clear because the server must log in with it; it is never sent back to clients.
 */
export const emailConfigurations = pgTable(
  'email_configurations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    host: varchar('host', { length: 255 }).notNull(),
    port: integer('port').notNull(),
    secure: boolean('secure').notNull().default(false),
    email: varchar('email', { length: 255 }).notNull(),
    username: varchar('username', { length: 255 }),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('email_configurations_company_id_idx').on(t.companyId)],
);

/** Addresses mail is not sent to (hard bounces, complaints) until an admin removes them. */
export const suppressedEmails = pgTable(
  'suppressed_emails',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    email: varchar('email', { length: 255 }).notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('suppressed_emails_email_unique').on(sql`lower(${t.email})`)],
);

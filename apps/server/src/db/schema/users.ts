import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';
import { companies } from './companies';
import { roles } from './roles';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Stored lower-cased; the unique index on lower(email) also guards direct SQL writes. */
    email: varchar('email', { length: 255 }).notNull(),
    username: varchar('username', { length: 255 }).notNull(),
    passwordHash: text('password_hash'),
    avatarUrl: text('avatar_url'),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    emailVerifiedAt: timestamptz('email_verified_at'),
    tosAccepted: boolean('tos_accepted').notNull().default(false),
    mfaType: varchar('mfa_type', { length: 32 }),
    countryIsoCode: varchar('country_iso_code', { length: 2 }),
    impersonationAccessLimit: timestamptz('impersonation_access_limit'),
    disabledAt: timestamptz('disabled_at'),
    /** The company's single-sign-on administrator (admin form "assign SSO administrator"). */
    ssoAdmin: boolean('sso_admin').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_company_id_idx').on(t.companyId),
    index('users_role_id_idx').on(t.roleId),
  ],
);

import { index, integer, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';
import { users } from './users';

/**
 * A user's second factor. The TOTP secret is kept in clear because the server must compute the
 * codes; recovery codes only as sha256 hashes, each usable once.
 */
export const userMfa = pgTable('user_mfa', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  totpSecret: text('totp_secret'),
  /** Secret shown during enrolment; becomes `totpSecret` once a code from it verifies. */
  pendingTotpSecret: text('pending_totp_secret'),
  recoveryCodeHashes: text('recovery_code_hashes').array().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A pending second-factor check (`session_uuid` in the API): a login waiting for its code, or an
 * e-mail code being enrolled. E-mail codes are stored hashed; failed attempts are counted.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 16 }).$type<'login' | 'enrol_email'>().notNull(),
    method: varchar('method', { length: 32 }).notNull(),
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('mfa_challenges_user_id_idx').on(t.userId)],
);

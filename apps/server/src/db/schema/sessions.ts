import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { users } from './users';

/**
 * A browser session. `userId` is always the person who logged in; `actingUserId` is set while
 * that person impersonates someone else, so revoking and auditing never lose the real user.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actingUserId: integer('acting_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    revokedAt: timestamptz('revoked_at'),
    /** Last time the person re-entered their password here; sensitive requests need it recent. */
    passwordConfirmedAt: timestamptz('password_confirmed_at'),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_acting_user_id_idx').on(t.actingUserId),
  ],
);

/** Refresh tokens are stored as sha256 hashes and rotated on every use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_session_id_idx').on(t.sessionId)],
);

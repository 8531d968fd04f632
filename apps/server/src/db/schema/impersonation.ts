import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { sessions } from './sessions';
import { users } from './users';

/** Audit trail of who acted as whom; rows outlive the users and sessions they mention. */
export const impersonationLogs = pgTable(
  'impersonation_logs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    impersonatorId: integer('impersonator_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    endedAt: timestamptz('ended_at'),
    ip: text('ip'),
  },
  (t) => [
    index('impersonation_logs_impersonator_id_idx').on(t.impersonatorId),
    index('impersonation_logs_user_id_idx').on(t.userId),
    index('impersonation_logs_session_id_idx').on(t.sessionId),
  ],
);

import type { NOTICE_TYPES, Notification } from '@netfleet/contracts';
import { index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';
import { users } from './users';

export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 64 }).$type<Notification['type']>().notNull(),
    summary: text('summary').notNull(),
    createdAt: createdAt(),
    seenAt: timestamptz('seen_at'),
  },
  (t) => [index('notifications_user_id_created_at_idx').on(t.userId, t.createdAt)],
);

export const globalNotices = pgTable(
  'global_notices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    type: varchar('type', { length: 32 }).$type<(typeof NOTICE_TYPES)[number]>().notNull(),
    /** HTML, sanitised to the spec §9 allow-list when written (sanitizeNoticeHtml). */
    message: text('message').notNull(),
    enabledAt: timestamptz('enabled_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('global_notices_enabled_at_idx').on(t.enabledAt),
    index('global_notices_created_by_idx').on(t.createdBy),
  ],
);

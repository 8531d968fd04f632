import { integer, pgTable, text, unique, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/** Per-user key/value settings the SPA keeps on the server (spec §7 Storage). */
export const userStorage = pgTable(
  'user_storage',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 255 }).notNull(),
    value: text('value').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('user_storage_user_id_key_unique').on(t.userId, t.key)],
);

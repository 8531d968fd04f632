import { pgTable, text, varchar } from 'drizzle-orm/pg-core';

/** Instance-wide values every server process must share, such as the JWT signing secret. */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 128 }).primaryKey(),
  value: text('value').notNull(),
});

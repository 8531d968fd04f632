import type { StatusUpdate } from '@netfleet/contracts';
import { bigint, index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { users } from './users';

/**
 * Status channels of asynchronous operations (RMS `private-status.<owner>.<random>`). The row is
 * written before the request that opened it is answered, so a client never polls a channel that
 * does not exist yet; it can be read until expires_at, which every update pushes forward.
 */
export const statusChannels = pgTable(
  'status_channels',
  {
    id: text('id').primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    index('status_channels_owner_user_id_idx').on(t.ownerUserId),
    index('status_channels_expires_at_idx').on(t.expiresAt),
  ],
);

export const statusUpdates = pgTable(
  'status_updates',
  {
    // Every update of every operation gets a row; integer ids would run out in a large fleet.
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    channelId: text('channel_id')
      .notNull()
      .references(() => statusChannels.id, { onDelete: 'cascade' }),
    item: text('item').notNull(),
    status: varchar('status', { length: 16 }).$type<StatusUpdate['status']>().notNull(),
    value: text('value').notNull(),
    errorcode: text('errorcode'),
    progress: jsonb('progress').$type<NonNullable<StatusUpdate['progress']>>(),
    link: text('link'),
    createdAt: createdAt(),
  },
  (t) => [index('status_updates_channel_id_idx').on(t.channelId, t.id)],
);

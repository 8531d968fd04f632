import type { Database, Executor } from '@/db/client';
import { mailLogs } from '@/db/schema';

export type NewMailLog = Omit<typeof mailLogs.$inferInsert, 'id' | 'createdAt'>;

export const createMailRepository = (db: Database) => ({
  async log(values: NewMailLog, tx: Executor = db) {
    await tx.insert(mailLogs).values(values);
  },
});

export type MailRepository = ReturnType<typeof createMailRepository>;

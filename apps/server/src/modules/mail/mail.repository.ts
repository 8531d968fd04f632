import type { Database, Executor } from '@/db/client';
import { mailLogs } from '@/db/schema';

export const createMailRepository = (db: Database) => ({
  async log(
    values: {
      to: string;
      subject: string;
      body: string;
      status: 'logged' | 'sent' | 'failed';
      error?: string;
    },
    tx: Executor = db,
  ) {
    await tx.insert(mailLogs).values(values);
  },
});

export type MailRepository = ReturnType<typeof createMailRepository>;

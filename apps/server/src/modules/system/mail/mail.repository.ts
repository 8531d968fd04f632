import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { mailLogs, suppressedEmails } from '@/db/schema';

export type NewMailLog = Omit<typeof mailLogs.$inferInsert, 'id' | 'createdAt'>;

// The unique index is on lower(email): addresses are compared case-insensitively.
const sameAddress = (email: string) =>
  eq(sql`lower(${suppressedEmails.email})`, email.toLowerCase());

export const createMailRepository = (db: Database) => ({
  async log(values: NewMailLog, tx: Executor = db) {
    await tx.insert(mailLogs).values(values);
  },

  async isSuppressed(email: string, tx: Executor = db): Promise<boolean> {
    const [row] = await tx
      .select({ id: suppressedEmails.id })
      .from(suppressedEmails)
      .where(sameAddress(email))
      .limit(1);
    return row !== undefined;
  },

  /** Adds the address unless it is already on the list (the first reason is kept). */
  async suppress(email: string, reason: string, tx: Executor = db) {
    await tx.insert(suppressedEmails).values({ email, reason }).onConflictDoNothing();
  },
});

export type MailRepository = ReturnType<typeof createMailRepository>;

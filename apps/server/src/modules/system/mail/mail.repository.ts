import { OUTBOX_MAX_MESSAGES, OUTBOX_RETENTION_DAYS } from '@netfleet/contracts';
import { desc, eq, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { mailLogs, mailOutbox, suppressedEmails } from '@/db/schema';

export type NewMailLog = Omit<typeof mailLogs.$inferInsert, 'id' | 'createdAt'>;

/** The mail as the recipient would have read it, links and codes included. */
export interface UnsentMail {
  subject: string;
  body: string;
}

// The unique index is on lower(email): addresses are compared case-insensitively.
const sameAddress = (email: string) =>
  eq(sql`lower(${suppressedEmails.email})`, email.toLowerCase());

export const createMailRepository = (db: Database) => ({
  async log(values: NewMailLog, tx: Executor = db) {
    await tx.insert(mailLogs).values(values);
  },

  /**
   * Logs (redacted) a mail nothing sent and keeps it in full in the outbox. The outbox holds live
   * secrets in clear text, so it keeps only what can still be of use: the last
   * OUTBOX_RETENTION_DAYS days (no mailed link lives longer) and at most OUTBOX_MAX_MESSAGES
   * messages, trimmed here, as mail comes in, rather than by a job (without SMTP mail is rare).
   */
  async keepUnsent(values: NewMailLog, mail: UnsentMail, tx: Executor = db) {
    const [row] = await tx.insert(mailLogs).values(values).returning({ id: mailLogs.id });
    if (!row) throw new Error('mail log insert returned no row');
    await tx.insert(mailOutbox).values({ mailLogId: row.id, ...mail });
    const newest = tx
      .select({ id: mailOutbox.mailLogId })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.mailLogId))
      .limit(OUTBOX_MAX_MESSAGES);
    await tx
      .delete(mailOutbox)
      .where(
        or(
          lt(mailOutbox.createdAt, sql`now() - make_interval(days => ${OUTBOX_RETENTION_DAYS})`),
          notInArray(mailOutbox.mailLogId, newest),
        ),
      );
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

import { and, desc, eq, gt, isNull, max } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { emailVerifications, sessions, users } from '@/db/schema';
import type { UserRow } from '@/db/types';

export const createAccountRepository = (db: Database) => ({
  /** When the user last signed in: their newest session, null before the first one. */
  async lastLoginAt(userId: number, tx: Executor = db): Promise<Date | null> {
    const [row] = await tx
      .select({ at: max(sessions.createdAt) })
      .from(sessions)
      .where(eq(sessions.userId, userId));
    return row?.at ?? null;
  },

  /** The user row after the change; null when the user is gone. */
  async updateUser(
    userId: number,
    changes: { tosAccepted?: true; email?: string; emailVerifiedAt?: null; passwordHash?: string },
    tx: Executor = db,
  ): Promise<UserRow | null> {
    const [row] = await tx.update(users).set(changes).where(eq(users.id, userId)).returning();
    return row ?? null;
  },

  async markEmailVerified(userId: number, at: Date, tx: Executor = db) {
    await tx.update(users).set({ emailVerifiedAt: at }).where(eq(users.id, userId));
  },

  async createVerification(
    values: { userId: number; tokenHash: string; expiresAt: Date },
    tx: Executor = db,
  ) {
    await tx.insert(emailVerifications).values(values);
  },

  async latestVerification(userId: number, tx: Executor = db) {
    const [row] = await tx
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.userId, userId))
      .orderBy(desc(emailVerifications.createdAt))
      .limit(1);
    return row ?? null;
  },

  /** Links sent to a previous address must not verify the new one. */
  async expireVerifications(userId: number, at: Date, tx: Executor = db) {
    await tx
      .update(emailVerifications)
      .set({ usedAt: at })
      .where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)));
  },

  /** Marks an unused, unexpired verification used and returns its user id. */
  async consumeVerification(tokenHash: string, at: Date, tx: Executor = db) {
    const [row] = await tx
      .update(emailVerifications)
      .set({ usedAt: at })
      .where(
        and(
          eq(emailVerifications.tokenHash, tokenHash),
          isNull(emailVerifications.usedAt),
          gt(emailVerifications.expiresAt, at),
        ),
      )
      .returning({ userId: emailVerifications.userId });
    return row?.userId ?? null;
  },
});

export type AccountRepository = ReturnType<typeof createAccountRepository>;

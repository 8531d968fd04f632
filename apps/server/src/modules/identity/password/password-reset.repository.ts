import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { passwordResets } from '@/db/schema';

export const createPasswordResetRepository = (db: Database) => ({
  async create(values: { userId: number; tokenHash: string; expiresAt: Date }, tx: Executor = db) {
    await tx.insert(passwordResets).values(values);
  },

  /** A newer request supersedes the links mailed before it: they count as used. */
  async expireOpen(userId: number, at: Date, tx: Executor = db) {
    await tx
      .update(passwordResets)
      .set({ usedAt: at })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  },

  /** Marks an unused, unexpired reset used and returns its user id; null for any other token. */
  async consume(tokenHash: string, at: Date, tx: Executor = db): Promise<number | null> {
    const [row] = await tx
      .update(passwordResets)
      .set({ usedAt: at })
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, at),
        ),
      )
      .returning({ userId: passwordResets.userId });
    return row?.userId ?? null;
  },
});

export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;

import { and, eq, gt, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { mfaChallenges, userMfa, users } from '@/db/schema';

export type ChallengePurpose = 'login' | 'enrol_email';
export type ChallengeRow = typeof mfaChallenges.$inferSelect;

export const createMfaRepository = (db: Database) => ({
  async findUserMfa(userId: number, tx: Executor = db) {
    const [row] = await tx.select().from(userMfa).where(eq(userMfa.userId, userId));
    return row ?? null;
  },

  /** A TOTP secret shown to the user, waiting for its first code; the active method stays. */
  async setPendingTotp(userId: number, secret: string, tx: Executor = db) {
    await tx
      .insert(userMfa)
      .values({ userId, pendingTotpSecret: secret })
      .onConflictDoUpdate({ target: userMfa.userId, set: { pendingTotpSecret: secret } });
  },

  /** Takes the pending secret out, if it is still `secret`; false when another request did. */
  async claimPendingTotp(userId: number, secret: string, tx: Executor = db): Promise<boolean> {
    const rows = await tx
      .update(userMfa)
      .set({ pendingTotpSecret: null })
      .where(and(eq(userMfa.userId, userId), eq(userMfa.pendingTotpSecret, secret)))
      .returning({ userId: userMfa.userId });
    return rows.length === 1;
  },

  /** Switches the user to `mfaType` with a fresh set of recovery codes. */
  async activate(
    userId: number,
    values: { mfaType: string; totpSecret: string | null; recoveryCodeHashes: string[] },
    tx: Executor = db,
  ) {
    const row = {
      totpSecret: values.totpSecret,
      pendingTotpSecret: null,
      recoveryCodeHashes: values.recoveryCodeHashes,
    };
    await tx
      .insert(userMfa)
      .values({ userId, ...row })
      .onConflictDoUpdate({ target: userMfa.userId, set: row });
    await tx.update(users).set({ mfaType: values.mfaType }).where(eq(users.id, userId));
  },

  async deactivate(userId: number, tx: Executor = db) {
    await tx.delete(userMfa).where(eq(userMfa.userId, userId));
    await tx.update(users).set({ mfaType: null }).where(eq(users.id, userId));
  },

  /** Removes the recovery code if the user has it; true when it was there (usable once). */
  async consumeRecoveryCode(userId: number, hash: string, tx: Executor = db): Promise<boolean> {
    const rows = await tx
      .update(userMfa)
      .set({ recoveryCodeHashes: sql`array_remove(${userMfa.recoveryCodeHashes}, ${hash})` })
      .where(and(eq(userMfa.userId, userId), sql`${hash} = any(${userMfa.recoveryCodeHashes})`))
      .returning({ userId: userMfa.userId });
    return rows.length === 1;
  },

  async createChallenge(
    values: {
      userId: number;
      purpose: ChallengePurpose;
      method: string;
      codeHash: string | null;
      expiresAt: Date;
      createdAt: Date;
    },
    tx: Executor = db,
  ): Promise<ChallengeRow> {
    const [row] = await tx.insert(mfaChallenges).values(values).returning();
    if (!row) throw new Error('mfa challenge insert returned nothing');
    return row;
  },

  async findChallenge(id: string, userId: number, purpose: ChallengePurpose, tx: Executor = db) {
    const [row] = await tx
      .select()
      .from(mfaChallenges)
      .where(
        and(
          eq(mfaChallenges.id, id),
          eq(mfaChallenges.userId, userId),
          eq(mfaChallenges.purpose, purpose),
        ),
      );
    return row ?? null;
  },

  /** Ends the user's open challenges of a purpose (a new one replaces them, or MFA went off). */
  async closeOpenChallenges(
    userId: number,
    purpose: ChallengePurpose | null,
    at: Date,
    tx: Executor = db,
  ) {
    await tx
      .update(mfaChallenges)
      .set({ usedAt: at })
      .where(
        and(
          eq(mfaChallenges.userId, userId),
          isNull(mfaChallenges.usedAt),
          purpose ? eq(mfaChallenges.purpose, purpose) : undefined,
        ),
      );
  },

  /**
   * Marks an open, unexpired challenge used; false when it was not (used, dead or expired), so
   * two requests with one code cannot both pass. `codeHash` records the code that passed.
   */
  async closeChallenge(id: string, at: Date, codeHash?: string, tx: Executor = db) {
    const rows = await tx
      .update(mfaChallenges)
      .set({ usedAt: at, ...(codeHash ? { codeHash } : {}) })
      .where(
        and(
          eq(mfaChallenges.id, id),
          isNull(mfaChallenges.usedAt),
          gt(mfaChallenges.expiresAt, at),
        ),
      )
      .returning({ id: mfaChallenges.id });
    return rows.length === 1;
  },

  /**
   * Counts a wrong code; at `max` attempts the challenge is closed for good. Returns the attempts
   * so far, or null when the challenge was no longer open.
   */
  async recordFailure(id: string, at: Date, max: number, tx: Executor = db) {
    const [row] = await tx
      .update(mfaChallenges)
      .set({
        attempts: sql`${mfaChallenges.attempts} + 1`,
        usedAt: sql`case when ${mfaChallenges.attempts} + 1 >= ${max} then ${at.toISOString()}::timestamptz else null end`,
      })
      .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.usedAt)))
      .returning({ attempts: mfaChallenges.attempts });
    return row?.attempts ?? null;
  },

  /** Wrong codes given to the user's sign-ins since `since`, and when the oldest of those began. */
  async loginFailuresSince(userId: number, since: Date, tx: Executor = db) {
    const [row] = await tx
      .select({
        failures: sql<number>`cast(coalesce(sum(${mfaChallenges.attempts}), 0) as integer)`,
        oldest: sql<string | null>`min(${mfaChallenges.createdAt})`,
      })
      .from(mfaChallenges)
      .where(
        and(
          eq(mfaChallenges.userId, userId),
          eq(mfaChallenges.purpose, 'login'),
          gt(mfaChallenges.attempts, 0),
          gte(mfaChallenges.createdAt, since),
        ),
      );
    return {
      failures: row?.failures ?? 0,
      oldest: row?.oldest ? new Date(row.oldest) : null,
    };
  },

  /** True when this code already signed the user in since `since` (a replayed TOTP code). */
  async loginCodeUsedSince(userId: number, codeHash: string, since: Date, tx: Executor = db) {
    const [row] = await tx
      .select({ id: mfaChallenges.id })
      .from(mfaChallenges)
      .where(
        and(
          eq(mfaChallenges.userId, userId),
          eq(mfaChallenges.purpose, 'login'),
          eq(mfaChallenges.codeHash, codeHash),
          isNotNull(mfaChallenges.usedAt),
          gte(mfaChallenges.usedAt, since),
        ),
      )
      .limit(1);
    return row !== undefined;
  },
});

export type MfaRepository = ReturnType<typeof createMfaRepository>;

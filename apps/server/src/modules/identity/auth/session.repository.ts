import { and, eq, gt, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { impersonationLogs, refreshTokens, sessions } from '@/db/schema';

export type SessionRow = typeof sessions.$inferSelect;

/** Revokes the open sessions `where` picks and closes their impersonation log entries. */
const revokeWhere = async (where: SQL | undefined, at: Date, tx: Executor) => {
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(where, isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (revoked.length > 0) {
    await tx
      .update(impersonationLogs)
      .set({ endedAt: at })
      .where(
        and(
          inArray(
            impersonationLogs.sessionId,
            revoked.map((session) => session.id),
          ),
          isNull(impersonationLogs.endedAt),
        ),
      );
  }
  return revoked.length;
};

export const createSessionRepository = (db: Database) => ({
  async create(
    values: { userId: number; expiresAt: Date; ip: string; userAgent: string | null },
    tx: Executor = db,
  ): Promise<SessionRow> {
    const [session] = await tx.insert(sessions).values(values).returning();
    if (!session) throw new Error('Session insert returned nothing');
    return session;
  },

  /** Not revoked and not expired. */
  async findActive(id: string, now: Date, tx: Executor = db): Promise<SessionRow | null> {
    const [session] = await tx
      .select()
      .from(sessions)
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
    return session ?? null;
  },

  async touch(id: string, at: Date, tx: Executor = db) {
    await tx.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
  },

  async extend(id: string, expiresAt: Date, tx: Executor = db) {
    await tx.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
  },

  /**
   * Returns the session's user when this call revoked it, null when it was already revoked. Two
   * writes: run it in a transaction.
   */
  async revoke(id: string, at: Date, tx: Executor = db): Promise<number | null> {
    const [row] = await tx
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
      .returning({ userId: sessions.userId });
    await tx
      .update(impersonationLogs)
      .set({ endedAt: at })
      .where(and(eq(impersonationLogs.sessionId, id), isNull(impersonationLogs.endedAt)));
    return row?.userId ?? null;
  },

  /** Ends every other open session of the user (their refresh tokens die with them); how many. */
  async revokeOthers(userId: number, keepId: string, at: Date, tx: Executor = db) {
    return revokeWhere(and(eq(sessions.userId, userId), ne(sessions.id, keepId)), at, tx);
  },

  /** Ends every open session of the user, e.g. after a password reset; how many. */
  async revokeAll(userId: number, at: Date, tx: Executor = db) {
    return revokeWhere(eq(sessions.userId, userId), at, tx);
  },

  async markPasswordConfirmed(id: string, at: Date, tx: Executor = db) {
    await tx.update(sessions).set({ passwordConfirmedAt: at }).where(eq(sessions.id, id));
  },

  async setActingUser(id: string, actingUserId: number | null, tx: Executor = db) {
    await tx.update(sessions).set({ actingUserId }).where(eq(sessions.id, id));
  },

  /**
   * Back to the real user; the open impersonation log entry of the session is closed. Two
   * writes: run it in a transaction.
   */
  async endImpersonation(id: string, at: Date, tx: Executor = db) {
    await tx.update(sessions).set({ actingUserId: null }).where(eq(sessions.id, id));
    await tx
      .update(impersonationLogs)
      .set({ endedAt: at })
      .where(and(eq(impersonationLogs.sessionId, id), isNull(impersonationLogs.endedAt)));
  },

  /** Sessions currently impersonating `userId`. */
  async findImpersonating(userId: number, tx: Executor = db): Promise<SessionRow[]> {
    return tx
      .select()
      .from(sessions)
      .where(and(eq(sessions.actingUserId, userId), isNull(sessions.revokedAt)));
  },

  async insertRefreshToken(
    values: { sessionId: string; tokenHash: string; expiresAt: Date },
    tx: Executor = db,
  ) {
    await tx.insert(refreshTokens).values(values);
  },

  async findRefreshToken(tokenHash: string, tx: Executor = db) {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    return row ?? null;
  },

  /** Marks the token used; false when another request already used it (a replay). */
  async consumeRefreshToken(id: number, at: Date, tx: Executor = db): Promise<boolean> {
    const rows = await tx
      .update(refreshTokens)
      .set({ usedAt: at })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    return rows.length === 1;
  },
});

export type SessionRepository = ReturnType<typeof createSessionRepository>;

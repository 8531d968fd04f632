import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { personalAccessTokens } from '@/db/schema';

export type TokenRow = typeof personalAccessTokens.$inferSelect;

export const createTokensRepository = (db: Database) => ({
  listActive(userId: number, tx: Executor = db): Promise<TokenRow[]> {
    return tx
      .select()
      .from(personalAccessTokens)
      .where(and(eq(personalAccessTokens.userId, userId), isNull(personalAccessTokens.revokedAt)))
      .orderBy(desc(personalAccessTokens.createdAt), desc(personalAccessTokens.id));
  },

  async create(
    values: {
      userId: number;
      name: string;
      prefix: string;
      tokenHash: string;
      scopes: string[];
      expiresAt: Date | null;
    },
    tx: Executor = db,
  ): Promise<TokenRow> {
    const [row] = await tx.insert(personalAccessTokens).values(values).returning();
    if (!row) throw new Error('Token insert returned nothing');
    return row;
  },

  /** Revokes one of the user's own tokens; false when there is no such active token. */
  async revoke(id: number, userId: number, at: Date, tx: Executor = db): Promise<boolean> {
    const rows = await tx
      .update(personalAccessTokens)
      .set({ revokedAt: at })
      .where(
        and(
          eq(personalAccessTokens.id, id),
          eq(personalAccessTokens.userId, userId),
          isNull(personalAccessTokens.revokedAt),
        ),
      )
      .returning({ id: personalAccessTokens.id });
    return rows.length === 1;
  },
});

export type TokensRepository = ReturnType<typeof createTokensRepository>;

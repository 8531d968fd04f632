import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { companies, personalAccessTokens, rolePermissions, roles, users } from '@/db/schema';
import type { Identity } from './auth.types';

export const createAuthRepository = (db: Database) => ({
  async loadIdentity(userId: number, tx: Executor = db): Promise<Identity | null> {
    const [row] = await tx
      .select({
        user: users,
        company: companies,
        role: { id: roles.id, name: roles.name, title: roles.title },
      })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.id, userId));
    if (!row) return null;
    const permissions = await tx
      .select({ permission: rolePermissions.permission })
      .from(rolePermissions)
      .where(eq(rolePermissions.roleId, row.role.id));
    return { ...row, permissions: new Set(permissions.map((p) => p.permission)) };
  },

  async findUserByEmail(email: string, tx: Executor = db) {
    // lower(email) is what the unique index covers, so this is an index lookup.
    const [user] = await tx
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    return user ?? null;
  },

  async findUser(id: number, tx: Executor = db) {
    const [user] = await tx.select().from(users).where(eq(users.id, id));
    return user ?? null;
  },

  async findActiveTokenByHash(tokenHash: string, tx: Executor = db) {
    const [token] = await tx
      .select()
      .from(personalAccessTokens)
      .where(
        and(eq(personalAccessTokens.tokenHash, tokenHash), isNull(personalAccessTokens.revokedAt)),
      );
    return token ?? null;
  },

  async touchToken(id: number, at: Date, tx: Executor = db) {
    await tx
      .update(personalAccessTokens)
      .set({ lastUsedAt: at })
      .where(eq(personalAccessTokens.id, id));
  },
});

export type AuthRepository = ReturnType<typeof createAuthRepository>;

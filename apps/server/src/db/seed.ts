import { DEFAULT_ROLES, defaultRole } from '@netfleet/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { generatePassword, randomToken } from '@/lib/crypto';
import { hashPassword } from '@/lib/passwords';
import type { Database, Executor } from './client';
import { companies, rolePermissions, roles, settings, users } from './schema';
import type { CompanyRow } from './types';

export const JWT_SECRET_KEY = 'jwt_secret';
export const ROOT_COMPANY_NAME = 'Netfleet';
const DEFAULT_ADMIN_EMAIL = 'admin@netfleet.local';
/** Custom roles get ids above this, so the fixed ids of spec §6 never collide with them. */
const FIRST_CUSTOM_ROLE_ID = 100;

export interface SeedOptions {
  adminEmail: string | undefined;
  adminPassword: string | undefined;
}

export interface SeedResult {
  jwtSecret: string;
  /** Set only on the start that created the super admin. */
  createdAdmin?: { email: string; generatedPassword?: string };
}

/** The level-1 company the first start created; null before that. */
export const findRootCompany = async (tx: Executor): Promise<CompanyRow | null> => {
  const [root] = await tx
    .select()
    .from(companies)
    .where(and(eq(companies.level, 1), isNull(companies.parentId)))
    .orderBy(companies.id)
    .limit(1);
  return root ?? null;
};

/**
 * Idempotent first-start data, in one transaction: default roles (their permission sets are
 * re-synced from the catalogue on every start), the root company, the super admin and the shared
 * JWT signing secret.
 */
export const seedDatabase = (db: Database, options: SeedOptions): Promise<SeedResult> =>
  db.transaction(async (tx) => {
    for (const role of DEFAULT_ROLES) {
      const values = { name: role.name, title: role.title, description: role.description };
      await tx
        .insert(roles)
        .values({ id: role.id, ...values })
        .onConflictDoUpdate({ target: roles.id, set: values });
      await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, role.id));
      await tx
        .insert(rolePermissions)
        .values(role.permissions.map((permission) => ({ roleId: role.id, permission })));
    }
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('roles', 'id'), greatest((select max(id) from roles), ${FIRST_CUSTOM_ROLE_ID}))`,
    );

    await tx
      .insert(settings)
      .values({ key: JWT_SECRET_KEY, value: randomToken(48) })
      .onConflictDoNothing();
    const [secret] = await tx.select().from(settings).where(eq(settings.key, JWT_SECRET_KEY));
    if (!secret) throw new Error('JWT secret missing after seeding');

    let root = await findRootCompany(tx);
    if (!root) {
      const [created] = await tx
        .insert(companies)
        .values({ name: ROOT_COMPANY_NAME, level: 1, path: '/' })
        .returning();
      if (!created) throw new Error('Root company was not created');
      root = created;
      await tx
        .update(companies)
        .set({ path: `/${root.id}/` })
        .where(eq(companies.id, root.id));
    }

    const superAdmin = defaultRole('super_admin');
    const [existingAdmin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.roleId, [superAdmin.id]))
      .limit(1);
    if (existingAdmin) return { jwtSecret: secret.value };

    const email = options.adminEmail ?? DEFAULT_ADMIN_EMAIL;
    const generatedPassword = options.adminPassword ? undefined : generatePassword();
    await tx.insert(users).values({
      email,
      username: email.split('@')[0] ?? email,
      passwordHash: await hashPassword(options.adminPassword ?? generatedPassword ?? ''),
      companyId: root.id,
      roleId: superAdmin.id,
      emailVerifiedAt: new Date(),
      tosAccepted: false,
    });
    return {
      jwtSecret: secret.value,
      createdAdmin: { email, ...(generatedPassword ? { generatedPassword } : {}) },
    };
  });

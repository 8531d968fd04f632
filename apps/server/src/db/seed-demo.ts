import { DEFAULT_ROLES } from '@netfleet/contracts';
import { and, eq } from 'drizzle-orm';
import { hashPassword } from '@/lib/passwords';
import type { Database } from './client';
import { companies, users } from './schema';
import { findRootCompany } from './seed';

export const DEMO_COMPANY_NAME = 'Demo Company';
export const DEMO_EMAIL_DOMAIN = 'demo.netfleet.test';
export const DEMO_PASSWORD_MIN_LENGTH = 8;

/** read_only → read-only@demo.netfleet.test: obviously not a real person's address. */
export const demoEmail = (roleName: string) =>
  `${roleName.replaceAll('_', '-')}@${DEMO_EMAIL_DOMAIN}`;

export interface DemoSeedResult {
  company: { id: number; name: string; created: boolean };
  users: { email: string; username: string; role: string; created: boolean }[];
}

/**
 * Demo data on top of the base seed: 'Demo Company' under the root company and, for every default
 * role but super_admin, one verified user who has not yet accepted the terms. Idempotent: what
 * exists is left as it is (an existing demo user keeps their password).
 */
export const seedDemo = async (
  db: Database,
  options: { password: string },
): Promise<DemoSeedResult> => {
  if (options.password.length < DEMO_PASSWORD_MIN_LENGTH) {
    throw new Error(`The demo password needs at least ${DEMO_PASSWORD_MIN_LENGTH} characters`);
  }
  // Hashed once outside the transaction: argon2 is slow on purpose, and every user shares it.
  const passwordHash = await hashPassword(options.password);
  return db.transaction(async (tx) => {
    const root = await findRootCompany(tx);
    if (!root) throw new Error('The base seed has not run: there is no root company');

    let created = false;
    let [company] = await tx
      .select()
      .from(companies)
      .where(and(eq(companies.parentId, root.id), eq(companies.name, DEMO_COMPANY_NAME)))
      .limit(1);
    if (!company) {
      const [row] = await tx
        .insert(companies)
        .values({ name: DEMO_COMPANY_NAME, parentId: root.id, level: root.level + 1, path: '' })
        .returning();
      if (!row) throw new Error('The demo company was not created');
      [company] = await tx
        .update(companies)
        .set({ path: `${root.path}${row.id}/` })
        .where(eq(companies.id, row.id))
        .returning();
      if (!company) throw new Error('The demo company was not created');
      created = true;
    }

    const demoUsers: DemoSeedResult['users'] = [];
    for (const role of DEFAULT_ROLES.filter((r) => r.name !== 'super_admin')) {
      const email = demoEmail(role.name);
      const username = email.split('@')[0] ?? email;
      // The unique index on lower(email) decides, so a user that already exists is skipped.
      const inserted = await tx
        .insert(users)
        .values({
          email,
          username,
          passwordHash,
          companyId: company.id,
          roleId: role.id,
          emailVerifiedAt: new Date(),
          // Like any new user, a demo user meets the data agreement on first sign-in.
          tosAccepted: false,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      demoUsers.push({ email, username, role: role.name, created: inserted.length > 0 });
    }
    return {
      company: { id: company.id, name: company.name, created },
      users: demoUsers,
    };
  });
};

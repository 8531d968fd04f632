import type { Permission } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { rolePermissions, roles, users } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { createUser } from '@test/factories';

let sequence = 0;

/** Test support: a custom role of `company` granting exactly `permissions`. */
export const createCustomRole = async (
  db: Database,
  company: CompanyRow,
  permissions: readonly Permission[],
) => {
  sequence += 1;
  const [role] = await db
    .insert(roles)
    .values({ name: `fixture_${sequence}`, title: `Fixture ${sequence}`, companyId: company.id })
    .returning();
  if (!role) throw new Error('role insert failed');
  if (permissions.length) {
    await db
      .insert(rolePermissions)
      .values(permissions.map((permission) => ({ roleId: role.id, permission })));
  }
  return role;
};

/** Test support: a user of `company` holding a new custom role with `permissions`. */
export const createUserWithPermissions = async (
  db: Database,
  company: CompanyRow,
  permissions: readonly Permission[],
) => {
  const role = await createCustomRole(db, company, permissions);
  const user = await createUser(db, 'end_user', { company });
  await db.update(users).set({ roleId: role.id }).where(eq(users.id, user.id));
  return { ...user, roleId: role.id };
};

import { defaultRole, type RoleName } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { companies, users } from '@/db/schema';
import type { CompanyRow, UserRow } from '@/db/types';
import { hashPassword } from '@/lib/passwords';

export const DEFAULT_PASSWORD = 'correct-horse-battery';

let sequence = 0;
const next = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

// argon2 is deliberately slow; every factory user shares one hash of the default password.
let defaultHash: Promise<string> | undefined;
const passwordHash = (password: string) =>
  password === DEFAULT_PASSWORD
    ? (defaultHash ??= hashPassword(DEFAULT_PASSWORD))
    : hashPassword(password);

export const rootCompany = async (db: Database): Promise<CompanyRow> => {
  const [root] = await db
    .select()
    .from(companies)
    .where(eq(companies.level, 1))
    .orderBy(companies.id)
    .limit(1);
  if (!root) throw new Error('The seed did not create a root company');
  return root;
};

/** A company under `parent` (the root company when omitted), with its materialised path. */
export const createCompany = async (
  db: Database,
  options: { parent?: CompanyRow; name?: string; mfaEnforced?: boolean } = {},
): Promise<CompanyRow> => {
  const parent = options.parent ?? (await rootCompany(db));
  const [row] = await db
    .insert(companies)
    .values({
      name: options.name ?? `Company ${next()}`,
      parentId: parent.id,
      level: parent.level + 1,
      path: 'pending',
      mfaEnforced: options.mfaEnforced ?? false,
    })
    .returning();
  if (!row) throw new Error('company insert failed');
  const [company] = await db
    .update(companies)
    .set({ path: `${parent.path}${row.id}/` })
    .where(eq(companies.id, row.id))
    .returning();
  if (!company) throw new Error('company update failed');
  return company;
};

export interface CreateUserOptions {
  company?: CompanyRow;
  email?: string;
  password?: string;
  verified?: boolean;
  mfaType?: string | null;
  impersonationAccessLimit?: Date | null;
  disabled?: boolean;
}

export const createUser = async (
  db: Database,
  role: RoleName,
  options: CreateUserOptions = {},
): Promise<UserRow & { password: string }> => {
  const password = options.password ?? DEFAULT_PASSWORD;
  const email = (options.email ?? `${role}-${next()}@example.test`).toLowerCase();
  const [user] = await db
    .insert(users)
    .values({
      email,
      username: email.split('@')[0] ?? email,
      passwordHash: await passwordHash(password),
      companyId: (options.company ?? (await rootCompany(db))).id,
      roleId: defaultRole(role).id,
      emailVerifiedAt: options.verified === false ? null : new Date(),
      mfaType: options.mfaType ?? null,
      impersonationAccessLimit: options.impersonationAccessLimit ?? null,
      disabledAt: options.disabled ? new Date() : null,
    })
    .returning();
  if (!user) throw new Error('user insert failed');
  return { ...user, password };
};

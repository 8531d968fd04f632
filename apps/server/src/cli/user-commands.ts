import { defaultRole, emailSchema, newPasswordSchema } from '@netfleet/contracts';
import type { Config } from '@/config';
import { isUniqueViolation } from '@/db/errors';
import { findRootCompany, seedDatabase } from '@/db/seed';
import { generatePassword } from '@/lib/crypto';
import { hashPassword } from '@/lib/passwords';
import { createAccountRepository } from '@/modules/identity/account/account.repository';
import { createAuthRepository } from '@/modules/identity/auth/auth.repository';
import { createSessionRepository } from '@/modules/identity/auth/session.repository';
import { createInvitationsRepository } from '@/modules/organisation/invitations/invitations.repository';
import { CliError, type Output } from './cli-error';
import { openDatabaseFor } from './open-database';

const checkedEmail = (email: string) => {
  const parsed = emailSchema.safeParse(email);
  if (!parsed.success) throw new CliError(`--email ${email} is not an e-mail address.`);
  return parsed.data.toLowerCase();
};

/** A given password meets the console's own rule; none given: a generated one to print. */
const chosenPassword = (given: string | undefined, source: string) => {
  if (given === undefined) return { password: generatePassword(), generated: true };
  const parsed = newPasswordSchema.safeParse(given);
  if (!parsed.success) {
    throw new CliError(`${source}: ${parsed.error.issues[0]?.message ?? 'not a valid password'}.`);
  }
  return { password: parsed.data, generated: false };
};

const printPassword = (out: Output, password: string, generated: boolean) => {
  if (generated)
    out(`  password: ${password}   (shown only this once; change it after signing in)`);
};

export interface UserCommandOptions {
  email: string;
  password: string | undefined;
}

/**
 * A super admin in the root company. On a new database the first start's seed runs with this
 * address, so it becomes the first super admin rather than a second one next to a generated one.
 */
export const runCreateAdmin = async (
  config: Config,
  options: UserCommandOptions,
  out: Output,
): Promise<void> => {
  const email = checkedEmail(options.email);
  const { password, generated } =
    options.password !== undefined
      ? chosenPassword(options.password, '--password')
      : chosenPassword(config.adminPassword, 'NETFLEET_ADMIN_PASSWORD');
  const database = await openDatabaseFor(config, 'create-admin');
  try {
    await database.migrate(async (db) => {
      const authRepository = createAuthRepository(db);
      if (await authRepository.findUserByEmail(email)) {
        throw new CliError(
          `A user with the e-mail ${email} exists already: netfleet reset-password --email ${email} gives it a new password.`,
        );
      }
      const seed = await seedDatabase(db, { adminEmail: email, adminPassword: password });
      if (seed.createdAdmin) return;
      const root = await findRootCompany(db);
      if (!root) throw new Error('The root company is missing after seeding');
      try {
        await createInvitationsRepository(db).insertUser({
          email,
          username: email.split('@')[0] ?? email,
          passwordHash: await hashPassword(password),
          companyId: root.id,
          roleId: defaultRole('super_admin').id,
          emailVerifiedAt: new Date(),
        });
      } catch (error) {
        // Another process added the address since the check above.
        if (isUniqueViolation(error)) {
          throw new CliError(`A user with the e-mail ${email} exists already.`);
        }
        throw error;
      }
    });
  } finally {
    await database.close();
  }
  out(`Created the super admin ${email} in the root company.`);
  printPassword(out, password, generated);
};

/**
 * A new password for a user who cannot sign in (a lost admin password): every session of the user
 * ends, as after a reset by e-mail; personal access tokens stay, as they do there.
 */
export const runResetPassword = async (
  config: Config,
  options: UserCommandOptions,
  out: Output,
): Promise<void> => {
  const email = checkedEmail(options.email);
  const { password, generated } = chosenPassword(options.password, '--password');
  const database = await openDatabaseFor(config, 'reset-password');
  try {
    await database.migrate(async () => undefined);
    const { db } = database;
    const user = await createAuthRepository(db).findUserByEmail(email);
    if (!user) throw new CliError(`No user has the e-mail ${email}.`);
    // Hashed before the transaction: argon2id takes a while and should not hold the row lock.
    const passwordHash = await hashPassword(password);
    const accountRepository = createAccountRepository(db);
    const sessionRepository = createSessionRepository(db);
    const ended = await db.transaction(async (tx) => {
      await accountRepository.updateUser(user.id, { passwordHash }, tx);
      return sessionRepository.revokeAll(user.id, new Date(), tx);
    });
    out(`Set a new password for ${user.email}; ended ${ended} session${ended === 1 ? '' : 's'}.`);
    printPassword(out, password, generated);
    if (user.disabledAt) out('  note: this account is disabled; it cannot sign in until enabled.');
  } finally {
    await database.close();
  }
};

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultRole } from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '@/config';
import { createDatabase } from '@/db/client';
import { findRootCompany } from '@/db/seed';
import { verifyPassword } from '@/lib/passwords';
import { createAuthRepository } from '@/modules/identity/auth/auth.repository';
import { createSessionRepository } from '@/modules/identity/auth/session.repository';
import { CliError } from './cli-error';
import { runMigrate } from './migrate-command';
import { shippedMigrations } from './migration-status';
import { runCreateAdmin, runResetPassword } from './user-commands';

// These commands run against a real on-disk PGlite, as `netfleet` does: a fresh DATA_DIR.
let dataDir: string;
let config: Config;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'netfleet-cli-'));
  config = loadConfig({ DATA_DIR: dataDir });
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const capture = () => {
  const lines: string[] = [];
  return { lines, out: (line: string) => lines.push(line) };
};

/** Opens the database the way the server does, for looking at what a command left. */
const inspect = async <T>(
  look: (db: Awaited<ReturnType<typeof createDatabase>>['db']) => Promise<T>,
) => {
  const database = await createDatabase(config);
  try {
    return await look(database.db);
  } finally {
    await database.close();
  }
};

const generatedPassword = (lines: string[]) => /password: (\S+)/.exec(lines.join('\n'))?.[1];

describe('netfleet commands on the embedded database', { timeout: 120_000 }, () => {
  it('migrate applies every migration once, then nothing', async () => {
    const first = capture();
    const applied = await runMigrate(config, first.out);
    expect(applied).toEqual(shippedMigrations().map((m) => m.tag));
    expect(first.lines[0]).toBe(`Applied ${applied.length} migrations:`);

    const second = capture();
    expect(await runMigrate(config, second.out)).toEqual([]);
    expect(second.lines).toEqual(['The database is up to date: no migration to apply.']);
  });

  it('create-admin adds a super admin to the root company who can sign in, once', async () => {
    const { out, lines } = capture();
    await runCreateAdmin(config, { email: 'Ops@Example.com', password: 'a long passphrase' }, out);
    expect(lines).toEqual(['Created the super admin ops@example.com in the root company.']);
    await inspect(async (db) => {
      const user = await createAuthRepository(db).findUserByEmail('ops@example.com');
      expect(user?.roleId).toBe(defaultRole('super_admin').id);
      expect(user?.companyId).toBe((await findRootCompany(db))?.id);
      expect(await verifyPassword(user?.passwordHash ?? null, 'a long passphrase')).toBe(true);
      expect(await verifyPassword(user?.passwordHash ?? null, 'another passphrase')).toBe(false);
    });

    await expect(
      runCreateAdmin(config, { email: 'ops@example.com', password: 'other passphrase' }, out),
    ).rejects.toThrow(/exists already/);
  });

  it('create-admin generates and prints a password when none is given', async () => {
    const { out, lines } = capture();
    await runCreateAdmin(config, { email: 'second@example.com', password: undefined }, out);
    const password = generatedPassword(lines);
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    await inspect(async (db) => {
      const auth = createAuthRepository(db);
      const user = await auth.findUserByEmail('second@example.com');
      expect(await verifyPassword(user?.passwordHash ?? null, password ?? '')).toBe(true);
      // The first create-admin on a new database was the first start's super admin: no default one.
      expect(await auth.findUserByEmail('admin@netfleet.local')).toBeNull();
    });
  });

  it('create-admin refuses a short password or a bad address before touching the database', async () => {
    const { out } = capture();
    await expect(
      runCreateAdmin(config, { email: 'x@example.com', password: 'short' }, out),
    ).rejects.toThrow('--password: Use at least 8 characters.');
    await expect(
      runCreateAdmin(config, { email: 'not-an-address', password: 'long enough' }, out),
    ).rejects.toThrow(CliError);
  });

  it('reset-password sets a new hash and ends every session of the user', async () => {
    const sessionIds = await inspect(async (db) => {
      const user = await createAuthRepository(db).findUserByEmail('ops@example.com');
      if (!user) throw new Error('ops@example.com is missing');
      const sessions = createSessionRepository(db);
      const expiresAt = new Date(Date.now() + 3_600_000);
      const made = [];
      for (const ip of ['10.0.0.1', '10.0.0.2']) {
        made.push(await sessions.create({ userId: user.id, expiresAt, ip, userAgent: null }));
      }
      return made.map((s) => s.id);
    });

    const { out, lines } = capture();
    await runResetPassword(config, { email: 'OPS@example.com', password: undefined }, out);
    expect(lines[0]).toBe('Set a new password for ops@example.com; ended 2 sessions.');
    const password = generatedPassword(lines);

    await inspect(async (db) => {
      const user = await createAuthRepository(db).findUserByEmail('ops@example.com');
      expect(await verifyPassword(user?.passwordHash ?? null, password ?? '')).toBe(true);
      expect(await verifyPassword(user?.passwordHash ?? null, 'a long passphrase')).toBe(false);
      const sessions = createSessionRepository(db);
      for (const id of sessionIds) expect(await sessions.findActive(id, new Date())).toBeNull();
    });

    await expect(
      runResetPassword(config, { email: 'nobody@example.com', password: 'long enough' }, out),
    ).rejects.toThrow('No user has the e-mail nobody@example.com.');
  });

  it('refuses while a running server holds DATA_DIR', async () => {
    // The parent process (the test runner) stands in for a running server.
    writeFileSync(join(dataDir, 'netfleet.pid'), String(process.ppid));
    try {
      const { out } = capture();
      const running = `netfleet is running on DATA_DIR=${dataDir} (pid ${process.ppid}): stop it before netfleet`;
      await expect(runMigrate(config, out)).rejects.toThrow(`${running} migrate`);
      await expect(
        runCreateAdmin(config, { email: 'third@example.com', password: 'long enough' }, out),
      ).rejects.toThrow(`${running} create-admin`);
      await expect(
        runResetPassword(config, { email: 'ops@example.com', password: 'long enough' }, out),
      ).rejects.toThrow(`${running} reset-password`);
    } finally {
      rmSync(join(dataDir, 'netfleet.pid'), { force: true });
    }
  });
});

import { DEFAULT_ROLES } from '@netfleet/contracts';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@test/app';
import { loginAs } from '@test/session';
import { companies, users } from './schema';
import { DEMO_COMPANY_NAME, seedDemo } from './seed-demo';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const password = 'demo-password-1';

describe('seedDemo', () => {
  it('creates the demo company and one ready-to-use user per role but super_admin, once', async () => {
    const first = await seedDemo(t.db, { password });
    expect(first.company).toMatchObject({ name: DEMO_COMPANY_NAME, created: true });
    expect(first.users.map((u) => [u.role, u.email, u.username, u.created])).toEqual([
      ['admin', 'admin@demo.netfleet.test', 'admin', true],
      ['end_user', 'end-user@demo.netfleet.test', 'end-user', true],
      ['read_only', 'read-only@demo.netfleet.test', 'read-only', true],
      ['support', 'support@demo.netfleet.test', 'support', true],
      ['readonly_admin', 'readonly-admin@demo.netfleet.test', 'readonly-admin', true],
    ]);
    expect(first.users).toHaveLength(DEFAULT_ROLES.length - 1);

    const [company] = await t.db.select().from(companies).where(eq(companies.id, first.company.id));
    expect(company).toMatchObject({ level: 2, path: `/${company?.parentId}/${company?.id}/` });

    const again = await seedDemo(t.db, { password: 'another-password' });
    expect(again.company).toEqual({ ...first.company, created: false });
    expect(again.users.every((u) => !u.created)).toBe(true);
    const rows = await t.db.select().from(users).where(like(users.email, '%@demo.netfleet.test'));
    expect(rows).toHaveLength(DEFAULT_ROLES.length - 1);
    expect(
      rows.every((u) => !u.tosAccepted && u.emailVerifiedAt && u.companyId === company?.id),
    ).toBe(true);

    // Verified: straight into the console with the first password; the agreement comes first.
    const session = await loginAs(t.app, { email: 'read-only@demo.netfleet.test', password });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: session.cookie },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      role: { name: 'read_only' },
      company_name: DEMO_COMPANY_NAME,
      tos_accepted: false,
    });
  });

  it('refuses a password shorter than 8 characters', async () => {
    await expect(seedDemo(t.db, { password: 'short' })).rejects.toThrow(/at least 8/);
  });
});

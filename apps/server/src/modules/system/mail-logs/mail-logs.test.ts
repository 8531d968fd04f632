import type { MailLog } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailLogs, rolePermissions, roles, users } from '@/db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';

let t: TestApp;
let admin: TestSession;

const minutesAgo = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, 0) - minutes * 60_000);

beforeAll(async () => {
  t = await buildTestApp();
  // A user of another tree, for the scoping test below.
  const sibling = await createCompany(t.db);
  await createUser(t.db, 'end_user', { company: sibling, email: 'dora@example.test' });
  await t.db.insert(mailLogs).values([
    {
      to: 'zed@example.test',
      subject: 'Welcome',
      body: 'Hi <b>zed</b>',
      status: 'logged',
      createdAt: minutesAgo(5),
    },
    {
      to: 'amy@example.test',
      subject: 'Discount 50% off',
      body: 'b',
      status: 'sent',
      createdAt: minutesAgo(4),
    },
    {
      to: 'bob@example.test',
      subject: 'Discount 5000 off',
      body: 'b',
      status: 'failed',
      error: 'ECONNREFUSED',
      createdAt: minutesAgo(3),
    },
    {
      to: 'carl@example.test',
      subject: 'reset_password',
      body: 'b',
      status: 'sent',
      createdAt: minutesAgo(2),
    },
    {
      to: 'dora@example.test',
      subject: 'Verify',
      body: 'b',
      status: 'logged',
      createdAt: minutesAgo(1),
    },
  ]);
  admin = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
});

afterAll(async () => {
  await t.close();
});

const list = async (session: TestSession | null, query = '') => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/mail-logs${query}`,
    headers: session ? { cookie: session.cookie } : {},
  });
  return {
    status: response.statusCode,
    body: response.json<{
      data: MailLog[];
      meta: { total: number };
      errors?: { source: string | null }[];
    }>(),
  };
};
const subjects = (rows: MailLog[]) => rows.map((row) => row.subject);

describe('GET /api/mail-logs', () => {
  it('lists mail newest first with the total, as the contract describes', async () => {
    const { status, body } = await list(admin);
    expect(status).toBe(200);
    expect(body.meta.total).toBe(5);
    expect(subjects(body.data)).toEqual([
      'Verify',
      'reset_password',
      'Discount 5000 off',
      'Discount 50% off',
      'Welcome',
    ]);
    const failed = body.data.find((row) => row.status === 'failed');
    expect(failed).toMatchObject({ to: 'bob@example.test', error: 'ECONNREFUSED' });
    expect(body.data.find((row) => row.to === 'zed@example.test')).toMatchObject({
      body: 'Hi <b>zed</b>',
      error: null,
      created_at: minutesAgo(5).toISOString(),
    });
  });

  it('pages and sorts in SQL over allow-listed fields', async () => {
    const page = await list(admin, '?limit=2&offset=1&sort=to');
    expect(page.body.meta.total).toBe(5);
    expect(page.body.data.map((row) => row.to)).toEqual(['bob@example.test', 'carl@example.test']);
    const bySubject = await list(admin, '?sort=-subject&limit=1');
    expect(subjects(bySubject.body.data)).toEqual(['reset_password']);
    const byStatus = await list(admin, '?sort=status,created_at');
    expect(byStatus.body.data.map((row) => row.status)).toEqual([
      'failed',
      'logged',
      'logged',
      'sent',
      'sent',
    ]);
  });

  it('refuses sorting by a field that is not offered', async () => {
    const { status, body } = await list(admin, '?sort=body');
    expect(status).toBe(400);
    expect(body.errors?.[0]?.source).toBe('sort');
  });

  it('searches recipient and subject case-insensitively with LIKE wildcards taken literally', async () => {
    expect(subjects((await list(admin, '?q=ZED')).body.data)).toEqual(['Welcome']);
    expect(subjects((await list(admin, '?q=50%25')).body.data)).toEqual(['Discount 50% off']);
    expect(subjects((await list(admin, '?q=_')).body.data)).toEqual(['reset_password']);
    const toOnly = await list(admin, '?q=discount&search-fields=to');
    expect(toOnly.body.meta.total).toBe(0);
    expect((await list(admin, '?q=x&search-fields=body')).status).toBe(400);
  });

  it('filters by status and rejects unknown statuses', async () => {
    const failed = await list(admin, '?status=failed');
    expect(failed.body.meta.total).toBe(1);
    expect(subjects(failed.body.data)).toEqual(['Discount 5000 off']);
    const search = await list(admin, '?status=sent&q=discount');
    expect(subjects(search.body.data)).toEqual(['Discount 50% off']);
    expect((await list(admin, '?status=queued')).status).toBe(400);
  });

  it('needs view_mail_logs', async () => {
    expect((await list(null)).status).toBe(401);
    const guest = await createUser(t.db, 'readonly_admin');
    expect((await list(await loginAs(t.app, guest))).status).toBe(403);
  });

  it('shows a non-super-admin holder only mail to users of the companies they see', async () => {
    const company = await createCompany(t.db);
    const [role] = await t.db
      .insert(roles)
      .values({ name: 'mail_viewer', title: 'Mail viewer', companyId: company.id })
      .returning();
    if (!role) throw new Error('role insert failed');
    // Subsidiaries too: with access_child_companies (without it, only the holder's own company).
    await t.db.insert(rolePermissions).values([
      { roleId: role.id, permission: 'view_mail_logs' },
      { roleId: role.id, permission: 'access_child_companies' },
    ]);
    const viewer = await createUser(t.db, 'admin', { company });
    await t.db.update(users).set({ roleId: role.id }).where(eq(users.id, viewer.id));
    const below = await createUser(t.db, 'end_user', {
      company: await createCompany(t.db, { parent: company }),
    });
    await t.db.insert(mailLogs).values([
      // Recipients are matched case-insensitively against the subtree's users.
      {
        to: viewer.email.toUpperCase(),
        subject: 'Mine',
        body: 'b',
        status: 'sent',
        createdAt: minutesAgo(0),
      },
      { to: below.email, subject: 'Below', body: 'b', status: 'sent', createdAt: minutesAgo(-1) },
    ]);

    const { status, body } = await list(await loginAs(t.app, viewer));
    expect(status).toBe(200);
    // 'Verify' went to a user of a sibling company and the rest to no user at all.
    expect(subjects(body.data)).toEqual(['Below', 'Mine']);
    expect(body.meta.total).toBe(2);
  });
});

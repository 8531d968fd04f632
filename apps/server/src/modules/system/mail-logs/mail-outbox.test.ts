import {
  type MailLog,
  OUTBOX_MAX_MESSAGES,
  OUTBOX_RETENTION_DAYS,
  type OutboxMail,
  type SentInvitation,
} from '@netfleet/contracts';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailLogs, mailOutbox, rolePermissions, roles, users } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  buildTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';

// No SMTP_URL and no transport: mail is kept, as in the embedded default.
let t: TestApp;
let superAdmin: TestSession;
let company: CompanyRow;

beforeAll(async () => {
  t = await buildTestApp();
  superAdmin = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  company = await createCompany(t.db, { name: 'Outbox Co' });
});
afterAll(() => t.close());

const get = async <T>(session: TestSession, url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie: session.cookie } });
  return { status: response.statusCode, body: response.json<{ data: T[] }>() };
};
const inviteLink = async (email: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/users/invite',
    headers: superAdmin.headers,
    payload: { email, company_id: company.id, role: 'end_user' },
  });
  expect(response.statusCode).toBe(201);
  const link = response.json<{ data: SentInvitation }>().data.invitation_link;
  if (!link) throw new Error('no invitation link in the answer');
  return link;
};

/** An administrator of `company` whose custom role holds view_mail_logs. */
const mailLogViewer = async () => {
  const [role] = await t.db
    .insert(roles)
    .values({ name: 'mail_reader', title: 'Mail reader', companyId: company.id })
    .returning();
  if (!role) throw new Error('role insert failed');
  await t.db.insert(rolePermissions).values({ roleId: role.id, permission: 'view_mail_logs' });
  const viewer = await createUser(t.db, 'admin', { company });
  await t.db.update(users).set({ roleId: role.id }).where(eq(users.id, viewer.id));
  return viewer;
};

describe('the outbox (mail kept because no SMTP server is configured)', () => {
  it('shows a super admin the whole mail, link included, while the log stays redacted', async () => {
    const link = await inviteLink('olga@example.test');
    const token = link.split('/register/')[1] ?? '';
    expect(token).not.toBe('');

    const outbox = await get<OutboxMail>(superAdmin, '/api/mail-logs/outbox?q=olga');
    expect(outbox.status).toBe(200);
    expect(outbox.body.data).toEqual([
      {
        id: expect.any(Number),
        to: 'olga@example.test',
        subject: 'You are invited to netfleet',
        body: expect.stringContaining(link),
        created_at: expect.any(String),
      },
    ]);

    const logs = await get<MailLog>(superAdmin, '/api/mail-logs?q=olga');
    expect(logs.body.data).toHaveLength(1);
    expect(logs.body.data[0]).toMatchObject({ status: 'logged', id: outbox.body.data[0]?.id });
    expect(logs.body.data[0]?.body).toContain(`${TEST_PUBLIC_URL}/register/[redacted]`);
    expect(logs.body.data[0]?.body).not.toContain(token);
  });

  it('is refused to anyone but a super admin, and their mail log never shows a link', async () => {
    const viewer = await mailLogViewer();
    const session = await loginAs(t.app, viewer);
    // A verification link mailed to a user of the viewer's own company: a row the viewer sees.
    const unverified = await createUser(t.db, 'end_user', { company, verified: false });
    const resend = await t.app.inject({
      method: 'POST',
      url: '/account/user/activation/resend',
      headers: (await loginAs(t.app, unverified)).headers,
    });
    expect(resend.statusCode).toBe(200);
    const [kept] = await get<OutboxMail>(
      superAdmin,
      `/api/mail-logs/outbox?q=${unverified.email}`,
    ).then(({ body }) => body.data);
    const token = /verify-email\?token=([\w-]+)/.exec(kept?.body ?? '')?.[1];
    expect(token).toBeDefined();

    const outbox = await get<OutboxMail>(session, '/api/mail-logs/outbox');
    expect(outbox.status).toBe(403);
    expect(JSON.stringify(outbox.body)).not.toContain('verify-email');
    const admin = await loginAs(t.app, await createUser(t.db, 'admin', { company }));
    expect((await get<OutboxMail>(admin, '/api/mail-logs/outbox')).status).toBe(403);

    const logs = await get<MailLog>(session, '/api/mail-logs?limit=1000');
    expect(logs.status).toBe(200);
    const mine = logs.body.data.find((row) => row.to === unverified.email);
    expect(mine?.body).toContain('verify-email?token=[redacted]');
    expect(JSON.stringify(logs.body)).not.toContain(token);
  });

  it(`keeps ${OUTBOX_RETENTION_DAYS} days and ${OUTBOX_MAX_MESSAGES} messages at most`, async () => {
    const stale = new Date(Date.now() - (OUTBOX_RETENTION_DAYS + 1) * 24 * 3600 * 1000);
    // A full outbox on top of the earlier tests' mail; the newest filler is past the retention.
    const fillers = await t.db
      .insert(mailLogs)
      .values(
        Array.from({ length: OUTBOX_MAX_MESSAGES }, (_, index) => ({
          to: `filler-${index}@example.test`,
          subject: 'Filler',
          body: 'b',
          status: 'logged' as const,
        })),
      )
      .returning({ id: mailLogs.id });
    const ids = fillers.map(({ id }) => id);
    const staleId = ids.at(-1) ?? 0;
    await t.db.insert(mailOutbox).values(
      ids.map((mailLogId) => ({
        mailLogId,
        subject: 'Filler',
        body: 'b',
        ...(mailLogId === staleId ? { createdAt: stale } : {}),
      })),
    );
    // What aged out is not shown, even before the next mail prunes it.
    const shown = await get<OutboxMail>(superAdmin, `/api/mail-logs/outbox?id=${staleId}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toEqual([]);

    await inviteLink('last@example.test');
    const kept = (await t.db.select({ id: mailOutbox.mailLogId }).from(mailOutbox)).map(
      ({ id }) => id,
    );
    // Past the count: the earlier mail and the oldest filler; past the age: the stale one.
    expect(kept).toHaveLength(OUTBOX_MAX_MESSAGES - 1);
    expect(kept).toEqual(expect.arrayContaining(ids.slice(1, -1)));
    expect(kept).not.toContain(ids[0]);
    expect(kept).not.toContain(staleId);
    // The log keeps every mail, redacted.
    const [{ logged } = { logged: 0 }] = await t.db
      .select({ logged: count() })
      .from(mailLogs)
      .where(inArray(mailLogs.id, [ids[0] ?? 0, staleId]));
    expect(logged).toBe(2);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impersonationAccessRequests, mailLogs, users } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { createOutbox } from '@test/outbox';
import { loginAs, sessionFrom, type TestSession } from '@test/session';

let t: TestApp;
const outbox = createOutbox();
let tenant: CompanyRow;
let otherTenant: CompanyRow;

beforeAll(async () => {
  t = await buildTestApp({}, { mailTransport: outbox.transport });
  tenant = await createCompany(t.db, { name: 'Tenant' });
  otherTenant = await createCompany(t.db, { name: 'Other tenant' });
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

const request = (session: TestSession, userId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/users/${userId}/impersonation-access-request`,
    headers: session.headers,
  });
const confirm = (session: TestSession, token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/confirm-impersonation-access',
    headers: session.headers,
    payload: { token },
  });
/** The token of the newest confirmation link mailed to `to`. */
const mailedToken = (to: string) => {
  const mail = outbox.messages.findLast((message) => message.to === to);
  return /\/users\/confirm-impersonation-access\/([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
};
const accessLimit = async (userId: number) => {
  const [row] = await t.db.select().from(users).where(eq(users.id, userId));
  return row?.impersonationAccessLimit ?? null;
};

describe('impersonation access requested by mail', () => {
  it('mails the user a link; confirming it lets support impersonate them for 7 days', async () => {
    const supporter = await createUser(t.db, 'support');
    const target = await createUser(t.db, 'end_user', { company: tenant });
    const support = await loginAs(t.app, supporter);

    const before = await t.app.inject({
      method: 'POST',
      url: `/api/users/${target.id}/impersonate`,
      headers: support.headers,
    });
    expect(before.statusCode).toBe(403);

    const requested = await request(support, target.id);
    expect(requested.statusCode).toBe(200);
    const mail = outbox.messages.findLast((message) => message.to === target.email);
    expect(mail?.subject).toBe('Impersonation access request');
    expect(mail?.text).toContain(`${supporter.email} asks to act as you`);
    const token = mailedToken(target.email);
    expect(token).toMatch(/^[\w-]{43}$/);
    const [logged] = await t.db.select().from(mailLogs).where(eq(mailLogs.to, target.email));
    expect(logged?.body).toContain('/users/confirm-impersonation-access/[redacted]');

    const confirmed = await confirm(await loginAs(t.app, target), token);
    expect(confirmed.statusCode).toBe(200);
    const limit = confirmed.json().data.impersonation_access_limit as string;
    const inSevenDays = Date.now() + 7 * DAY;
    expect(Math.abs(Date.parse(limit) - inSevenDays)).toBeLessThan(60_000);
    expect((await accessLimit(target.id))?.toISOString()).toBe(limit);
    const [row] = await t.db
      .select()
      .from(impersonationAccessRequests)
      .where(eq(impersonationAccessRequests.userId, target.id));
    expect(row).toMatchObject({ requestedBy: supporter.id, confirmedAt: expect.any(Date) });

    const started = await t.app.inject({
      method: 'POST',
      url: `/api/users/${target.id}/impersonate`,
      headers: support.headers,
    });
    expect(started.statusCode).toBe(200);

    // Used up: the same link does nothing more.
    expect((await confirm(await loginAs(t.app, target), token)).statusCode).toBe(404);
  });

  it('accepts only the token of the signed-in user, unexpired, and not while impersonating', async () => {
    const admin = await createUser(t.db, 'admin', { company: tenant });
    const target = await createUser(t.db, 'end_user', { company: tenant });
    const adminSession = await loginAs(t.app, admin);
    expect((await request(adminSession, target.id)).statusCode).toBe(200);
    const token = mailedToken(target.email);

    const someoneElse = await createUser(t.db, 'end_user', { company: tenant });
    const wrongUser = await confirm(await loginAs(t.app, someoneElse), token);
    expect(wrongUser.statusCode).toBe(404);
    expect(await accessLimit(someoneElse.id)).toBeNull();
    expect(await accessLimit(target.id)).toBeNull();

    // A super admin impersonating the target cannot confirm in their name.
    const superAdmin = await createUser(t.db, 'super_admin');
    const superSession = await loginAs(t.app, superAdmin);
    const acting = await t.app.inject({
      method: 'POST',
      url: `/api/users/${target.id}/impersonate`,
      headers: superSession.headers,
    });
    expect(acting.statusCode).toBe(200);
    expect((await confirm(sessionFrom(acting, superSession), token)).statusCode).toBe(403);

    await t.db
      .update(impersonationAccessRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(impersonationAccessRequests.userId, target.id));
    const expired = await confirm(await loginAs(t.app, target), token);
    expect(expired.statusCode).toBe(404);
    expect(await accessLimit(target.id)).toBeNull();
    expect((await confirm(await loginAs(t.app, target), '')).statusCode).toBe(422);
  });

  it('asks at most once a minute, only about users you see, not yourself, with impersonate_users', async () => {
    const admin = await createUser(t.db, 'admin', { company: tenant });
    const session = await loginAs(t.app, admin);
    const target = await createUser(t.db, 'end_user', { company: tenant });
    expect((await request(session, target.id)).statusCode).toBe(200);
    const again = await request(session, target.id);
    expect(again.statusCode).toBe(422);
    expect(outbox.messages.filter((message) => message.to === target.email)).toHaveLength(1);

    const stranger = await createUser(t.db, 'end_user', { company: otherTenant });
    expect((await request(session, stranger.id)).statusCode).toBe(404);
    expect((await request(session, 99999999)).statusCode).toBe(404);
    expect((await request(session, admin.id)).statusCode).toBe(422);
    const guest = await createUser(t.db, 'readonly_admin', { company: tenant });
    expect((await request(await loginAs(t.app, guest), target.id)).statusCode).toBe(403);
  });
});

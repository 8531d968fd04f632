import { userChannel } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, invitations, users } from '@/db/schema';
import type { CompanyRow, UserRow } from '@/db/types';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { createOutbox } from '@test/outbox';
import { loginAs, sessionFrom, SPA_HEADERS, type TestSession } from '@test/session';
import { collect, connectSocket, listen, subscribe } from '@test/sockets';

let t: TestApp;
let url: string;
const outbox = createOutbox();
let tenant: CompanyRow;
let inviter: UserRow & { password: string };
let admin: TestSession;

beforeAll(async () => {
  t = await buildTestApp({}, { mailTransport: outbox.transport });
  url = await listen(t.app);
  tenant = await createCompany(t.db, { name: 'Tenant' });
  inviter = await createUser(t.db, 'admin', { company: tenant, email: 'boss@tenant.test' });
  admin = await loginAs(t.app, inviter);
});
afterAll(() => t.close());

const PASSWORD = 'a-long-enough-password';

/** Invites through the API and returns the token from the mailed link. */
const invite = async (url: string, payload: object, email: string) => {
  const response = await t.app.inject({ method: 'POST', url, headers: admin.headers, payload });
  expect(response.statusCode).toBe(201);
  const mail = outbox.messages.findLast((message) => message.to === email);
  const token = /\/register\/([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation link mailed to ${email}`);
  return token;
};
const register = (token: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/account/invitations/${token}/register`,
    headers: SPA_HEADERS,
    payload,
  });
const me = (session: TestSession) =>
  t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: session.cookie } });

describe('registering through an invitation', () => {
  it('shows the invitation, creates a verified user, signs them in and tells the inviter live', async () => {
    const token = await invite(
      '/api/users/invite',
      { email: 'eve@example.test', company_id: tenant.id, role: 'end_user' },
      'eve@example.test',
    );
    const shown = await t.app.inject({ method: 'GET', url: `/account/invitations/${token}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toEqual({
      email: 'eve@example.test',
      company_name: 'Tenant',
      role_title: 'End Client',
      inviter_email: 'boss@tenant.test',
      new_company: false,
    });

    const mismatch = await register(token, { password: PASSWORD, password_confirmation: 'nope' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors[0].source).toBe('password_confirmation');
    const short = await register(token, { password: 'short', password_confirmation: 'short' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors[0].source).toBe('password');

    const socket = await connectSocket(url, { cookie: admin.cookie });
    try {
      expect(await subscribe(socket, userChannel(inviter.id))).toEqual({ success: true });
      const events = collect(socket, 'WebNotificationCreated');
      const response = await register(token, {
        password: PASSWORD,
        password_confirmation: PASSWORD,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.user).toMatchObject({
        email: 'eve@example.test',
        username: 'eve',
        company_id: tenant.id,
        role: { name: 'end_user' },
        tos_accepted: false,
      });

      // Signed in exactly like POST /account/login: the session cookies work at once.
      const session = sessionFrom(response);
      expect(session.access).not.toBe('');
      expect(session.refresh).not.toBe('');
      expect(session.xsrf).not.toBe('');
      const current = await me(session);
      expect(current.statusCode).toBe(200);
      expect(current.json().email).toBe('eve@example.test');
      await loginAs(t.app, { email: 'eve@example.test', password: PASSWORD });

      const [event] = await events.until(1);
      expect(event?.notification).toMatchObject({
        type: 'invitedUserRegistration',
        summary: 'eve@example.test registered in Tenant',
        seen_at: null,
      });
    } finally {
      socket.close();
    }
    const bell = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie: admin.cookie },
    });
    expect(bell.json().data[0]).toMatchObject({
      type: 'invitedUserRegistration',
      summary: 'eve@example.test registered in Tenant',
    });

    const [user] = await t.db.select().from(users).where(eq(users.email, 'eve@example.test'));
    expect(user?.emailVerifiedAt).not.toBeNull();
    const invitationsList = await t.app.inject({
      method: 'GET',
      url: '/api/users/invitations?q=eve',
      headers: { cookie: admin.cookie },
    });
    expect(invitationsList.json().data[0].status).toBe('accepted');

    // The link is used up.
    const again = await register(token, { password: PASSWORD, password_confirmation: PASSWORD });
    expect(again.statusCode).toBe(404);
    expect(again.json().errors[0].message).toBe('Invitation not found or expired');
  });

  it('takes a chosen username', async () => {
    const token = await invite(
      '/api/users/invite',
      { email: 'max@example.test', company_id: tenant.id, role: 4 },
      'max@example.test',
    );
    const response = await register(token, {
      username: 'Max',
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(response.json().data.user).toMatchObject({
      username: 'Max',
      role: { name: 'read_only' },
    });
  });

  it('creates the new company of a company invitation, with the invitee as its administrator', async () => {
    const token = await invite(
      '/api/distributors/invitations',
      { email: 'founder@example.test' },
      'founder@example.test',
    );
    const body = { password: PASSWORD, password_confirmation: PASSWORD };
    const missing = await register(token, body);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors[0]).toMatchObject({
      source: 'company_name',
      message: 'Company name is required',
    });
    await createCompany(t.db, { parent: tenant, name: 'Taken Name' });
    const taken = await register(token, { ...body, company_name: 'taken name' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0].source).toBe('company_name');

    const response = await register(token, { ...body, company_name: 'Founder Ltd' });
    expect(response.statusCode).toBe(200);
    const user = response.json().data.user;
    expect(user).toMatchObject({
      company_name: 'Founder Ltd',
      company: { parent_id: tenant.id, level: tenant.level + 1 },
      role: { name: 'admin' },
    });
    const [company] = await t.db.select().from(companies).where(eq(companies.id, user.company_id));
    expect(company?.path).toBe(`${tenant.path}${company?.id}/`);
    const bell = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie: admin.cookie },
    });
    expect(bell.json().data[0].summary).toBe('founder@example.test registered in Founder Ltd');
  });

  it('refuses an address that got an account meanwhile, and keeps the invitation', async () => {
    const token = await invite(
      '/api/users/invite',
      { email: 'race@example.test', company_id: tenant.id, role: 3 },
      'race@example.test',
    );
    await createUser(t.db, 'end_user', { email: 'race@example.test' });
    const response = await register(token, { password: PASSWORD, password_confirmation: PASSWORD });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0]).toMatchObject({
      message: 'A user with this e-mail already exists',
      source: 'email',
    });
    const [row] = await t.db
      .select()
      .from(invitations)
      .where(eq(invitations.email, 'race@example.test'));
    expect(row?.acceptedAt).toBeNull();
  });

  it('answers unknown and expired links with the same 404', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/account/invitations/not-a-token' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].message).toBe('Invitation not found or expired');
    const token = await invite(
      '/api/users/invite',
      { email: 'slow@example.test', company_id: tenant.id, role: 3 },
      'slow@example.test',
    );
    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.email, 'slow@example.test'));
    const expired = await register(token, { password: PASSWORD, password_confirmation: PASSWORD });
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual(unknown.json());
  });
});

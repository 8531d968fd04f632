import { toApiDate } from '@netfleet/contracts';
import type { Invitation } from '@netfleet/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionLogs, invitations, mailLogs, suppressedEmails } from '@/db/schema';
import type { CompanyRow, UserRow } from '@/db/types';
import { sha256 } from '@/lib/crypto';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { createOutbox } from '@test/outbox';
import { loginAs, type TestSession } from '@test/session';

let t: TestApp;
const clock = new Date();
const outbox = createOutbox();
let tenant: CompanyRow;
let branch: CompanyRow;
let otherTenant: CompanyRow;
let tenantAdmin: UserRow & { password: string };
let admin: TestSession;
let superAdmin: TestSession;

beforeAll(async () => {
  t = await buildTestApp({}, { mailTransport: outbox.transport, now: () => clock });
  tenant = await createCompany(t.db, { name: 'Tenant' });
  branch = await createCompany(t.db, { parent: tenant, name: 'Branch' });
  otherTenant = await createCompany(t.db, { name: 'Other tenant' });
  tenantAdmin = await createUser(t.db, 'admin', { company: tenant, email: 'boss@tenant.test' });
  admin = await loginAs(t.app, tenantAdmin);
  superAdmin = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
});
afterAll(() => t.close());

const invite = (session: TestSession, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/users/invite', headers: session.headers, payload });
const list = async (session: TestSession, query = '') => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/users/invitations${query}`,
    headers: { cookie: session.cookie },
  });
  return {
    status: response.statusCode,
    body: response.json<{ data: Invitation[]; meta: { total: number } }>(),
  };
};
const details = (token: string) =>
  t.app.inject({ method: 'GET', url: `/account/invitations/${token}` });
/** The token of the newest invitation link mailed to `to`. */
const mailedToken = (to: string) => {
  const mail = outbox.messages.findLast((message) => message.to === to);
  return /\/register\/([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
};

describe('POST /api/users/invite', () => {
  it('creates a pending invitation and mails its link', async () => {
    const response = await invite(admin, {
      email: 'New.Person@example.test',
      company_id: branch.id,
      role: 'end_user',
    });
    expect(response.statusCode).toBe(201);
    const invitation = response.json().data as Invitation;
    expect(invitation).toEqual({
      id: expect.any(Number),
      email: 'new.person@example.test',
      company_id: branch.id,
      company_name: 'Branch',
      role_id: 3,
      role: 'end_user',
      role_name: 'end_user',
      role_title: 'End Client',
      bounce_status: null,
      invited_by_email: 'boss@tenant.test',
      new_company: false,
      status: 'pending',
      created_at: toApiDate(clock),
      expires_at: new Date(clock.getTime() + 7 * 24 * 3600 * 1000).toISOString(),
      last_sent_at: clock.toISOString(),
    });

    const mail = outbox.messages.findLast((message) => message.to === 'new.person@example.test');
    expect(mail?.subject).toBe('You are invited to netfleet');
    expect(mail?.text).toContain('boss@tenant.test invited you to join Branch as End Client');
    const token = mailedToken('new.person@example.test');
    expect(token).toMatch(/^[\w-]{43}$/);
    // Only the hash is stored, and the log administrators read holds the link redacted.
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(row?.tokenHash).toBe(sha256(token));
    const [logged] = await t.db
      .select()
      .from(mailLogs)
      .where(eq(mailLogs.to, 'new.person@example.test'));
    expect(logged?.body).toContain('http://console.test/register/[redacted]');
    const [action] = await t.db
      .select()
      .from(actionLogs)
      .where(eq(actionLogs.action, 'user_invite'))
      .orderBy(desc(actionLogs.id))
      .limit(1);
    expect(action).toMatchObject({ userId: tenantAdmin.id, entityId: String(invitation.id) });
  });

  it('takes the role as an id too', async () => {
    const response = await invite(admin, {
      email: 'guest@example.test',
      company_id: tenant.id,
      role: 4,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ role_name: 'read_only', company_name: 'Tenant' });
  });

  it('refuses roles the inviter may not give (spec §6)', async () => {
    for (const role of ['super_admin', 'support', 1, 5, 'nonsense', 999999]) {
      const response = await invite(admin, {
        email: 'r@example.test',
        company_id: tenant.id,
        role,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().errors[0]).toEqual({
        code: 'FORBIDDEN',
        message: 'You cannot invite users with this role',
        source: 'role',
      });
    }
    const bySuperAdmin = await invite(superAdmin, {
      email: 'helper@example.test',
      company_id: tenant.id,
      role: 'support',
    });
    expect(bySuperAdmin.statusCode).toBe(201);
  });

  it('lets no one without invite_users invite, whatever the role', async () => {
    for (const roleName of ['end_user', 'readonly_admin', 'read_only'] as const) {
      const caller = await createUser(t.db, roleName, { company: tenant });
      const response = await invite(await loginAs(t.app, caller), {
        email: 'e@example.test',
        company_id: tenant.id,
        role: 'read_only',
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it('answers a company of another tree as not found', async () => {
    const response = await invite(admin, {
      email: 'far@example.test',
      company_id: otherTenant.id,
      role: 'end_user',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0]).toMatchObject({ source: 'company_id' });
  });

  it('refuses an address that has an account or a pending invitation (409)', async () => {
    const existing = await invite(admin, {
      email: 'BOSS@tenant.test',
      company_id: tenant.id,
      role: 3,
    });
    expect(existing.statusCode).toBe(409);
    expect(existing.json().errors[0]).toEqual({
      code: 'CONFLICT',
      message: 'A user with this e-mail already exists',
      source: 'email',
    });
    const pending = await invite(admin, {
      email: 'new.person@example.test',
      company_id: tenant.id,
      role: 3,
    });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().errors[0].source).toBe('email');
  });

  it('validates the form', async () => {
    const response = await invite(admin, { email: '', company_id: tenant.id });
    expect(response.statusCode).toBe(422);
    const sources = response.json().errors.map((error: { source: string }) => error.source);
    expect(sources).toEqual(expect.arrayContaining(['email', 'role']));
  });
});

describe('GET /api/users/invitations', () => {
  it('lists the invitations of your companies with filters, search and status', async () => {
    const { status, body } = await list(admin, '?sort=email');
    expect(status).toBe(200);
    expect(body.data.map((row) => row.email)).toEqual([
      'guest@example.test',
      'helper@example.test',
      'new.person@example.test',
    ]);
    expect((await list(admin, '?role=end_user')).body.meta.total).toBe(1);
    expect((await list(admin, '?role=4')).body.data[0]?.email).toBe('guest@example.test');
    expect((await list(admin, `?company_id=${branch.id}`)).body.meta.total).toBe(1);
    expect((await list(admin, '?q=HELPER')).body.meta.total).toBe(1);
    expect((await list(admin, '?status=accepted')).body.meta.total).toBe(0);

    const [expired] = await t.db
      .insert(invitations)
      .values({
        email: 'late@example.test',
        companyId: tenant.id,
        roleId: 3,
        tokenHash: sha256('expired-token'),
        expiresAt: new Date(clock.getTime() - 1000),
      })
      .returning();
    const expiredOnly = await list(admin, '?status=expired');
    expect(expiredOnly.body.data.map((row) => row.id)).toEqual([expired?.id]);
    expect(expiredOnly.body.data[0]).toMatchObject({ status: 'expired', invited_by_email: null });
    expect((await list(admin, '?status=pending')).body.meta.total).toBe(3);
    expect((await list(admin, '?sort=-status,email&limit=1')).body.data[0]?.status).toBe('pending');
    expect((await details('expired-token')).statusCode).toBe(404);
  });

  it('answers RMS role (the name) and bounce_status (the suppression reason of the address)', async () => {
    await t.db.insert(suppressedEmails).values({ email: 'Helper@Example.test', reason: 'bounce' });
    const { body } = await list(admin, '?sort=email');
    const byEmail = new Map(body.data.map((row) => [row.email, row]));
    expect(byEmail.get('helper@example.test')).toMatchObject({ bounce_status: 'bounce' });
    expect(byEmail.get('new.person@example.test')).toMatchObject({
      role: 'end_user',
      role_name: 'end_user',
      bounce_status: null,
    });
    await t.db.delete(suppressedEmails).where(eq(suppressedEmails.email, 'Helper@Example.test'));
  });

  it('shows nothing of other trees and needs view_user_invitations', async () => {
    await t.db.insert(invitations).values({
      email: 'theirs@example.test',
      companyId: otherTenant.id,
      roleId: 3,
      tokenHash: sha256('theirs'),
      expiresAt: new Date(clock.getTime() + 60_000),
    });
    expect((await list(admin, '?q=theirs')).body.meta.total).toBe(0);
    expect((await list(superAdmin, '?q=theirs')).body.meta.total).toBe(1);
    const endUser = await createUser(t.db, 'end_user', { company: tenant });
    expect((await list(await loginAs(t.app, endUser))).status).toBe(403);
    expect((await list(admin, '?status=sent')).status).toBe(400);
  });
});

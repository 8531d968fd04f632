import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, rolePermissions, roles, users } from '@/db/schema';
import type { CompanyRow, UserRow } from '@/db/types';
import { sha256 } from '@/lib/crypto';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { createOutbox } from '@test/outbox';
import { loginAs, SPA_HEADERS, type TestSession } from '@test/session';

let t: TestApp;
let clock = new Date();
const outbox = createOutbox();
let tenant: CompanyRow;
let branch: CompanyRow;
let otherTenant: CompanyRow;
let tenantAdmin: UserRow & { password: string };
let admin: TestSession;

beforeAll(async () => {
  t = await buildTestApp({}, { mailTransport: outbox.transport, now: () => clock });
  tenant = await createCompany(t.db, { name: 'Tenant' });
  branch = await createCompany(t.db, { parent: tenant, name: 'Branch' });
  otherTenant = await createCompany(t.db, { name: 'Other tenant' });
  tenantAdmin = await createUser(t.db, 'admin', { company: tenant, email: 'boss@tenant.test' });
  admin = await loginAs(t.app, tenantAdmin);
});
afterAll(() => t.close());

const invite = (session: TestSession, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/users/invite', headers: session.headers, payload });
const inviteCompany = (session: TestSession, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/distributors/invitations',
    headers: session.headers,
    payload,
  });
const details = (token: string) =>
  t.app.inject({ method: 'GET', url: `/account/invitations/${token}` });
/** The token of the newest invitation link mailed to `to`. */
const mailedToken = (to: string) => {
  const mail = outbox.messages.findLast((message) => message.to === to);
  return /\/register\/([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
};

beforeAll(async () => {
  for (const [email, role] of [
    ['guest@example.test', 4],
    ['new.person@example.test', 3],
  ] as const) {
    const response = await invite(admin, { email, company_id: branch.id, role });
    expect(response.statusCode).toBe(201);
  }
  await t.db.insert(invitations).values({
    email: 'theirs@example.test',
    companyId: otherTenant.id,
    roleId: 3,
    tokenHash: sha256('theirs'),
    expiresAt: new Date(clock.getTime() + 60_000),
  });
});

describe('resend and delete', () => {
  const idOf = async (email: string) => {
    const [row] = await t.db.select().from(invitations).where(eq(invitations.email, email));
    return row?.id ?? 0;
  };
  const resend = (session: TestSession, id: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/users/invitations/${id}/resend`,
      headers: session.headers,
    });

  it('mails a new link at most once a minute; the old link stops working', async () => {
    const id = await idOf('guest@example.test');
    const oldToken = mailedToken('guest@example.test');
    const tooSoon = await resend(admin, id);
    expect(tooSoon.statusCode).toBe(422);

    clock = new Date(clock.getTime() + 61_000);
    const response = await resend(admin, id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id,
      status: 'pending',
      last_sent_at: clock.toISOString(),
      expires_at: new Date(clock.getTime() + 7 * 24 * 3600 * 1000).toISOString(),
    });
    const newToken = mailedToken('guest@example.test');
    expect(newToken).not.toBe(oldToken);
    expect((await details(oldToken)).statusCode).toBe(404);
    expect((await details(newToken)).statusCode).toBe(200);
  });

  it('withdraws an invitation; its link is then not found', async () => {
    const id = await idOf('new.person@example.test');
    const token = mailedToken('new.person@example.test');
    const guest = await createUser(t.db, 'readonly_admin', { company: tenant });
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/invitations/${id}`,
      headers: (await loginAs(t.app, guest)).headers,
    });
    expect(refused.statusCode).toBe(403);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/invitations/${id}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    const gone = await details(token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errors[0].message).toBe('Invitation not found or expired');
  });

  it('answers invitations of other trees as not found', async () => {
    const id = await idOf('theirs@example.test');
    expect((await resend(admin, id)).statusCode).toBe(404);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/invitations/${id}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/distributors/invitations', () => {
  it('invites the administrator of a new subsidiary of your company', async () => {
    const response = await inviteCompany(admin, {
      email: 'founder@example.test',
      company_name: 'Acme Branch',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      email: 'founder@example.test',
      company_id: tenant.id,
      role_name: 'admin',
      new_company: true,
    });
    const mail = outbox.messages.findLast((message) => message.to === 'founder@example.test');
    expect(mail?.text).toContain('to create the company "Acme Branch" as a subsidiary of Tenant');
    const link = await details(mailedToken('founder@example.test'));
    expect(link.json().data).toEqual({
      email: 'founder@example.test',
      company_name: 'Tenant',
      role_title: 'Administrator',
      inviter_email: 'boss@tenant.test',
      new_company: true,
    });
  });

  it('refuses a company already at the deepest level, and callers without the permissions', async () => {
    const deepAdmin = await createUser(t.db, 'admin', { company: branch });
    const deep = await inviteCompany(await loginAs(t.app, deepAdmin), { email: 'd@example.test' });
    expect(deep.statusCode).toBe(422);
    expect(deep.json().errors[0].message).toBe(
      'Subsidiaries can be created under level 1 and 2 companies only',
    );
    const guest = await createUser(t.db, 'readonly_admin', { company: tenant });
    expect(
      (await inviteCompany(await loginAs(t.app, guest), { email: 'g@example.test' })).statusCode,
    ).toBe(403);

    // manage_companies without invite_users is not enough.
    const [role] = await t.db
      .insert(roles)
      .values({ name: 'company_manager', title: 'Company manager', companyId: tenant.id })
      .returning();
    await t.db
      .insert(rolePermissions)
      .values({ roleId: role?.id ?? 0, permission: 'manage_companies' });
    const manager = await createUser(t.db, 'admin', { company: tenant });
    await t.db.update(users).set({ roleId: role?.id }).where(eq(users.id, manager.id));
    const response = await inviteCompany(await loginAs(t.app, manager), {
      email: 'm@example.test',
    });
    expect(response.statusCode).toBe(403);
    const short = await inviteCompany(admin, { email: 'n@example.test', company_name: 'ab' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors[0].source).toBe('company_name');
  });

  it('is not a public route', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/distributors/invitations',
      headers: SPA_HEADERS,
      payload: { email: 'x@example.test' },
    });
    expect(response.statusCode).toBe(401);
  });
});

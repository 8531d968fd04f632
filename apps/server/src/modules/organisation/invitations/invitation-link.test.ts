import type { SentInvitation } from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suppressedEmails } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { loginAs, SPA_HEADERS, type TestSession } from '@test/session';

// No SMTP_URL and no transport: the embedded default, where nothing is mailed.
let t: TestApp;
let offsetMs = 0;
let tenant: CompanyRow;
let admin: TestSession;

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(Date.now() + offsetMs) });
  tenant = await createCompany(t.db, { name: 'Linked' });
  admin = await loginAs(t.app, await createUser(t.db, 'admin', { company: tenant }));
});
afterAll(() => t.close());

const PASSWORD = 'a-long-enough-password';
const LINK = new RegExp(`^${TEST_PUBLIC_URL}/register/([\\w-]+)$`);

const post = async (url: string, payload?: object) => {
  const response = await t.app.inject({ method: 'POST', url, headers: admin.headers, payload });
  return { status: response.statusCode, data: response.json<{ data: SentInvitation }>().data };
};
const tokenOf = (invitation: SentInvitation) =>
  LINK.exec(invitation.invitation_link ?? '')?.[1] ?? '';
const details = (token: string) =>
  t.app.inject({ method: 'GET', url: `/account/invitations/${token}` });

describe('invitation links without an SMTP server', () => {
  it('answers the invite with the link, which registers the invitee who then signs in', async () => {
    const invited = await post('/api/users/invite', {
      email: 'nomail@example.test',
      company_id: tenant.id,
      role: 'end_user',
    });
    expect(invited.status).toBe(201);
    expect(invited.data.invitation_link).toMatch(LINK);
    const token = tokenOf(invited.data);
    expect((await details(token)).json().data).toMatchObject({ email: 'nomail@example.test' });

    const registered = await t.app.inject({
      method: 'POST',
      url: `/account/invitations/${token}/register`,
      headers: SPA_HEADERS,
      payload: { password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(registered.statusCode).toBe(200);
    await loginAs(t.app, { email: 'nomail@example.test', password: PASSWORD });

    // The listing never carries links: only the inviter's answer does.
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/users/invitations',
      headers: { cookie: admin.cookie },
    });
    expect(JSON.stringify(listed.json())).not.toContain('invitation_link');
  });

  it('gives a new link on resend and the old one stops working', async () => {
    const first = await post('/api/users/invite', {
      email: 'again@example.test',
      company_id: tenant.id,
      role: 'read_only',
    });
    offsetMs += 2 * 60 * 1000;
    const resent = await post(`/api/users/invitations/${first.data.id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.data.invitation_link).toMatch(LINK);
    expect(tokenOf(resent.data)).not.toBe(tokenOf(first.data));
    expect((await details(tokenOf(first.data))).statusCode).toBe(404);
    expect((await details(tokenOf(resent.data))).statusCode).toBe(200);
  });

  it('answers "invite new company" with the link too', async () => {
    const invited = await post('/api/distributors/invitations', { email: 'newco@example.test' });
    expect(invited.status).toBe(201);
    expect(invited.data).toMatchObject({ new_company: true });
    expect((await details(tokenOf(invited.data))).json().data).toMatchObject({
      new_company: true,
    });
  });

  it('gives no link when the mail failed for another reason (a suppressed address)', async () => {
    await t.db.insert(suppressedEmails).values({ email: 'bounced@example.test', reason: '550' });
    const invited = await post('/api/users/invite', {
      email: 'bounced@example.test',
      company_id: tenant.id,
      role: 'end_user',
    });
    expect(invited.status).toBe(201);
    expect(invited.data).not.toHaveProperty('invitation_link');
  });
});

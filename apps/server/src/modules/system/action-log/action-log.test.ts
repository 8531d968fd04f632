import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionLogs } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { confirmPassword, loginAs, type TestSession } from '@test/session';
import type { LoggedAction } from './action-log.service';

let t: TestApp;
let superAdmin: TestSession;
let treeA: CompanyRow;

beforeAll(async () => {
  t = await buildTestApp();
  treeA = await createCompany(t.db, { name: 'Audited' });
  superAdmin = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
});
afterAll(() => t.close());

const call = async (
  session: TestSession,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => {
  const response = await t.app.inject({
    method,
    url,
    headers: session.headers,
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode >= 300) {
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  }
  return response.json<{ data: { id: number; secret: string } }>().data;
};

/** The trail rows of `action` about one entity. */
const logged = (action: LoggedAction, entityId: number) =>
  t.db
    .select({ userId: actionLogs.userId, details: actionLogs.details })
    .from(actionLogs)
    .where(and(eq(actionLogs.action, action), eq(actionLogs.entityId, String(entityId))));

/** Company deletion runs after the answer: wait for its trail entry. */
const eventually = async (action: LoggedAction, entityId: number) => {
  for (let attempt = 0; attempt < 50; attempt++) {
    const rows = await logged(action, entityId);
    if (rows.length) return rows;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return [];
};

describe('the action log records administration changes', () => {
  it('records company creation, edits, flags, moves and deletion', async () => {
    const company = await call(superAdmin, 'POST', '/api/companies', {
      name: 'Logged Co',
      parent_id: treeA.id,
    });
    await call(superAdmin, 'PUT', `/api/companies/${company.id}`, { name: 'Logged Co 2' });
    await call(superAdmin, 'PUT', `/api/companies/${company.id}/flags`, { mfa_enforced: true });
    const target = await createCompany(t.db, { name: 'Move target' });
    await call(superAdmin, 'POST', '/api/companies/move', {
      source: company.id,
      target: target.id,
    });
    await call(superAdmin, 'DELETE', `/api/companies/${company.id}`);

    const adminId = expect.any(Number);
    expect(await logged('company_create', company.id)).toEqual([
      { userId: adminId, details: { name: 'Logged Co', parent_id: treeA.id } },
    ]);
    expect(await logged('company_update', company.id)).toEqual([
      { userId: adminId, details: { name: 'Logged Co 2' } },
    ]);
    expect(await logged('company_flags', company.id)).toEqual([
      { userId: adminId, details: { mfa_enforced: true } },
    ]);
    expect(await logged('company_move', company.id)).toEqual([
      { userId: adminId, details: { from: treeA.id, to: target.id } },
    ]);
    expect(await eventually('company_delete', company.id)).toEqual([
      { userId: adminId, details: { name: 'Logged Co 2', companies: 1 } },
    ]);
  });

  it('records tag creation, edits and removal', async () => {
    const tag = await call(superAdmin, 'POST', '/api/tags', {
      company_id: treeA.id,
      name: 'Logged tag',
    });
    await call(superAdmin, 'PUT', `/api/tags/${tag.id}`, { name: 'Logged tag 2' });
    await call(superAdmin, 'DELETE', `/api/tags/${tag.id}`);
    const actions = ['tag_create', 'tag_update', 'tag_delete'] as const;
    for (const action of actions) expect(await logged(action, tag.id)).toHaveLength(1);
    expect((await logged('tag_delete', tag.id))[0]?.details).toEqual({
      name: 'Logged tag 2',
      company_id: treeA.id,
    });
  });

  it('records role creation, edits (permissions included) and removal', async () => {
    const role = await call(superAdmin, 'POST', '/api/roles', {
      title: 'Logged role',
      company_id: treeA.id,
      permission_id: ['view_tags'],
    });
    await call(superAdmin, 'PUT', `/api/roles/${role.id}`, { title: 'Logged role 2' });
    await call(superAdmin, 'PUT', '/api/roles/permissions', {
      role_id: role.id,
      permission_id: ['view_tags', 'manage_tags'],
    });
    await call(superAdmin, 'DELETE', `/api/roles/${role.id}`);
    expect(await logged('role_create', role.id)).toHaveLength(1);
    expect((await logged('role_update', role.id)).map((row) => row.details)).toEqual([
      { name: 'logged_role_2', title: 'Logged role 2' },
      { permissions: ['view_tags', 'manage_tags'] },
    ]);
    expect(await logged('role_delete', role.id)).toHaveLength(1);
  });

  it('records switching MFA on and off', async () => {
    const user = await createUser(t.db, 'end_user', { company: treeA });
    const session = await loginAs(t.app, user);
    await confirmPassword(t.app, session, user.password);
    const { secret } = await call(session, 'POST', '/account/mfa/totp');
    await call(session, 'POST', '/account/mfa/totp/verify', { code: await generate({ secret }) });
    await call(session, 'DELETE', '/account/mfa');
    expect(await logged('mfa_enable', user.id)).toEqual([
      { userId: user.id, details: { method: 'totp' } },
    ]);
    expect(await logged('mfa_disable', user.id)).toEqual([
      { userId: user.id, details: { method: 'totp' } },
    ]);
  });

  it('records SMTP configuration changes without the password', async () => {
    const configuration = await call(superAdmin, 'POST', '/api/email-configurations', {
      company_id: treeA.id,
      name: 'Logged SMTP',
      host: 'smtp.example.test',
      port: 587,
      email: 'alerts@example.test',
      password: 'smtp-secret',
    });
    await call(superAdmin, 'PUT', `/api/email-configurations/${configuration.id}`, {
      password: 'smtp-secret-2',
    });
    await call(superAdmin, 'DELETE', `/api/email-configurations/${configuration.id}`);
    expect(await logged('smtp_configuration_create', configuration.id)).toHaveLength(1);
    const updates = await logged('smtp_configuration_update', configuration.id);
    expect(updates.map((row) => row.details)).toEqual([{ password: 'changed' }]);
    expect(await logged('smtp_configuration_delete', configuration.id)).toHaveLength(1);
    const trail = JSON.stringify(await t.db.select().from(actionLogs));
    expect(trail).not.toContain('smtp-secret');
  });
});

import type { Automation, Permission } from '@netfleet/contracts';
import { expect } from 'vitest';
import { deviceTags, rolePermissions, roles, tags, users } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '@test/app';
import { insertDevice } from '@test/fake-gateway';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';

/** A company A with a subsidiary A1, an unrelated company B, and an admin of A signed in. */
export interface AutomationsApp {
  t: TestApp;
  company: CompanyRow;
  child: CompanyRow;
  other: CompanyRow;
  user: Awaited<ReturnType<typeof createUser>>;
  session: TestSession;
}

export const startAutomationsApp = async (): Promise<AutomationsApp> => {
  const t = await buildTestApp();
  const company = await createCompany(t.db);
  const child = await createCompany(t.db, { parent: company });
  const other = await createCompany(t.db);
  const user = await createUser(t.db, 'admin', { company });
  return { t, company, child, other, user, session: await loginAs(t.app, user) };
};

/** A signal rule as RMS clients send it (top `if` tagged cond_0, one atom). */
export const ruleBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Weak signal',
  description: 'Signal below -110 dBm',
  cooldown_duration: 60,
  cooldown_enabled: true,
  delay_enabled: false,
  delay_repetitions_count: 0,
  delay_duration: 0,
  enabled: true,
  conditions_body: [
    {
      type: 'if',
      tag: 'cond_0',
      expression: [{ parameter: 'signal', operator: '<', value: -110 }],
      actions: [],
    },
  ],
  ...overrides,
});

/** One top condition with the given actions. */
export const withActions = (actions: object[]) => [
  {
    type: 'if',
    tag: 'cond_0',
    expression: [{ parameter: 'signal', operator: '<', value: -110 }],
    actions,
  },
];

/** Requests and rows of the app `current()` gives (built in a beforeAll). */
export const automationsHelpers = (current: () => AutomationsApp) => {
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    session: TestSession = current().session,
  ) =>
    current().t.app.inject({
      method,
      url,
      headers: session.headers,
      ...(payload ? { payload } : {}),
    });

  /** Notifies the signed-in admin unless the body says otherwise. */
  const body = (overrides: Record<string, unknown> = {}) =>
    ruleBody({
      conditions_body: withActions([
        {
          name: 'SendNotification',
          options: { message: 'Weak', receiving_users: [String(current().user.id)] },
        },
      ]),
      ...overrides,
    });

  const create = async (overrides: Record<string, unknown> = {}) => {
    const response = await call('POST', '/api/automations', body(overrides));
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: Automation }).data;
  };

  const get = async (id: number) => {
    const response = await call('GET', `/api/automations/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: Automation }).data;
  };

  const errorsOf = (response: { json(): unknown }) =>
    (response.json() as { errors: { code: string; source: string | null; message: string }[] })
      .errors;

  const device = (company: CompanyRow = current().company) => insertDevice(current().t.db, company);

  const tag = async (company: CompanyRow, deviceIds: number[]) => {
    const [row] = await current()
      .t.db.insert(tags)
      .values({ companyId: company.id, name: `tag ${Math.random()}` })
      .returning();
    if (!row) throw new Error('tag insert failed');
    if (deviceIds.length)
      await current()
        .t.db.insert(deviceTags)
        .values(deviceIds.map((deviceId) => ({ deviceId, tagId: row.id })));
    return row.id;
  };

  /** A user of A with a custom role of only these permissions, signed in. */
  const userWith = async (permissions: readonly Permission[]) => {
    const { t, company } = current();
    const [role] = await t.db
      .insert(roles)
      .values({ name: `r${Math.random()}`.slice(0, 20), title: 'Custom', companyId: company.id })
      .returning({ id: roles.id });
    if (!role) throw new Error('role insert failed');
    await t.db
      .insert(rolePermissions)
      .values(permissions.map((permission) => ({ roleId: role.id, permission })));
    const user = await createUser(t.db, 'end_user', { company });
    await t.db.update(users).set({ roleId: role.id }).where(eq(users.id, user.id));
    return { user, session: await loginAs(t.app, user) };
  };

  return { call, body, create, get, errorsOf, device, tag, userWith };
};

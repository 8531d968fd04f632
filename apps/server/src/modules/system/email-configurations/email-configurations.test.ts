import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { EmailConfiguration } from '@netfleet/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailConfigurations,
  mailLogs,
  rolePermissions,
  roles,
  suppressedEmails,
  users,
} from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';
import { type SmtpSink, startSmtpSink } from '@test/smtp-sink';

let t: TestApp;
let admin: TestSession;
let sink: SmtpSink;
let authSink: SmtpSink;

beforeAll(async () => {
  [t, sink, authSink] = await Promise.all([
    buildTestApp(),
    startSmtpSink({ reject: ['gone@example.test'] }),
    startSmtpSink({ credentials: { username: 'relay', password: 'relay-secret' } }),
  ]);
  admin = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
});
afterAll(async () => {
  await Promise.all([t.close(), sink.close(), authSink.close()]);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = async (session: TestSession, method: Method, url: string, payload?: object) => {
  const response = await t.app.inject({
    method,
    url,
    headers: session.headers,
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json(), raw: response.body };
};

const configuration = (company: CompanyRow, overrides: Record<string, unknown> = {}) => ({
  name: 'Relay',
  host: '127.0.0.1',
  port: sink.port,
  email: 'alerts@acme.test',
  company_id: company.id,
  ...overrides,
});

const create = async (session: TestSession, body: object): Promise<EmailConfiguration> => {
  const { status, body: answer } = await call(session, 'POST', '/api/email-configurations', body);
  if (status !== 201) throw new Error(`create failed: ${status} ${JSON.stringify(answer)}`);
  return answer.data;
};

/** A user of `company` whose custom role holds exactly `permissions`. */
const holder = async (company: CompanyRow, permissions: string[]) => {
  const [role] = await t.db
    .insert(roles)
    .values({
      name: `smtp_${company.id}_${permissions.length}`,
      title: 'SMTP',
      companyId: company.id,
    })
    .returning();
  if (!role) throw new Error('role insert failed');
  await t.db
    .insert(rolePermissions)
    .values(permissions.map((permission) => ({ roleId: role.id, permission })));
  const user = await createUser(t.db, 'admin', { company });
  await t.db.update(users).set({ roleId: role.id }).where(eq(users.id, user.id));
  return loginAs(t.app, user);
};

describe('email configurations CRUD', () => {
  it('creates, lists, changes and removes a configuration, never showing the password', async () => {
    const company = await createCompany(t.db, { name: 'Acme SMTP' });
    const created = await create(
      admin,
      configuration(company, { username: 'relay', password: 'p4ss', secure: false }),
    );
    expect(created).toEqual({
      id: expect.any(Number),
      company_id: company.id,
      company_name: 'Acme SMTP',
      name: 'Relay',
      host: '127.0.0.1',
      port: sink.port,
      secure: false,
      email: 'alerts@acme.test',
      username: 'relay',
      has_password: true,
      created_at: expect.any(String),
    });

    const list = await call(admin, 'GET', `/api/email-configurations?company_id=${company.id}`);
    expect(list.status).toBe(200);
    expect(list.body.meta.total).toBe(1);
    expect(list.body.data).toEqual([created]);
    expect(list.raw).not.toContain('p4ss');

    // A password left out stays.
    const renamed = await call(admin, 'PUT', `/api/email-configurations/${created.id}`, {
      name: 'Main relay',
      port: 2525,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Main relay', port: 2525, has_password: true });
    const [row] = await t.db
      .select()
      .from(emailConfigurations)
      .where(eq(emailConfigurations.id, created.id));
    expect(row).toMatchObject({ password: 'p4ss', username: 'relay', host: '127.0.0.1' });

    // null removes it, '' clears the user name.
    const cleared = await call(admin, 'PUT', `/api/email-configurations/${created.id}`, {
      password: null,
      username: '',
    });
    expect(cleared.body.data).toMatchObject({ has_password: false, username: null });

    expect(await call(admin, 'DELETE', `/api/email-configurations/${created.id}`)).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect((await call(admin, 'DELETE', `/api/email-configurations/${created.id}`)).status).toBe(
      404,
    );
  });

  it('answers the picked fields of a change (fields) or the field names (fields_only)', async () => {
    const company = await createCompany(t.db);
    const created = await create(admin, configuration(company));
    const url = `/api/email-configurations/${created.id}`;
    const picked = await call(admin, 'PUT', `${url}?fields=id,name`, { name: 'Picked' });
    expect(picked.status).toBe(200);
    expect(picked.body.data).toEqual({ id: created.id, name: 'Picked' });
    const names = await call(admin, 'PUT', `${url}?fields_only=true`, { port: 2526 });
    expect(names.body.data).toEqual(expect.arrayContaining(['id', 'name', 'host', 'port']));
    expect(names.body.data).not.toContain('password');
    // The change is made either way.
    const [row] = await t.db
      .select()
      .from(emailConfigurations)
      .where(eq(emailConfigurations.id, created.id));
    expect(row).toMatchObject({ name: 'Picked', port: 2526 });
    const unknown = await call(admin, 'PUT', `${url}?fields=password`, { name: 'Nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].source).toBe('fields');
  });

  it('searches and sorts', async () => {
    const company = await createCompany(t.db);
    await create(admin, configuration(company, { name: 'Zulu', host: 'zulu.example.com' }));
    await create(admin, configuration(company, { name: 'Alpha', host: 'mail.example.com' }));
    const sorted = await call(
      admin,
      'GET',
      `/api/email-configurations?company_id=${company.id}&sort=name`,
    );
    expect(sorted.body.data.map((c: EmailConfiguration) => c.name)).toEqual(['Alpha', 'Zulu']);
    const found = await call(admin, 'GET', `/api/email-configurations?q=ZULU.example`);
    expect(found.body.data.map((c: EmailConfiguration) => c.name)).toEqual(['Zulu']);
    expect((await call(admin, 'GET', '/api/email-configurations?sort=password')).status).toBe(400);
  });

  it('validates the fields', async () => {
    const company = await createCompany(t.db);
    const bad = await call(
      admin,
      'POST',
      '/api/email-configurations',
      configuration(company, { port: 70000 }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0]).toMatchObject({
      message: 'Port must be between 1 and 65535',
      source: 'port',
    });
    const host = await call(
      admin,
      'POST',
      '/api/email-configurations',
      configuration(company, { host: 'smtp example' }),
    );
    expect(host.body.errors[0].source).toBe('host');
  });
});

describe('scoping', () => {
  it("shows a company's managers only their companies, and 404s the rest", async () => {
    const own = await createCompany(t.db);
    const child = await createCompany(t.db, { parent: own });
    const sibling = await createCompany(t.db);
    const mine = await create(admin, configuration(own, { name: 'Own' }));
    const below = await create(admin, configuration(child, { name: 'Child' }));
    const theirs = await create(admin, configuration(sibling, { name: 'Sibling' }));

    const manager = await holder(own, ['manage_smtp']);
    const listed = await call(manager, 'GET', '/api/email-configurations');
    expect(listed.body.data.map((c: EmailConfiguration) => c.id)).toEqual([mine.id]);
    for (const other of [below, theirs]) {
      const url = `/api/email-configurations/${other.id}`;
      expect((await call(manager, 'PUT', url, { name: 'x' })).status).toBe(404);
      expect((await call(manager, 'DELETE', url)).status).toBe(404);
      expect((await call(manager, 'POST', `${url}/test`, { to: 'a@example.test' })).status).toBe(
        404,
      );
    }
    const elsewhere = await call(
      manager,
      'POST',
      '/api/email-configurations',
      configuration(sibling),
    );
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.errors[0]).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Company not found',
      source: 'company_id',
    });

    // With access to child companies the subtree opens up, the sibling stays hidden.
    const treeManager = await holder(own, ['manage_smtp', 'access_child_companies']);
    const tree = await call(treeManager, 'GET', '/api/email-configurations?sort=name');
    expect(tree.body.data.map((c: EmailConfiguration) => c.name)).toEqual(['Child', 'Own']);
    expect((await create(treeManager, configuration(child))).company_id).toBe(child.id);
  });

  it('needs manage_smtp', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, 'admin', { company });
    const session = await loginAs(t.app, user);
    expect((await call(session, 'GET', '/api/email-configurations')).status).toBe(403);
  });
});

describe('POST /api/email-configurations/{id}/test', () => {
  it('sends a test mail through that server and logs it', async () => {
    const company = await createCompany(t.db);
    const created = await create(admin, configuration(company));
    const sent = await call(admin, 'POST', `/api/email-configurations/${created.id}/test`, {
      to: 'ops@example.test',
    });
    expect(sent).toMatchObject({ status: 200, body: { success: true } });
    const mail = sink.last('ops@example.test');
    expect(mail).toMatchObject({ from: 'alerts@acme.test', subject: 'SMTP test e-mail' });
    expect(mail?.to).toBe('ops@example.test');
    expect(mail?.text).toContain(`"Relay" (127.0.0.1:${sink.port})`);
    const [log] = await t.db.select().from(mailLogs).orderBy(desc(mailLogs.id)).limit(1);
    expect(log).toMatchObject({ to: 'ops@example.test', status: 'sent' });
  });

  it('logs in with the stored credentials, and reports a refused login', async () => {
    const company = await createCompany(t.db);
    const good = await create(
      admin,
      configuration(company, { port: authSink.port, username: 'relay', password: 'relay-secret' }),
    );
    const ok = await call(admin, 'POST', `/api/email-configurations/${good.id}/test`, {
      to: 'auth@example.test',
    });
    expect(ok.status).toBe(200);
    expect(authSink.last('auth@example.test')?.user).toBe('relay');

    const bad = await create(
      admin,
      configuration(company, { port: authSink.port, username: 'relay', password: 'wrong' }),
    );
    const refused = await call(admin, 'POST', `/api/email-configurations/${bad.id}/test`, {
      to: 'auth@example.test',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      {
        code: 'VALIDATION_ERROR',
        message: expect.stringContaining('535 Authentication failed'),
        source: null,
      },
    ]);
  });

  it("answers 422 with the server's rejection, without suppressing the address", async () => {
    const company = await createCompany(t.db);
    const created = await create(admin, configuration(company));
    const rejected = await call(admin, 'POST', `/api/email-configurations/${created.id}/test`, {
      to: 'gone@example.test',
    });
    expect(rejected.status).toBe(422);
    expect(rejected.body.errors[0].message).toContain('550 5.1.1 Mailbox unavailable');
    expect(await t.db.select().from(suppressedEmails)).toEqual([]);
    const [log] = await t.db.select().from(mailLogs).orderBy(desc(mailLogs.id)).limit(1);
    expect(log).toMatchObject({ to: 'gone@example.test', status: 'failed' });
  });

  it('reports a server that does not answer', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const company = await createCompany(t.db);
    const created = await create(admin, configuration(company, { port }));
    const down = await call(admin, 'POST', `/api/email-configurations/${created.id}/test`, {
      to: 'ops@example.test',
    });
    expect(down.status).toBe(422);
    expect(down.body.errors[0].message).toContain('ECONNREFUSED');
  });
});

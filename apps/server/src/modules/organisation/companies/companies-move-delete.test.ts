import { COMPANY_MESSAGES, type StatusChannelData } from '@netfleet/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, roles, tags, users } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { createActionLogRepository } from '@/modules/system/action-log/action-log.repository';
import { createActionLogService } from '@/modules/system/action-log/action-log.service';
import { createCustomRole } from '@/modules/organisation/roles/roles.fixtures';
import { createStatusRepository } from '@/modules/system/status/status.repository';
import { createStatusService } from '@/modules/system/status/status.service';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser, rootCompany } from '@test/factories';
import { buildModuleApp } from '@test/module-app';
import { loginAs, type TestSession } from '@test/session';
import { recordingWebhooks } from '@test/sockets';
import { createCompaniesRepository } from './companies.repository';
import { companiesRoutes } from './companies.routes';
import { createCompaniesService } from './companies.service';

let t: TestApp;
let superAdmin: TestSession;
let root: CompanyRow;
let treeA: CompanyRow;
let treeB: CompanyRow;
let adminA: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  root = await rootCompany(t.db);
  treeA = await createCompany(t.db, { name: 'Alpha' });
  treeB = await createCompany(t.db, { name: 'Beta' });
  superAdmin = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  adminA = await loginAs(t.app, await createUser(t.db, 'admin', { company: treeA }));
});
afterAll(() => t.close());

type Body = {
  data: { id: number; level: number; parent_id: number };
  meta: { channel: string };
  errors: { code: string; message: string; source: string | null }[];
};

const call = async (
  session: TestSession,
  method: 'POST' | 'DELETE',
  url: string,
  payload?: object,
  app: FastifyInstance = t.app,
) => {
  const response = await app.inject({
    method,
    url,
    headers: session.headers,
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json<Body>() };
};
const move = (session: TestSession, source: number, target: number) =>
  call(session, 'POST', '/api/companies/move', { source, target });

const rowOf = async (id: number) => {
  const [row] = await t.db.select().from(companies).where(eq(companies.id, id));
  return row;
};

/** Polls the status channel until its item reaches completed or error. */
const settle = async (session: TestSession, channel: string, item: number) => {
  for (let attempt = 0; attempt < 200; attempt++) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/status/channel/${channel}`,
      headers: { cookie: session.cookie },
    });
    const updates = response.json<{ data: StatusChannelData }>().data[String(item)] ?? [];
    const last = updates.at(-1);
    if (last && (last.status === 'completed' || last.status === 'error')) return updates;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`channel ${channel} never settled`);
};

describe('POST /api/companies/move', () => {
  it('moves a subsidiary under another company', async () => {
    const leaf = await createCompany(t.db, { parent: treeA, name: 'Leaf' });
    const { status, body } = await move(superAdmin, leaf.id, treeB.id);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: leaf.id, level: 3, parent_id: treeB.id });
    expect(await rowOf(leaf.id)).toMatchObject({
      path: `${treeB.path}${leaf.id}/`,
      parentId: treeB.id,
    });
  });

  it('rewrites path and level of the whole moved subtree', async () => {
    const top = await createCompany(t.db, { parent: treeB });
    const middle = await createCompany(t.db, { parent: top });
    // Deeper than the console allows (factories do not check): moving it up fixes the levels.
    const bottom = await createCompany(t.db, { parent: middle });
    const { status } = await move(superAdmin, middle.id, root.id);
    expect(status).toBe(200);
    expect(await rowOf(middle.id)).toMatchObject({
      level: 2,
      parentId: root.id,
      path: `${root.path}${middle.id}/`,
    });
    expect(await rowOf(bottom.id)).toMatchObject({
      level: 3,
      parentId: middle.id,
      path: `${root.path}${middle.id}/${bottom.id}/`,
    });
    expect(await rowOf(top.id)).toMatchObject({ level: 3, path: top.path });
  });

  it('refuses moves that would nest companies deeper than level 3', async () => {
    const parent = await createCompany(t.db, { parent: root, name: 'Parent With Child' });
    await createCompany(t.db, { parent });
    const { status, body } = await move(superAdmin, parent.id, treeA.id);
    expect(status).toBe(422);
    expect(body.errors[0]).toMatchObject({ message: COMPANY_MESSAGES.tooDeep, source: 'target' });
    expect((await rowOf(parent.id))?.parentId).toBe(root.id);
  });

  it('refuses moving the own company or into its own subtree', async () => {
    const own = await move(adminA, treeA.id, treeA.id);
    expect(own.status).toBe(422);
    expect(own.body.errors[0]).toMatchObject({
      message: COMPANY_MESSAGES.moveOwn,
      source: 'source',
    });
    const branch = await createCompany(t.db, { parent: treeB, name: 'Branch' });
    const twig = await createCompany(t.db, { parent: branch, name: 'Twig' });
    const cycle = await move(superAdmin, branch.id, twig.id);
    expect(cycle.status).toBe(422);
    expect(cycle.body.errors[0]).toMatchObject({
      message: COMPANY_MESSAGES.moveIntoSubtree,
      source: 'target',
    });
    const ownRoot = await move(superAdmin, root.id, treeA.id);
    expect(ownRoot.status).toBe(422);
  });

  it('answers 404 naming the end that is out of reach', async () => {
    const mine = await createCompany(t.db, { parent: treeA });
    const toForeign = await move(adminA, mine.id, treeB.id);
    expect(toForeign.status).toBe(404);
    expect(toForeign.body.errors[0]?.source).toBe('target');
    const fromForeign = await move(adminA, treeB.id, treeA.id);
    expect(fromForeign.status).toBe(404);
    expect(fromForeign.body.errors[0]?.source).toBe('source');
  });

  it('refuses a name the target already has among its subsidiaries', async () => {
    await createCompany(t.db, { parent: treeA, name: 'Twin' });
    const twin = await createCompany(t.db, { parent: treeB, name: 'TWIN' });
    const { status, body } = await move(superAdmin, twin.id, treeA.id);
    expect(status).toBe(409);
    expect(body.errors[0]?.code).toBe('CONFLICT');
  });

  it('validates the body', async () => {
    const { status, body } = await call(adminA, 'POST', '/api/companies/move', { source: 'x' });
    expect(status).toBe(422);
    expect(body.errors.map((error) => error.source).sort()).toEqual(['source', 'target']);
  });
});

describe('DELETE /api/companies/:id', () => {
  it('deletes the subtree with its users, tags and roles in the background', async () => {
    const doomed = await createCompany(t.db, { parent: treeA, name: 'Doomed' });
    const below = await createCompany(t.db, { parent: doomed, name: 'Doomed Branch' });
    const user = await createUser(t.db, 'end_user', { company: below });
    const [tag] = await t.db.insert(tags).values({ companyId: doomed.id, name: 'x' }).returning();
    const role = await createCustomRole(t.db, doomed, ['view_devices']);
    await t.db.update(users).set({ roleId: role.id }).where(eq(users.id, user.id));

    const { status, body } = await call(adminA, 'DELETE', `/api/companies/${doomed.id}`);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, meta: { channel: expect.any(String) } });

    const updates = await settle(adminA, body.meta.channel, doomed.id);
    expect(updates).toEqual([
      {
        status: 'started',
        value: 'Deleting Doomed and 1 subsidiary company',
        progress: { value: 0, total: 2 },
      },
      { status: 'progress', value: 'Deleted Doomed Branch', progress: { value: 1, total: 2 } },
      { status: 'progress', value: 'Deleted Doomed', progress: { value: 2, total: 2 } },
      { status: 'completed', value: 'Deleted Doomed' },
    ]);
    const left = await t.db
      .select()
      .from(companies)
      .where(inArray(companies.id, [doomed.id, below.id]));
    expect(left).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(tags)
        .where(eq(tags.id, tag?.id ?? 0)),
    ).toEqual([]);
    expect(await t.db.select().from(roles).where(eq(roles.id, role.id))).toEqual([]);
    expect(await rowOf(treeA.id)).toBeDefined();
  });

  it('refuses the own company, the root and companies of another tree', async () => {
    const own = await call(adminA, 'DELETE', `/api/companies/${treeA.id}`);
    expect(own.status).toBe(422);
    expect(own.body.errors[0]?.message).toBe(COMPANY_MESSAGES.deleteOwn);
    expect((await call(superAdmin, 'DELETE', `/api/companies/${root.id}`)).status).toBe(422);
    expect((await call(adminA, 'DELETE', `/api/companies/${treeB.id}`)).status).toBe(404);
    expect(await rowOf(treeB.id)).toBeDefined();
  });

  it('refuses while a user elsewhere holds a role of the subtree', async () => {
    const company = await createCompany(t.db, { parent: treeA });
    const role = await createCustomRole(t.db, company, ['view_devices']);
    const outsider = await createUser(t.db, 'end_user', { company: treeA });
    await t.db.update(users).set({ roleId: role.id }).where(eq(users.id, outsider.id));
    const { status, body } = await call(adminA, 'DELETE', `/api/companies/${company.id}`);
    expect(status).toBe(409);
    expect(body.errors[0]?.message).toMatch(/assigned to 1 user/);
  });

  it('reports a failure on the channel instead of crashing', async () => {
    const recorded = recordingWebhooks();
    const status = createStatusService({
      statusRepository: createStatusRepository(t.db),
      publisher: t.app.publisher,
      webhooks: recorded.webhooks,
      now: () => new Date(),
    });
    const failing = {
      ...createCompaniesRepository(t.db),
      deleteWithUsers: () => Promise.reject(new Error('disk on fire')),
    };
    const companiesService = createCompaniesService({
      companiesRepository: failing,
      status,
      actionLog: createActionLogService({ actionLogRepository: createActionLogRepository(t.db) }),
      transaction: (fn) => t.db.transaction(fn),
    });
    const app = await buildModuleApp(t, async (instance) => {
      await instance.register(companiesRoutes, { companiesService });
    });
    const victim = await createCompany(t.db, { parent: treeA, name: 'Victim' });
    const { body } = await call(adminA, 'DELETE', `/api/companies/${victim.id}`, undefined, app);
    const updates = await settle(adminA, body.meta.channel, victim.id);
    expect(updates.at(-1)).toEqual({
      status: 'error',
      value: 'Deleting Victim failed after 0 of 1 companies',
    });
    expect(await rowOf(victim.id)).toBeDefined();
    await app.close();
  });
});

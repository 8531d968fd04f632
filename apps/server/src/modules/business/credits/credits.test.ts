import type {
  CreditHistoryEntry,
  CreditMove,
  CreditPool,
  CreditSummary,
} from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { createPendingDevice } from '@test/devices';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';
import { createCreditLedgerRepository } from './credit-ledger.repository';

let t: TestApp;
let superAdmin: TestSession;
let alpha: CompanyRow;
let alphaChild: CompanyRow;
let beta: CompanyRow;
let adminAlpha: TestSession;
let adminChild: TestSession;
let endUserAlpha: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  alpha = await createCompany(t.db, { name: 'Alpha' });
  alphaChild = await createCompany(t.db, { parent: alpha, name: 'Alpha Child' });
  beta = await createCompany(t.db, { name: 'Beta' });
  superAdmin = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  adminAlpha = await loginAs(t.app, await createUser(t.db, 'admin', { company: alpha }));
  adminChild = await loginAs(t.app, await createUser(t.db, 'admin', { company: alphaChild }));
  endUserAlpha = await loginAs(t.app, await createUser(t.db, 'end_user', { company: alpha }));
});
afterAll(() => t.close());

interface Body<T> {
  data: T;
  meta: { total: number };
  errors: { code: string; message: string; source: string | null }[];
}

const call = async <T = unknown>(
  session: TestSession,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => {
  const response = await t.app.inject({
    method,
    url,
    headers: session.headers,
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json<Body<T>>() };
};

/** Paid "credit" is type 2 (even ids are paid). */
const add = (companyId: number, count: number) =>
  call<CreditPool>(superAdmin, 'POST', '/api/credits', {
    credit_type_id: 2,
    credit_count: count,
    company_id: companyId,
    credit_price: 1.1,
    pro_form_nr: 'PF-1',
  });
const leftOf = async (session: TestSession, companyId: number, typeId = 2) => {
  const { body } = await call<CreditSummary>(
    session,
    'GET',
    `/api/credits/summary?company_id=${companyId}`,
  );
  return body.data.credits.left.find((row) => row.credit_type_id === typeId)?.credits_left ?? 0;
};
const move = (session: TestSession, source: number, target: number, amount: number) =>
  call(session, 'POST', '/api/credits/move', {
    credit_type_name: 'credit',
    source,
    target,
    amount,
  });

describe('credits', () => {
  it('adds resources as a pool with an exact price, shown in the summary and the ledger', async () => {
    const added = await add(alpha.id, 100);
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({
      company_id: alpha.id,
      credit_type: 'paid',
      credit_type_name: 'credit',
      credit_type_title: 'Paid Credit',
      credit_price: 1.1,
      pro_form_nr: 'PF-1',
      credit_count: 100,
      credit_left: 100,
      origin: 'added',
    });
    expect(await leftOf(adminAlpha, alpha.id)).toBe(100);
    const history = await call<CreditHistoryEntry[]>(
      adminAlpha,
      'GET',
      `/api/credits/history?company_id=${alpha.id}`,
    );
    expect(history.body.data[0]).toMatchObject({
      action_type: 1,
      action: 'Resources added',
      amount: 100,
      balance_after: 100,
      user: ADMIN_EMAIL,
    });
  });

  it('refuses bad counts, missing invoice data for paid types and non super admins', async () => {
    const base = { credit_type_id: 2, company_id: alpha.id, credit_price: 1, pro_form_nr: 'x' };
    for (const credit_count of [-1, 0, 1.5, 100_000_000_000_000]) {
      const { status, body } = await call(superAdmin, 'POST', '/api/credits', {
        ...base,
        credit_count,
      });
      expect(status).toBe(422);
      expect(body.errors[0]?.source).toBe('credit_count');
    }
    const unpaid = await call(superAdmin, 'POST', '/api/credits', {
      credit_type_id: 2,
      company_id: alpha.id,
      credit_count: 1,
    });
    expect(unpaid.status).toBe(422);
    expect(unpaid.body.errors.map((e) => e.source).sort()).toEqual(['credit_price', 'pro_form_nr']);
    // A free type needs neither.
    const free = await call(superAdmin, 'POST', '/api/credits', {
      credit_type_id: 1,
      company_id: beta.id,
      credit_count: 3,
    });
    expect(free.status).toBe(201);
    expect(
      (await call(adminAlpha, 'POST', '/api/credits', { ...base, credit_count: 1 })).status,
    ).toBe(403);
  });

  it('moves resources down and up the hierarchy, never sideways or beyond what a pool holds', async () => {
    expect((await move(adminAlpha, alpha.id, alphaChild.id, 30)).status).toBe(200);
    expect(await leftOf(adminAlpha, alpha.id)).toBe(70);
    expect(await leftOf(adminChild, alphaChild.id)).toBe(30);
    expect((await move(adminChild, alphaChild.id, alpha.id, 5)).status).toBe(404);
    expect((await move(adminAlpha, alphaChild.id, alpha.id, 5)).status).toBe(200);

    const tooMuch = await move(adminAlpha, alpha.id, alphaChild.id, 1000);
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors[0]).toMatchObject({
      source: 'amount',
      message: 'Not enough resources: 75 left',
    });
    const sideways = await move(superAdmin, alpha.id, beta.id, 1);
    expect(sideways.status).toBe(422);
    expect(sideways.body.errors[0]?.source).toBe('target');
    expect((await move(adminAlpha, alpha.id, beta.id, 1)).status).toBe(404);
    expect((await move(endUserAlpha, alpha.id, alphaChild.id, 1)).status).toBe(403);
    expect(await leftOf(adminAlpha, alpha.id)).toBe(75);

    // An end client of Alpha sees its own entries, not the name of the subsidiary on the other side.
    const seenByEndUser = await call<CreditHistoryEntry[]>(
      endUserAlpha,
      'GET',
      '/api/credits/history',
    );
    const moveEntries = seenByEndUser.body.data.filter((entry) => entry.action_type === 4);
    expect(moveEntries.length).toBeGreaterThan(0);
    expect(moveEntries.every((entry) => entry.counterpart_company === null)).toBe(true);

    const moves = await call<CreditMove[]>(adminAlpha, 'GET', '/api/credits/move/history');
    expect(moves.body.data.slice(0, 2)).toMatchObject([
      { from_company: 'Alpha Child', to_company: 'Alpha', count: 5 },
      { from_company: 'Alpha', to_company: 'Alpha Child', count: 30 },
    ]);
  });

  it('shows non super admins only paid types, without "Paid"', async () => {
    const mine = await call<{ id: number; title: string }[]>(
      adminAlpha,
      'GET',
      '/api/credits/types',
    );
    expect(mine.body.data.map((type) => type.id)).toEqual([2, 4, 6, 8, 10, 12, 14]);
    expect(mine.body.data[0]?.title).toBe('Credit');
    const all = await call<unknown[]>(superAdmin, 'GET', '/api/credits/types');
    expect(all.body.data).toHaveLength(14);
    const pools = await call<CreditPool[]>(adminAlpha, 'GET', '/api/credits');
    expect(new Set(pools.body.data.map((pool) => pool.company_id))).toEqual(
      new Set([alpha.id, alphaChild.id]),
    );
  });

  it('says how long the management credits cover the enrolled devices', async () => {
    const site = await createCompany(t.db, { name: 'Coverage Site' });
    for (let i = 0; i < 4; i += 1) {
      const { id } = await createPendingDevice(t.db, { companyId: site.id });
      await t.db.update(devices).set({ enrolledAt: new Date() }).where(eq(devices.id, id));
    }
    await add(site.id, 10);
    const { body } = await call<CreditSummary>(
      superAdmin,
      'GET',
      `/api/credits/summary?company_id=${site.id}`,
    );
    // 10 credits for 4 devices: two whole months.
    const inTwoMonths = new Date();
    inTwoMonths.setUTCMonth(inTwoMonths.getUTCMonth() + 2);
    expect(body.data.credit_coverage?.slice(0, 10)).toBe(inTwoMonths.toISOString().slice(0, 10));
    expect(body.data.monitored_device).toEqual({ total: 4, monitored: 4 });
    expect(body.data.credits.total).toEqual([{ credit_type: 'credit', credits_count: 10 }]);
  });

  it('conserves credits when moves race in both directions', async () => {
    const root = await createCompany(t.db, { name: 'Race Root' });
    const leaf = await createCompany(t.db, { parent: root, name: 'Race Leaf' });
    await add(root.id, 50);
    await add(leaf.id, 50);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 ? move(superAdmin, root.id, leaf.id, 7) : move(superAdmin, leaf.id, root.id, 9),
      ),
    );
    // Some may be refused for want of credits; none may fail otherwise.
    expect(results.every((r) => r.status === 200 || r.status === 422)).toBe(true);
    expect((await leftOf(superAdmin, root.id)) + (await leftOf(superAdmin, leaf.id))).toBe(100);
    for (const row of await createCreditLedgerRepository(t.db).reconcile())
      expect(row.balance === row.pools && row.pools === row.ledger, JSON.stringify(row)).toBe(true);
  });
});

import {
  COMPANY_DATA_BYTES_PER_CREDIT,
  COMPANY_DATA_MESSAGES,
  type CompanyDataPurchase,
  type CreditHistoryEntry,
  type CreditSummary,
} from '@netfleet/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyDataPurchases, notifications } from '@/db/schema';
import type { CompanyRow, UserRow } from '@/db/types';
import { eventually } from '@test/eventually';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';
import { createCreditLedgerRepository } from '../credits/credit-ledger.repository';

let t: TestApp;
let superAdmin: TestSession;
let alpha: CompanyRow;
let alphaChild: CompanyRow;
let beta: CompanyRow;
let adminAlphaUser: UserRow & { password: string };
let adminAlpha: TestSession;
let adminBeta: TestSession;
let endUserAlpha: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  alpha = await createCompany(t.db, { name: 'Alpha' });
  alphaChild = await createCompany(t.db, { parent: alpha, name: 'Alpha Child' });
  beta = await createCompany(t.db, { name: 'Beta' });
  superAdmin = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  adminAlphaUser = await createUser(t.db, 'admin', { company: alpha });
  adminAlpha = await loginAs(t.app, adminAlphaUser);
  adminBeta = await loginAs(t.app, await createUser(t.db, 'admin', { company: beta }));
  endUserAlpha = await loginAs(t.app, await createUser(t.db, 'end_user', { company: alpha }));
});
afterAll(() => t.close());

interface Body<T> {
  data: T;
  meta: { total: number; remaining_data: number };
  errors: { code: string; message: string; source: string | null }[];
}

const call = async <T = unknown>(
  session: TestSession,
  method: 'GET' | 'POST',
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

/** Credits of `typeId` (2: paid `credit`, 1: free) added by the super admin. */
const give = async (companyId: number, count: number, typeId = 2) => {
  const invoice = typeId % 2 === 0 ? { credit_price: 1, pro_form_nr: 'PF-data' } : {};
  const { status } = await call(superAdmin, 'POST', '/api/credits', {
    credit_type_id: typeId,
    credit_count: count,
    company_id: companyId,
    ...invoice,
  });
  expect(status).toBe(201);
};
const buy = (session: TestSession, payload: object) =>
  call<CompanyDataPurchase>(session, 'POST', '/api/companies/data', payload);
const remainingOf = async (companyId: number) => {
  const [row] = await t.db
    .select({ bytes: companies.remainingData })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.bytes ?? -1;
};
const creditsLeft = async (companyId: number, typeId = 2) => {
  const { body } = await call<CreditSummary>(
    superAdmin,
    'GET',
    `/api/credits/summary?company_id=${companyId}`,
  );
  return body.data.credits.left.find((row) => row.credit_type_id === typeId)?.credits_left ?? 0;
};
const purchasesOf = async (companyId: number) =>
  t.db.select().from(companyDataPurchases).where(eq(companyDataPurchases.companyId, companyId));

describe('company data', () => {
  it('exchanges paid credits for 2 GiB each, in the ledger as action 8 with the balance after', async () => {
    await give(alpha.id, 30);
    const before = await remainingOf(alpha.id);
    const bought = await buy(adminAlpha, { company_id: alpha.id, credits: 3 });
    expect(bought.status).toBe(200);
    expect(COMPANY_DATA_BYTES_PER_CREDIT).toBe(2 * 1024 ** 3);
    expect(bought.body.data).toMatchObject({
      company_id: alpha.id,
      company: 'Alpha',
      credits_used: 3,
      data: 3 * 2_147_483_648,
      user_id: adminAlphaUser.id,
      email: adminAlphaUser.email,
    });
    expect(bought.body.data.from_pool_id).toEqual(expect.any(Number));
    expect(await remainingOf(alpha.id)).toBe(before + 6_442_450_944);
    expect(bought.body.meta.remaining_data).toBe(before + 6_442_450_944);
    expect(await creditsLeft(alpha.id)).toBe(27);

    const company = await call<{ remaining_data: number }>(
      adminAlpha,
      'GET',
      `/api/companies/${alpha.id}`,
    );
    expect(company.body.data.remaining_data).toBe(before + 6_442_450_944);
    const ledger = await call<CreditHistoryEntry[]>(
      adminAlpha,
      'GET',
      `/api/credits/history?company_id=${alpha.id}`,
    );
    expect(ledger.body.data[0]).toMatchObject({
      action_type: 8,
      action: 'Spent on company data',
      amount: -3,
      balance_after: 27,
      credit_type_name: 'credit',
      pool_id: bought.body.data.from_pool_id,
    });
  });

  it('strips leading zeros and takes the credits as RMS (a number) or as the form sends them (digits)', async () => {
    await give(alphaChild.id, 20);
    const fromDigits = await buy(adminAlpha, { company_id: alphaChild.id, credits: '0002' });
    expect(fromDigits.status).toBe(200);
    expect(fromDigits.body.data.credits_used).toBe(2);
    // 15 characters, 1 digit once the zeros are gone.
    const padded = await buy(adminAlpha, { company_id: alphaChild.id, credits: '000000000000001' });
    expect(padded.status).toBe(200);
    expect(padded.body.data.credits_used).toBe(1);
    expect(await remainingOf(alphaChild.id)).toBe(3 * COMPANY_DATA_BYTES_PER_CREDIT);
    expect(await creditsLeft(alphaChild.id)).toBe(17);
  });

  it('refuses 15 digits, signs, fractions, zero and non-digits on the credits field, changing nothing', async () => {
    const before = {
      bytes: await remainingOf(alpha.id),
      left: await creditsLeft(alpha.id),
      purchases: (await purchasesOf(alpha.id)).length,
    };
    const cases: [unknown, string][] = [
      ['123456789012345', COMPANY_DATA_MESSAGES.creditsLength],
      [100_000_000_000_000, COMPANY_DATA_MESSAGES.creditsLength],
      [-1, COMPANY_DATA_MESSAGES.creditsDigits],
      ['-1', COMPANY_DATA_MESSAGES.creditsDigits],
      [1.5, COMPANY_DATA_MESSAGES.creditsDigits],
      ['1.5', COMPANY_DATA_MESSAGES.creditsDigits],
      ['1e3', COMPANY_DATA_MESSAGES.creditsDigits],
      [' 1', COMPANY_DATA_MESSAGES.creditsDigits],
      [0, COMPANY_DATA_MESSAGES.creditsMin],
      ['000', COMPANY_DATA_MESSAGES.creditsMin],
      ['', COMPANY_DATA_MESSAGES.creditsRequired],
      [true, COMPANY_DATA_MESSAGES.creditsDigits],
    ];
    for (const [credits, message] of cases) {
      const { status, body } = await buy(adminAlpha, { company_id: alpha.id, credits });
      expect(status, JSON.stringify(credits)).toBe(422);
      expect(body.errors[0], JSON.stringify(credits)).toMatchObject({ source: 'credits', message });
    }
    const missing = await buy(adminAlpha, { company_id: alpha.id });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]).toMatchObject({
      source: 'credits',
      message: COMPANY_DATA_MESSAGES.creditsRequired,
    });
    expect((await buy(adminAlpha, { credits: 1 })).body.errors[0]?.source).toBe('company_id');
    expect({
      bytes: await remainingOf(alpha.id),
      left: await creditsLeft(alpha.id),
      purchases: (await purchasesOf(alpha.id)).length,
    }).toEqual(before);
  });

  it('answers 422 on credits with the ledger message when the company has too few, and changes nothing', async () => {
    const before = {
      bytes: await remainingOf(alpha.id),
      purchases: (await purchasesOf(alpha.id)).length,
    };
    const left = await creditsLeft(alpha.id);
    const tooMany = await buy(adminAlpha, { company_id: alpha.id, credits: left + 1 });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors[0]).toMatchObject({
      source: 'credits',
      message: `Not enough resources: ${left} left`,
    });
    // More data than a company can hold exactly: refused after the take, which is rolled back.
    await give(beta.id, 5_000_000);
    const huge = await buy(superAdmin, { company_id: beta.id, credits: 5_000_000 });
    expect(huge.status).toBe(422);
    expect(huge.body.errors[0]).toMatchObject({
      source: 'credits',
      message: COMPANY_DATA_MESSAGES.tooMuchData,
    });
    expect(await creditsLeft(beta.id)).toBe(5_000_000);
    expect(await remainingOf(beta.id)).toBe(0);
    expect({
      bytes: await remainingOf(alpha.id),
      purchases: (await purchasesOf(alpha.id)).length,
    }).toEqual(before);
    expect(await creditsLeft(alpha.id)).toBe(left);
    for (const row of await createCreditLedgerRepository(t.db).reconcile())
      expect(row.balance === row.pools && row.pools === row.ledger, JSON.stringify(row)).toBe(true);
  });

  it('spends free credits only for a super admin who asks for them', async () => {
    await give(alphaChild.id, 4, 1);
    const refused = await buy(adminAlpha, {
      company_id: alphaChild.id,
      credits: 1,
      payment_type: 'free',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]?.source).toBe('payment_type');
    const paidBefore = await creditsLeft(alphaChild.id);
    const free = await buy(superAdmin, {
      company_id: alphaChild.id,
      credits: 4,
      payment_type: 'free',
    });
    expect(free.status).toBe(200);
    expect(await creditsLeft(alphaChild.id, 1)).toBe(0);
    expect(await creditsLeft(alphaChild.id)).toBe(paidBefore);
  });

  it('hides companies out of reach (404 on company_id) and refuses users without manage_credits (403)', async () => {
    await give(beta.id, 5);
    const foreign = await buy(adminAlpha, { company_id: beta.id, credits: 1 });
    expect(foreign.status).toBe(404);
    expect(foreign.body.errors[0]?.source).toBe('company_id');
    expect((await buy(endUserAlpha, { company_id: alpha.id, credits: 1 })).status).toBe(403);
    expect(await remainingOf(beta.id)).toBe(0);
    expect((await purchasesOf(beta.id)).length).toBe(0);
  });

  it('tells the resource managers when a purchase leaves the company low on credits', async () => {
    const site = await createCompany(t.db, { name: 'Low Site' });
    const manager = await createUser(t.db, 'admin', { company: site });
    await give(site.id, 12);
    expect((await buy(superAdmin, { company_id: site.id, credits: 5 })).status).toBe(200);
    await eventually(async () => {
      const told = await t.db
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.userId, manager.id), eq(notifications.type, 'creditAmountTooLow')),
        );
      expect(told.map((n) => n.summary)).toEqual(['Only 7 Credit resource(s) left']);
    });
  });

  it('lists the purchases of the companies the caller sees, newest first, filtered and paged in SQL', async () => {
    await give(beta.id, 10);
    expect((await buy(adminBeta, { company_id: beta.id, credits: 2 })).status).toBe(200);

    const mine = await call<CompanyDataPurchase[]>(
      adminAlpha,
      'GET',
      '/api/companies/data/history',
    );
    expect(mine.status).toBe(200);
    const companiesSeen = new Set(mine.body.data.map((row) => row.company_id));
    expect(companiesSeen).toEqual(new Set([alpha.id, alphaChild.id]));
    const ids = mine.body.data.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(mine.body.meta.total).toBe(mine.body.data.length);

    // An end client sees its own company only; a filter on a company out of reach finds nothing.
    const own = await call<CompanyDataPurchase[]>(
      endUserAlpha,
      'GET',
      '/api/companies/data/history',
    );
    expect(new Set(own.body.data.map((row) => row.company_id))).toEqual(new Set([alpha.id]));
    const probe = await call<CompanyDataPurchase[]>(
      adminAlpha,
      'GET',
      `/api/companies/data/history?company_id=${beta.id}`,
    );
    expect(probe.body).toMatchObject({ data: [], meta: { total: 0 } });

    const page = await call<CompanyDataPurchase[]>(
      adminAlpha,
      'GET',
      `/api/companies/data/history?company_id=${alphaChild.id}&limit=1&offset=1&sort=credits_used`,
    );
    // Alpha Child bought 2, 1 and (free) 4 credits' worth.
    expect(page.body.meta.total).toBe(3);
    expect(page.body.data.map((row) => row.credits_used)).toEqual([2]);

    const searched = await call<CompanyDataPurchase[]>(
      superAdmin,
      'GET',
      '/api/companies/data/history?q=beta&start_date=2000-01-01 00:00:00',
    );
    expect(searched.body.data.map((row) => row.company)).toEqual(['Beta']);
    const future = await call<CompanyDataPurchase[]>(
      superAdmin,
      'GET',
      '/api/companies/data/history?start_date=2999-01-01',
    );
    expect(future.body.meta.total).toBe(0);
  });
});

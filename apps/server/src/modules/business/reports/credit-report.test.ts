import type { CreditReport } from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { createPendingDevice } from '@test/devices';
import { createCompany, createUser } from '@test/factories';
import { pdfText } from '@test/pdf-text';
import { loginAs, type TestSession } from '@test/session';

let t: TestApp;
let alpha: CompanyRow;
let alphaChild: CompanyRow;
let beta: CompanyRow;
let superAdmin: TestSession;
let adminAlpha: TestSession;
let adminBeta: TestSession;
let startedAt: Date;
/** The pool added to Alpha before the range: the moves, the code and the data come out of it. */
let addedPoolId: number;
let alphaAdminName: string;
let deviceSerial: string;

const post = async (session: TestSession, url: string, payload: object) => {
  const response = await t.app.inject({ method: 'POST', url, headers: session.headers, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<{ data: { id: number } }>().data;
};

const stamp = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

beforeAll(async () => {
  t = await buildTestApp();
  alpha = await createCompany(t.db, { name: 'Alpha' });
  alphaChild = await createCompany(t.db, { parent: alpha, name: 'Alpha Child' });
  beta = await createCompany(t.db, { name: 'Beta' });
  superAdmin = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  const alphaAdmin = await createUser(t.db, 'admin', { company: alpha });
  alphaAdminName = alphaAdmin.username;
  adminAlpha = await loginAs(t.app, alphaAdmin);
  adminBeta = await loginAs(t.app, await createUser(t.db, 'admin', { company: beta }));
  // Before the range: left out.
  const added = await post(superAdmin, '/api/credits', {
    credit_type_id: 2,
    credit_count: 100,
    company_id: alpha.id,
    credit_price: 1.5,
    pro_form_nr: 'PF-1',
  });
  addedPoolId = added.id;
  // The range starts at the next whole second (API dates have no fractions).
  startedAt = new Date(Math.ceil((Date.now() + 1) / 1000) * 1000);
  await new Promise((resolve) => setTimeout(resolve, startedAt.getTime() - Date.now() + 5));
  await post(adminAlpha, '/api/credits/move', {
    credit_type_name: 'credit',
    source: alpha.id,
    target: alphaChild.id,
    amount: 30,
  });
  await post(adminAlpha, '/api/credits/move', {
    credit_type_name: 'credit',
    source: alpha.id,
    target: alphaChild.id,
    amount: 4,
  });
  // A move up, from the subsidiary: not a move to a subsidiary of Alpha.
  await post(adminAlpha, '/api/credits/move', {
    credit_type_name: 'credit',
    source: alphaChild.id,
    target: alpha.id,
    amount: 1,
  });
  await post(adminAlpha, '/api/credits/codes', { credit_type_name: 'credit', amount: 5 });
  await post(adminAlpha, '/api/companies/data', { company_id: alpha.id, credits: 2 });
  const device = await createPendingDevice(t.db, { companyId: alpha.id });
  deviceSerial = device.serial;
  // Written straight to the ledger (the pool's credit_left is not lowered by it).
  await t.db.insert(creditLedger).values({
    companyId: alpha.id,
    creditTypeId: 2,
    poolId: addedPoolId,
    actionType: 3,
    amount: -3,
    balanceAfter: 57,
    deviceId: device.id,
  });
});
afterAll(() => t.close());

const range = () =>
  `start_date=${encodeURIComponent(stamp(startedAt))}&end_date=${encodeURIComponent(stamp(new Date(Date.now() + 1000)))}`;

describe('credit report', () => {
  it('answers what the company did with its credits in the range, with exact totals', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/credits/report/json?company_id=${alpha.id}&${range()}`,
      headers: adminAlpha.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<{ data: CreditReport }>().data;
    expect(report.totals).toEqual({
      child_pools: 2,
      child_company_credits: 34,
      // Two moves out, one in, the code, the data and the device: the addition is before the range.
      pool_logs: 6,
      credits_for_devices: 3,
      transfer_codes_credits: 5,
      data_purchase: 2,
    });
    expect(report.child_pools).toEqual([
      {
        count: 34,
        to_company_id: alphaChild.id,
        company_name: 'Alpha Child',
        credit_type_name: 'credit',
      },
    ]);
    expect(report.pool_logs.map((log) => [log.action_id, log.amount])).toEqual([
      [4, -30],
      [4, -4],
      [2, 1],
      [5, -5],
      [8, -2],
      [3, -3],
    ]);
    expect(report.pool_logs.at(-1)?.device_serial).toEqual(expect.any(String));
    expect(report.transfer_codes).toEqual([
      expect.objectContaining({ amount: 5, pool_amount: 5, is_used: 0, used_by_company_id: null }),
    ]);
    expect(report.data_purchase).toEqual([
      expect.objectContaining({
        credits_used: 2,
        bytes_purchased: 2 * 2 * 1024 ** 3,
        company_id: alpha.id,
      }),
    ]);
    expect(report).toMatchObject({ company_id: alpha.id, company_name: 'Alpha' });

    // Its own company by default; the whole history when the range starts earlier.
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/credits/report/json?start_date=2020-01-01&end_date=2099-01-01',
      headers: adminAlpha.headers,
    });
    expect(all.json<{ data: CreditReport }>().data.totals.pool_logs).toBe(7);
  });

  it('renders the same report as a PDF', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/credits/report?company_id=${alpha.id}&${range()}`,
      headers: adminAlpha.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="credit-report-/,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Alpha');
    expect(text).toContain('Credits moved to subsidiaries');
    expect(text).toContain('Where the credits went');
  });

  it('keeps other trees out and refuses a range that ends before it starts', async () => {
    for (const url of ['/api/credits/report/json', '/api/credits/report']) {
      const hidden = await t.app.inject({
        method: 'GET',
        url: `${url}?company_id=${alpha.id}&${range()}`,
        headers: adminBeta.headers,
      });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.body).not.toContain('Alpha');
    }
    const backwards = await t.app.inject({
      method: 'GET',
      url: '/api/credits/report/json?start_date=2030-01-02&end_date=2030-01-01',
      headers: adminAlpha.headers,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<{ errors: { source: string }[] }>().errors[0]?.source).toBe('end_date');
  });
});

describe('credit pool report', () => {
  it('renders one pool: where it came from, what went out of it and its ledger', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/credits/${addedPoolId}/report`,
      headers: adminAlpha.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="credit-pool-report-${addedPoolId}\\.pdf"`),
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const lines = pdfText(response.rawPayload).split('\n');
    const after = (label: string) => lines[lines.indexOf(label) + 1];
    expect(lines).toContain(`Pool ${addedPoolId}`);
    expect(after('Company')).toBe(`Alpha (${alpha.id})`);
    // Not a super admin: the type's "Paid" is not shown, but the price of a paid pool is.
    expect(after('Type')).toBe('Credit');
    expect(after('Origin')).toBe('Added');
    expect(after('Price per credit')).toBe('1.50');
    expect(after('Pro forma number')).toBe('PF-1');
    // 100 added; 34 moved out, 5 put in the code, 2 spent on data and 3 by the device.
    expect(after('Count')).toBe('100');
    expect(after('Left')).toBe('59');
    expect(after('Used')).toBe('5');
    expect(after('Moved out')).toBe('34');
    expect(after('Put in codes')).toBe('5');
    const ledger = lines.slice(lines.indexOf('User') + 1);
    for (const [action, amount] of [
      ['Resources added', '100'],
      ['Moved out', '-30'],
      ['Moved out', '-4'],
      ['Reserved for a code', '-5'],
      ['Spent on company data', '-2'],
      ['Credit used', '-3'],
    ])
      expect(ledger.join('|')).toContain(`${action}|${amount}`);
    expect(ledger).toContain(deviceSerial);
    expect(ledger).toContain(alphaAdminName);
    // The move up from the subsidiary made another pool: its entry is not in this one.
    expect(ledger).not.toContain('Moved in');
  });

  it('answers 404 for a pool of another tree, and for one that does not exist', async () => {
    for (const id of [addedPoolId, 2_000_000_000]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/credits/${id}/report`,
        headers: adminBeta.headers,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        errors: [{ code: 'NOT_FOUND', message: 'Resource pool not found' }],
      });
      expect(response.body).not.toContain('Alpha');
    }
  });
});

import { CREDIT_CODE_MESSAGES, type CreditCode, type CreditSummary } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '@/db/schema';
import type { CompanyRow, UserRow } from '@/db/types';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';
import { CODE_MAX_FAILURES_PER_USER } from './credit-codes.service';

let t: TestApp;
let superAdmin: TestSession;
let seller: CompanyRow;
let buyer: CompanyRow;
let sellerAdminUser: UserRow & { password: string };
let sellerAdmin: TestSession;
let buyerUser: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  seller = await createCompany(t.db, { name: 'Seller' });
  buyer = await createCompany(t.db, { name: 'Buyer' });
  superAdmin = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  sellerAdminUser = await createUser(t.db, 'admin', { company: seller });
  sellerAdmin = await loginAs(t.app, sellerAdminUser);
  buyerUser = await loginAs(t.app, await createUser(t.db, 'end_user', { company: buyer }));
  await t.app.inject({
    method: 'POST',
    url: '/api/credits',
    headers: superAdmin.headers,
    payload: {
      credit_type_id: 4,
      credit_count: 20,
      company_id: seller.id,
      credit_price: 9.99,
      pro_form_nr: 'PF-7',
    },
  });
});
afterAll(() => t.close());

interface Body<T> {
  data: T;
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
const makeCode = async (amount: number, comment = 'for Buyer') => {
  const { status, body } = await call<CreditCode>(sellerAdmin, 'POST', '/api/credits/codes', {
    credit_type_name: 'management_6m',
    amount,
    comment,
  });
  if (status !== 201) throw new Error(`code create failed: ${status} ${JSON.stringify(body)}`);
  return body.data;
};
const left = async (session: TestSession) => {
  const { body } = await call<CreditSummary>(session, 'GET', '/api/credits/summary');
  return (
    body.data.credits.left.find((row) => row.credit_type === 'management_6m')?.credits_left ?? 0
  );
};

describe('credit codes', () => {
  it('takes the credits when made and gives them to the company that activates it, once', async () => {
    const code = await makeCode(5);
    expect(code).toMatchObject({
      credits_amount: 5,
      status: 'active',
      is_used: false,
      comment: 'for Buyer',
    });
    expect(code.code).toMatch(/^[a-z0-9]{32}$/);
    expect(await left(sellerAdmin)).toBe(15);

    const activated = await call(buyerUser, 'POST', '/api/credits/codes/activate', {
      code: ` ${code.code.toUpperCase()} `,
    });
    expect(activated.status).toBe(200);
    expect(await left(buyerUser)).toBe(5);
    const again = await call(buyerUser, 'POST', '/api/credits/codes/activate', { code: code.code });
    expect(again.status).toBe(422);
    expect(again.body.errors[0]).toMatchObject({
      source: 'code',
      message: CREDIT_CODE_MESSAGES.used,
    });
    expect(await left(buyerUser)).toBe(5);

    const [listed] = (
      await call<CreditCode[]>(sellerAdmin, 'GET', `/api/credits/codes?id=${code.id}`)
    ).body.data;
    expect(listed).toMatchObject({ status: 'used', used_by_company_name: 'Buyer', is_used: true });
    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, sellerAdminUser.id));
    expect(told.map((n) => n.type)).toContain('creditCodeActivation');
    // A used code cannot be revoked.
    expect((await call(sellerAdmin, 'DELETE', `/api/credits/codes/${code.id}`)).status).toBe(422);
  });

  it('revokes an unused code: its credits return and it no longer activates', async () => {
    const code = await makeCode(3);
    expect(await left(sellerAdmin)).toBe(12);
    expect((await call(sellerAdmin, 'DELETE', `/api/credits/codes/${code.id}`)).status).toBe(200);
    expect(await left(sellerAdmin)).toBe(15);
    const revoked = await call(buyerUser, 'POST', '/api/credits/codes/activate', {
      code: code.code,
    });
    expect(revoked.body.errors[0]?.message).toBe(CREDIT_CODE_MESSAGES.revoked);
    // Revoking needs the permission, and a code of another tree is not there for its admins.
    expect((await call(buyerUser, 'DELETE', `/api/credits/codes/${code.id}`)).status).toBe(403);
    const buyerAdmin = await loginAs(t.app, await createUser(t.db, 'admin', { company: buyer }));
    const other = await makeCode(1);
    expect((await call(buyerAdmin, 'DELETE', `/api/credits/codes/${other.id}`)).status).toBe(404);
  });

  it('refuses more than the company holds, long comments and codes of its own company', async () => {
    const tooMany = await call(sellerAdmin, 'POST', '/api/credits/codes', {
      credit_type_name: 'management_6m',
      amount: 1000,
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors[0]?.source).toBe('amount');
    const longComment = await call(sellerAdmin, 'POST', '/api/credits/codes', {
      credit_type_name: 'management_6m',
      amount: 1,
      comment: 'x'.repeat(201),
    });
    expect(longComment.body.errors[0]?.source).toBe('comment');
    const own = await makeCode(1);
    const mine = await call(sellerAdmin, 'POST', '/api/credits/codes/activate', { code: own.code });
    expect(mine.body.errors[0]?.message).toBe(CREDIT_CODE_MESSAGES.ownCompany);
  });

  it('makes a caller who keeps guessing wait', async () => {
    const guesser = await loginAs(t.app, await createUser(t.db, 'end_user', { company: buyer }));
    for (let i = 0; i < CODE_MAX_FAILURES_PER_USER; i += 1) {
      const wrong = await call(guesser, 'POST', '/api/credits/codes/activate', {
        code: `guess${i}`,
      });
      expect(wrong.status).toBe(422);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/credits/codes/activate',
      headers: guesser.headers,
      payload: { code: 'one-more' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

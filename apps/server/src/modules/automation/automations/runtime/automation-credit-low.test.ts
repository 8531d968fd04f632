import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertEvents, automations, notifications } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';
import { eventually } from './runtime.fixtures';

// Credit low is an event of a company (design §4.2): a move that leaves fewer than
// CREDIT_LOW_THRESHOLD credits fires the rules of that company and of the companies above it,
// once, as an event without a device whose actions tell people.

let t: TestApp;
let superAdmin: TestSession;
let reseller: CompanyRow;
let customer: CompanyRow;
let elsewhere: CompanyRow;
let ownerId: number;

const ruleOf = async (company: CompanyRow, name: string, userId: number) => {
  const [rule] = await t.db
    .insert(automations)
    .values({
      companyId: company.id,
      userId,
      name,
      dataGroup: 'events',
      conditionsBody: [
        {
          type: 'if',
          expression: [
            { parameter: 'credit_low', operator: '==', value: true, joins_with: undefined },
          ],
          actions: [
            {
              name: 'SendNotification',
              options: { message: 'Top up', receiving_users: [String(userId)] },
            },
          ],
        },
      ],
    })
    .returning();
  if (!rule) throw new Error('rule insert failed');
  return rule.id;
};

beforeAll(async () => {
  t = await buildTestApp();
  reseller = await createCompany(t.db, { name: 'Reseller' });
  customer = await createCompany(t.db, { parent: reseller, name: 'Customer' });
  elsewhere = await createCompany(t.db, { name: 'Elsewhere' });
  superAdmin = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  ownerId = (await createUser(t.db, 'admin', { company: reseller })).id;
});
afterAll(() => t.close());

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: superAdmin.headers, payload });

describe('credit low as an automation event', () => {
  it("fires the rules above the company once, without a device, and tells the rule's recipients", async () => {
    const above = await ruleOf(reseller, 'Customer credits low', ownerId);
    const unrelated = await ruleOf(elsewhere, 'Not mine', ownerId);
    await post('/api/credits', {
      credit_type_id: 2,
      credit_count: 12,
      company_id: customer.id,
      credit_price: 1,
      pro_form_nr: 'PF-low',
    });
    // 12 → 9: below the threshold of 10. The move goes up to the reseller.
    const moved = await post('/api/credits/move', {
      credit_type_name: 'credit',
      source: customer.id,
      target: reseller.id,
      amount: 3,
    });
    expect(moved.statusCode).toBe(200);

    const events = await eventually(
      () => t.db.select().from(alertEvents).where(eq(alertEvents.automationId, above)),
      (rows) => rows.length > 0 && rows[0]?.overallStatus === 'success',
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'event',
      deviceId: null,
      companyId: customer.id,
      evaluatedParameters: [{ key: 'credit_low', value: 9 }],
      message: 'Event: Customer: Customer credits low — 9 Credit left',
    });
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ownerId), eq(notifications.type, 'deviceAlert')))
      .orderBy(asc(notifications.id));
    expect(told.map((row) => row.summary)).toEqual([
      'Event: Customer: Customer credits low — 9 Credit left: Top up',
    ]);
    expect(
      await t.db.select().from(alertEvents).where(eq(alertEvents.automationId, unrelated)),
    ).toEqual([]);
    const [counted] = await t.db.select().from(automations).where(eq(automations.id, above));
    expect(counted?.totalTriggeredCount).toBe(1);

    // Further spends below the threshold are not another crossing.
    await post('/api/credits/move', {
      credit_type_name: 'credit',
      source: customer.id,
      target: reseller.id,
      amount: 1,
    });
    await new Promise((wake) => setTimeout(wake, 300));
    expect(
      await t.db.select().from(alertEvents).where(eq(alertEvents.automationId, above)),
    ).toHaveLength(1);
  });
});

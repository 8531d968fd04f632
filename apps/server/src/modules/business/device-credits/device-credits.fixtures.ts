import { addCalendarMonths, CONNECTION_CODES, type Device } from '@netfleet/contracts';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { companies, creditLedger, deviceCredits, deviceLogs, devices } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';
import { createCreditLedger, type CreditLow } from '../credits/credit-ledger';
import { createCreditLedgerRepository } from '../credits/credit-ledger.repository';
import { createDeviceCreditSweep } from './device-credit-sweep';
import { createDeviceCreditsRepository } from './device-credits.repository';

/** Paid types: 2 `credit` (1 month), 4 `management_6m`, 6 `management_1y`, 14 data (not management). */
export const CREDIT = 2;
export const SIX_MONTHS = 4;
export const ONE_YEAR = 6;
export const DATA = 14;

/** Paid Co with two subsidiaries (Free Co and the paid Lapsing Co), the paid Foreign Co, admins. */
export interface DeviceCreditsApp {
  t: TestApp;
  superAdmin: TestSession;
  paid: CompanyRow;
  free: CompanyRow;
  lapsing: CompanyRow;
  foreign: CompanyRow;
  /** The admin of Paid Co, who sees its subsidiaries. */
  admin: TestSession;
}

export const startDeviceCreditsApp = async (): Promise<DeviceCreditsApp> => {
  const t = await buildTestApp();
  const setPaid = async (company: CompanyRow) => {
    await t.db.update(companies).set({ paymentType: 'paid' }).where(eq(companies.id, company.id));
  };
  const paid = await createCompany(t.db, { name: 'Paid Co' });
  // Subsidiaries, which the admin of Paid Co sees.
  const free = await createCompany(t.db, { parent: paid, name: 'Free Co' });
  const lapsing = await createCompany(t.db, { parent: paid, name: 'Lapsing Co' });
  const foreign = await createCompany(t.db, { name: 'Foreign Co' });
  await setPaid(lapsing);
  await setPaid(paid);
  await setPaid(foreign);
  return {
    t,
    superAdmin: await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    paid,
    free,
    lapsing,
    foreign,
    admin: await loginAs(t.app, await createUser(t.db, 'admin', { company: paid })),
  };
};

export interface DeviceCreditsBody {
  success: boolean;
  meta?: { channel: string };
  errors?: { code: string; message: string; source: string | null }[];
}

/** Requests and readings of the app `current()` gives (it is built in a beforeAll). */
export const deviceCreditsHelpers = (current: () => DeviceCreditsApp) => {
  const db = () => current().t.db;
  let sequence = 0;
  const newDevice = async (company: CompanyRow) => {
    sequence += 1;
    const [row] = await db()
      .insert(devices)
      .values({
        companyId: company.id,
        name: `credit device ${sequence}`,
        serial: `CR${company.id}N${sequence}`,
        mac: `02:00:00:00:10:${sequence.toString(16).padStart(2, '0')}`,
        deviceSeries: 'rut',
        status: 1,
      })
      .returning({ id: devices.id });
    if (!row) throw new Error('device insert failed');
    return row.id;
  };

  const put = async (session: TestSession, payload: object) => {
    const response = await current().t.app.inject({
      method: 'PUT',
      url: '/api/devices/credit',
      headers: session.headers,
      payload,
    });
    return { status: response.statusCode, body: response.json<DeviceCreditsBody>() };
  };

  const give = async (companyId: number, typeId: number, count: number) => {
    const response = await current().t.app.inject({
      method: 'POST',
      url: '/api/credits',
      headers: current().superAdmin.headers,
      payload: {
        credit_type_id: typeId,
        credit_count: count,
        company_id: companyId,
        credit_price: 1,
        pro_form_nr: 'PF-devices',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
  };

  const creditRow = async (deviceId: number) =>
    (await db().select().from(deviceCredits).where(eq(deviceCredits.deviceId, deviceId)))[0] ??
    null;
  const ledgerOf = (deviceId: number) =>
    db()
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.deviceId, deviceId))
      .orderBy(creditLedger.id);
  const leftOf = async (companyId: number, typeId: number) => {
    const response = await current().t.app.inject({
      method: 'GET',
      url: `/api/credits/summary?company_id=${companyId}`,
      headers: current().superAdmin.headers,
    });
    const rows = response.json<{
      data: { credits: { left: { credit_type_id: number; credits_left: number }[] } };
    }>().data.credits.left;
    return rows.find((row) => row.credit_type_id === typeId)?.credits_left ?? 0;
  };
  const deviceOf = async (id: number) =>
    (
      await current().t.app.inject({
        method: 'GET',
        url: `/api/devices/${id}`,
        headers: current().admin.headers,
      })
    ).json<{ data: Device }>().data;
  const codes15 = async (deviceId: number) =>
    (
      await db()
        .select()
        .from(deviceLogs)
        .where(
          and(
            eq(deviceLogs.deviceId, deviceId),
            eq(deviceLogs.code, CONNECTION_CODES.noActiveCredit),
          ),
        )
    ).length;

  /** The sweep on the test database with a clock of the test's own. */
  const sweepAt = (at: Date, lows: CreditLow[] = []) =>
    createDeviceCreditSweep({
      repository: createDeviceCreditsRepository(db()),
      ledger: createCreditLedger({ ledgerRepository: createCreditLedgerRepository(db()) }),
      transaction: (fn) => db().transaction(fn),
      events: { creditLow: (found) => lows.push(...found) },
      now: () => at,
    }).run();

  /** Moves a device's paid period so that it ended at `at` (as if it had been paid long ago). */
  const endPeriodAt = async (deviceId: number, at: Date) => {
    await db()
      .update(deviceCredits)
      .set({ activatedAt: addCalendarMonths(at, -1), expiresAt: at })
      .where(eq(deviceCredits.deviceId, deviceId));
  };

  return {
    newDevice,
    put,
    give,
    creditRow,
    ledgerOf,
    leftOf,
    deviceOf,
    codes15,
    sweepAt,
    endPeriodAt,
  };
};

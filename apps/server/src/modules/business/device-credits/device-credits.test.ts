import {
  addCalendarMonths,
  CONNECTION_CODES,
  DEVICE_CREDIT_MESSAGES,
  DEVICE_CREDIT_MOVE_MESSAGES,
  toApiDate,
  type CreditHistoryEntry,
  type Device,
} from '@netfleet/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actionLogs,
  companies,
  creditLedger,
  deviceCredits,
  deviceLogs,
  devices,
} from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';
import { createCreditLedger, type CreditLow } from '../credits/credit-ledger';
import { createCreditLedgerRepository } from '../credits/credit-ledger.repository';
import { createDeviceCreditSweep } from './device-credit-sweep';
import { createDeviceCreditsRepository } from './device-credits.repository';

/** Paid types: 2 `credit` (1 month), 4 `management_6m`, 6 `management_1y`, 14 data (not management). */
const CREDIT = 2;
const SIX_MONTHS = 4;
const ONE_YEAR = 6;
const DATA = 14;

let t: TestApp;
let superAdmin: TestSession;
let paid: CompanyRow;
let free: CompanyRow;
let lapsing: CompanyRow;
let foreign: CompanyRow;
let admin: TestSession;

const setPaid = async (company: CompanyRow) => {
  await t.db.update(companies).set({ paymentType: 'paid' }).where(eq(companies.id, company.id));
};

beforeAll(async () => {
  t = await buildTestApp();
  paid = await createCompany(t.db, { name: 'Paid Co' });
  // Subsidiaries, which the admin of Paid Co sees.
  free = await createCompany(t.db, { parent: paid, name: 'Free Co' });
  lapsing = await createCompany(t.db, { parent: paid, name: 'Lapsing Co' });
  foreign = await createCompany(t.db, { name: 'Foreign Co' });
  await setPaid(lapsing);
  await setPaid(paid);
  await setPaid(foreign);
  superAdmin = await loginAs(t.app, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  admin = await loginAs(t.app, await createUser(t.db, 'admin', { company: paid }));
});
afterAll(() => t.close());

let sequence = 0;
const newDevice = async (company: CompanyRow) => {
  sequence += 1;
  const [row] = await t.db
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

interface Body {
  success: boolean;
  meta?: { channel: string };
  errors?: { code: string; message: string; source: string | null }[];
}

const put = async (session: TestSession, payload: object) => {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/devices/credit',
    headers: session.headers,
    payload,
  });
  return { status: response.statusCode, body: response.json<Body>() };
};

const give = async (companyId: number, typeId: number, count: number) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/credits',
    headers: superAdmin.headers,
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
  (await t.db.select().from(deviceCredits).where(eq(deviceCredits.deviceId, deviceId)))[0] ?? null;
const ledgerOf = (deviceId: number) =>
  t.db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.deviceId, deviceId))
    .orderBy(creditLedger.id);
const leftOf = async (companyId: number, typeId: number) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/credits/summary?company_id=${companyId}`,
    headers: superAdmin.headers,
  });
  const rows = response.json<{
    data: { credits: { left: { credit_type_id: number; credits_left: number }[] } };
  }>().data.credits.left;
  return rows.find((row) => row.credit_type_id === typeId)?.credits_left ?? 0;
};
const deviceOf = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/devices/${id}`, headers: admin.headers })).json<{
    data: Device;
  }>().data;
const codes15 = async (deviceId: number) =>
  (
    await t.db
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
    repository: createDeviceCreditsRepository(t.db),
    ledger: createCreditLedger({ ledgerRepository: createCreditLedgerRepository(t.db) }),
    transaction: (fn) => t.db.transaction(fn),
    events: { creditLow: (found) => lows.push(...found) },
    now: () => at,
  }).run();

/** Moves a device's paid period so that it ended at `at` (as if it had been paid long ago). */
const endPeriodAt = async (deviceId: number, at: Date) => {
  await t.db
    .update(deviceCredits)
    .set({ activatedAt: addCalendarMonths(at, -1), expiresAt: at })
    .where(eq(deviceCredits.deviceId, deviceId));
};

describe('device services: PUT /devices/credit', () => {
  it('enables a device: one credit of the chosen type from its company, covering it for the type’s validity', async () => {
    await give(paid.id, SIX_MONTHS, 5);
    const id = await newDevice(paid);
    const before = Date.now();
    const enabled = await put(admin, {
      credit_type_id: SIX_MONTHS,
      data: [{ device_id: id, credit_enabled: 1, auto_extend_credit: 1 }],
    });
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(201);
    expect(enabled.body.meta?.channel).toMatch(/^private-status\./);
    expect(await leftOf(paid.id, SIX_MONTHS)).toBe(4);

    const row = await creditRow(id);
    expect(row).toMatchObject({ creditEnabled: true, creditTypeId: SIX_MONTHS, autoExtend: true });
    const activatedAt = row?.activatedAt ?? new Date(0);
    expect(activatedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row?.expiresAt).toEqual(addCalendarMonths(activatedAt, 6));

    const [entry, ...more] = await ledgerOf(id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      companyId: paid.id,
      creditTypeId: SIX_MONTHS,
      actionType: 3,
      amount: -1,
      balanceAfter: 4,
    });
    const history = (
      await t.app.inject({
        method: 'GET',
        url: `/api/credits/history?device_id=${id}`,
        headers: admin.headers,
      })
    ).json<{ data: CreditHistoryEntry[] }>().data;
    expect(history[0]).toMatchObject({ action: 'Credit used', device_id: id, amount: -1 });

    // The channel tells how it went, per device.
    const channel = await t.app.inject({
      method: 'GET',
      url: `/api/status/channel/${enabled.body.meta?.channel ?? ''}`,
      headers: admin.headers,
    });
    expect(
      channel.json<{ data: Record<string, { status: string; value: string }[]> }>().data[
        String(id)
      ],
    ).toEqual([
      {
        status: 'completed',
        value: DEVICE_CREDIT_MESSAGES.enabled(toApiDate(row?.expiresAt ?? new Date())),
      },
    ]);

    // The RMS device fields.
    expect(await deviceOf(id)).toMatchObject({
      credit_enabled: 1,
      credit_activated: 1,
      credit_expire_date: toApiDate(row?.expiresAt ?? new Date()),
      auto_extend_credit: 1,
      management_credit_type: 'management_6m',
      management_credit_type_name: 'Management 6 months',
      management_credit_type_id: SIX_MONTHS,
      data_credit_type_id: null,
      credit_required: true,
    });
    const filtered = await t.app.inject({
      method: 'GET',
      url: '/api/devices?management_credit_type=management_6m&fields=id',
      headers: admin.headers,
    });
    expect(filtered.json<{ data: { id: number }[] }>().data).toEqual([{ id }]);

    // Enabled again while its period runs: nothing more is spent.
    expect((await put(admin, { device_id: id, credit_enabled: 1 })).status).toBe(201);
    expect(await leftOf(paid.id, SIX_MONTHS)).toBe(4);
    expect((await creditRow(id))?.expiresAt).toEqual(row?.expiresAt);
  });

  it('disables a device keeping what was paid (no refund) and switches auto-extend', async () => {
    await give(paid.id, CREDIT, 3);
    const id = await newDevice(paid);
    expect(
      (await put(admin, { device_id: id, credit_enabled: 1, credit_type_id: CREDIT })).status,
    ).toBe(201);
    const paidUntil = (await creditRow(id))?.expiresAt;
    const left = await leftOf(paid.id, CREDIT);

    const disabled = await put(admin, { device_id: id, credit_enabled: 0, auto_extend_credit: 0 });
    expect(disabled.status).toBe(201);
    expect(await creditRow(id)).toMatchObject({
      creditEnabled: false,
      autoExtend: false,
      expiresAt: paidUntil,
    });
    expect(await leftOf(paid.id, CREDIT)).toBe(left);
    expect(await deviceOf(id)).toMatchObject({
      credit_enabled: 0,
      credit_activated: 1,
      auto_extend_credit: 0,
    });
  });

  it('refuses too few credits or a type that is not management on that device alone, changing nothing', async () => {
    const id = await newDevice(paid);
    const other = await newDevice(paid);
    await give(paid.id, CREDIT, 1);
    const ledgerBefore = (await t.db.select().from(creditLedger)).length;

    const single = await put(admin, { device_id: id, credit_enabled: 1, credit_type_id: ONE_YEAR });
    expect(single.status).toBe(422);
    expect(single.body.errors).toEqual([
      {
        code: 'VALIDATION_ERROR',
        message: 'Not enough resources: 0 left',
        source: 'credit_type_id',
      },
    ]);
    const listed = await put(admin, {
      credit_type_id: ONE_YEAR,
      data: [{ device_id: id, credit_enabled: 1 }],
    });
    expect(listed.status).toBe(422);
    expect(listed.body.errors?.[0]?.source).toBe('data.0.credit_type_id');
    const dataType = await put(admin, { device_id: id, credit_enabled: 1, credit_type_id: DATA });
    expect(dataType.status).toBe(422);
    expect(dataType.body.errors?.[0]).toMatchObject({
      source: 'credit_type_id',
      message: DEVICE_CREDIT_MESSAGES.notManagement,
    });
    const noType = await put(admin, { device_id: id, credit_enabled: 1 });
    expect(noType.body.errors?.[0]).toMatchObject({
      source: 'credit_type_id',
      message: DEVICE_CREDIT_MESSAGES.typeRequired,
    });
    // Free types are the super admin's to spend.
    const freeType = await put(admin, { device_id: id, credit_enabled: 1, credit_type_id: 1 });
    expect(freeType.body.errors?.[0]?.source).toBe('credit_type_id');
    expect(await creditRow(id)).toBeNull();

    // One device refused, the other enabled: 207 naming the refused item.
    const mixed = await put(admin, {
      credit_enabled: 1,
      data: [
        { device_id: other, credit_type_id: CREDIT },
        { device_id: id, credit_type_id: ONE_YEAR },
      ],
    });
    expect(mixed.status).toBe(207);
    expect(mixed.body.meta?.channel).toEqual(expect.any(String));
    expect(mixed.body.errors).toEqual([
      {
        code: 'VALIDATION_ERROR',
        message: 'Not enough resources: 0 left',
        source: 'data.1.credit_type_id',
      },
    ]);
    expect((await creditRow(other))?.creditEnabled).toBe(true);
    expect(await creditRow(id)).toBeNull();
    expect((await t.db.select().from(creditLedger)).length).toBe(ledgerBefore + 1);
  });

  it('answers another tree’s device as not found, changing nothing there', async () => {
    await give(foreign.id, CREDIT, 2);
    const theirs = await newDevice(foreign);
    const single = await put(admin, {
      device_id: theirs,
      credit_enabled: 1,
      credit_type_id: CREDIT,
    });
    expect(single.status).toBe(404);
    expect(single.body.errors?.[0]).toMatchObject({ code: 'NOT_FOUND', source: 'device_id' });
    const listed = await put(admin, {
      credit_type_id: CREDIT,
      data: [{ device_id: theirs, credit_enabled: 1 }],
    });
    expect(listed.status).toBe(404);
    expect(listed.body.errors?.[0]?.source).toBe('data.0.device_id');
    expect(await creditRow(theirs)).toBeNull();
    expect(await leftOf(foreign.id, CREDIT)).toBe(2);
  });

  it('spends nothing in a free company, where no credit is required', async () => {
    const id = await newDevice(free);
    const before = (await t.db.select().from(creditLedger)).length;
    const enabled = await put(admin, { device_id: id, credit_enabled: 1, credit_type_id: CREDIT });
    expect(enabled.status).toBe(201);
    expect((await t.db.select().from(creditLedger)).length).toBe(before);
    expect(await creditRow(id)).toMatchObject({ creditEnabled: true, expiresAt: null });
    expect(await deviceOf(id)).toMatchObject({
      credit_required: false,
      credit_enabled: 1,
      credit_activated: 0,
      credit_expire_date: null,
    });
    // A device never enabled: RMS's defaults.
    expect(await deviceOf(await newDevice(free))).toMatchObject({
      credit_required: false,
      credit_enabled: 0,
      credit_activated: 0,
      auto_extend_credit: 1,
      management_credit_type: null,
    });
  });

  it('lists the management types for the type picker', async () => {
    const types = await t.app.inject({
      method: 'GET',
      url: '/api/credits/types?license_type=management&limit=100&q=',
      headers: admin.headers,
    });
    const ids = types.json<{ data: { id: number; license_type: string }[] }>().data;
    // Paid ones only for an admin; the data type is left out.
    expect(ids.map((type) => type.id)).toEqual([2, 4, 6, 8, 10, 12]);
  });

  it('refuses users without update_device_credit_status', async () => {
    const endUserSession = await loginAs(
      t.app,
      await createUser(t.db, 'read_only', { company: paid }),
    );
    const id = await newDevice(paid);
    expect((await put(endUserSession, { device_id: id, credit_enabled: 1 })).status).toBe(403);
  });
});

describe('device services: the sweep', () => {
  it('extends an auto-extended device from its old expiry with one credit, once however often it runs', async () => {
    await give(paid.id, CREDIT, 10);
    const id = await newDevice(paid);
    expect(
      (await put(admin, { device_id: id, credit_enabled: 1, credit_type_id: CREDIT })).status,
    ).toBe(201);
    const now = new Date();
    const ended = new Date(now.getTime() - 60_000);
    await endPeriodAt(id, ended);
    const left = await leftOf(paid.id, CREDIT);

    expect(await sweepAt(now)).toMatchObject({ extended: 1 });
    expect(await sweepAt(now)).toEqual({ extended: 0, expired: 0 });
    const row = await creditRow(id);
    expect(row?.expiresAt).toEqual(addCalendarMonths(ended, 1));
    expect(row?.activatedAt).not.toBeNull();
    expect(await leftOf(paid.id, CREDIT)).toBe(left - 1);
    const entries = await ledgerOf(id);
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({ actionType: 3, amount: -1, userId: null, deviceId: id });
    expect(await codes15(id)).toBe(0);
  });

  it('lets the period lapse without credits or auto-extend: not active, code 15 logged once', async () => {
    const noCredits = await newDevice(lapsing);
    const noAuto = await newDevice(lapsing);
    const disabled = await newDevice(lapsing);
    const all = [noCredits, noAuto, disabled];
    // Exactly what the three first periods take: nothing is left to extend `noCredits` with.
    await give(lapsing.id, SIX_MONTHS, 3);
    for (const id of all) {
      const enabled = await put(admin, {
        device_id: id,
        credit_enabled: 1,
        credit_type_id: SIX_MONTHS,
      });
      expect(enabled.status).toBe(201);
    }
    expect((await put(admin, { device_id: noAuto, auto_extend_credit: 0 })).status).toBe(201);
    expect((await put(admin, { device_id: disabled, credit_enabled: 0 })).status).toBe(201);
    expect(await leftOf(lapsing.id, SIX_MONTHS)).toBe(0);
    const now = new Date();
    for (const id of all) await endPeriodAt(id, new Date(now.getTime() - 1000));
    const ledgerBefore = (await t.db.select().from(creditLedger)).length;

    expect(await sweepAt(now)).toEqual({ extended: 0, expired: 3 });
    expect(await sweepAt(now)).toEqual({ extended: 0, expired: 0 });
    for (const id of all) {
      expect((await creditRow(id))?.activatedAt).toBeNull();
      expect(await codes15(id)).toBe(1);
      expect((await deviceOf(id)).credit_activated).toBe(0);
    }
    expect((await t.db.select().from(creditLedger)).length).toBe(ledgerBefore);
    // Enabled again, it pays a new period from now.
    await give(lapsing.id, SIX_MONTHS, 1);
    expect((await put(admin, { device_id: noCredits, credit_enabled: 1 })).status).toBe(201);
    expect((await deviceOf(noCredits)).credit_activated).toBe(1);
  });

  it('leaves free companies alone', async () => {
    const id = await newDevice(free);
    const now = new Date();
    await t.db.insert(deviceCredits).values({
      deviceId: id,
      creditEnabled: true,
      creditTypeId: CREDIT,
      activatedAt: addCalendarMonths(now, -2),
      expiresAt: addCalendarMonths(now, -1),
    });
    await sweepAt(now);
    expect((await creditRow(id))?.activatedAt).not.toBeNull();
    expect(await codes15(id)).toBe(0);
  });
});

describe('device services: POST /devices/credits/move', () => {
  const move = async (session: TestSession, payload: object) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/devices/credits/move',
      headers: session.headers,
      payload,
    });
    return {
      status: response.statusCode,
      body: response.json<Body & { data?: Record<string, unknown> }>(),
    };
  };
  /** A device of `company` with a period of ONE_YEAR paid (and its credit spent) through the API. */
  const paidDevice = async (company: CompanyRow) => {
    await give(company.id, ONE_YEAR, 1);
    const id = await newDevice(company);
    const enabled = await put(admin, {
      device_id: id,
      credit_enabled: 1,
      credit_type_id: ONE_YEAR,
    });
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(201);
    return id;
  };

  it('moves the remaining period to another device, across companies, without touching the ledger', async () => {
    const source = await paidDevice(paid);
    const target = await newDevice(lapsing);
    const paidUntil = (await creditRow(source))?.expiresAt ?? new Date(0);
    const ledgerBefore = (await t.db.select().from(creditLedger)).length;
    const left = [await leftOf(paid.id, ONE_YEAR), await leftOf(lapsing.id, ONE_YEAR)];

    const moved = await move(admin, { source_device_id: source, target_device_id: target });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toEqual({
      source_device_id: source,
      target_device_id: target,
      credit_type_id: ONE_YEAR,
      credit_expire_date: toApiDate(paidUntil),
    });
    expect(await creditRow(target)).toMatchObject({
      creditEnabled: true,
      creditTypeId: ONE_YEAR,
      expiresAt: paidUntil,
    });
    expect((await creditRow(target))?.activatedAt).not.toBeNull();
    expect(await creditRow(source)).toMatchObject({ activatedAt: null, expiresAt: null });
    expect(await deviceOf(target)).toMatchObject({
      credit_activated: 1,
      credit_expire_date: toApiDate(paidUntil),
    });
    expect((await deviceOf(source)).credit_activated).toBe(0);

    // No credit changed hands: the ledger and both balances are as they were; the action log says.
    expect((await t.db.select().from(creditLedger)).length).toBe(ledgerBefore);
    expect([await leftOf(paid.id, ONE_YEAR), await leftOf(lapsing.id, ONE_YEAR)]).toEqual(left);
    const [logged] = await t.db
      .select()
      .from(actionLogs)
      .where(
        and(eq(actionLogs.action, 'device_credits_move'), eq(actionLogs.entityId, String(source))),
      );
    expect(logged?.details).toMatchObject({
      source_company_id: paid.id,
      target_device_id: target,
      target_company_id: lapsing.id,
    });

    // Moved once: the source has nothing left to move.
    const again = await move(admin, {
      source_device_id: source,
      target_device_id: await newDevice(paid),
    });
    expect(again.status).toBe(422);
    expect(again.body.errors?.[0]).toMatchObject({
      source: 'source_device_id',
      message: DEVICE_CREDIT_MOVE_MESSAGES.noPeriod,
    });
  });

  it('refuses a target with a period of its own, a free company’s device, the same device, changing nothing', async () => {
    const source = await paidDevice(paid);
    const active = await paidDevice(paid);
    const before = [await creditRow(source), await creditRow(active)];

    const busy = await move(admin, { source_device_id: source, target_device_id: active });
    expect(busy.status).toBe(422);
    expect(busy.body.errors).toEqual([
      {
        code: 'VALIDATION_ERROR',
        message: DEVICE_CREDIT_MOVE_MESSAGES.targetActive,
        source: 'target_device_id',
      },
    ]);
    const freeTarget = await move(admin, {
      source_device_id: source,
      target_device_id: await newDevice(free),
    });
    expect(freeTarget.status).toBe(422);
    expect(freeTarget.body.errors?.[0]).toMatchObject({
      source: 'target_device_id',
      message: DEVICE_CREDIT_MOVE_MESSAGES.targetFree,
    });
    const same = await move(admin, { source_device_id: source, target_device_id: source });
    expect(same.status).toBe(422);
    expect(same.body.errors?.[0]?.source).toBe('target_device_id');
    const missing = await move(admin, { source_device_id: source });
    expect(missing.status).toBe(422);
    expect(missing.body.errors?.[0]?.source).toBe('target_device_id');
    expect([await creditRow(source), await creditRow(active)]).toEqual(before);
  });

  it('refuses a source without a running period', async () => {
    const never = await newDevice(paid);
    const refused = await move(admin, {
      source_device_id: never,
      target_device_id: await newDevice(paid),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.[0]).toMatchObject({
      code: 'VALIDATION_ERROR',
      source: 'source_device_id',
      message: DEVICE_CREDIT_MOVE_MESSAGES.noPeriod,
    });
  });

  it('answers another tree’s device as one that does not exist, on either side', async () => {
    const source = await paidDevice(paid);
    await give(foreign.id, ONE_YEAR, 1);
    const theirs = await newDevice(foreign);
    const enabledThere = await put(superAdmin, {
      device_id: theirs,
      credit_enabled: 1,
      credit_type_id: ONE_YEAR,
    });
    expect(enabledThere.status).toBe(201);
    const theirsBefore = await creditRow(theirs);
    const sourceBefore = await creditRow(source);

    const toTheirs = await move(admin, { source_device_id: source, target_device_id: theirs });
    const fromTheirs = await move(admin, {
      source_device_id: theirs,
      target_device_id: await newDevice(paid),
    });
    const nowhere = await move(admin, { source_device_id: 99_999_999, target_device_id: source });
    expect([toTheirs.status, fromTheirs.status, nowhere.status]).toEqual([404, 404, 404]);
    expect(toTheirs.body.errors).toEqual([
      { code: 'NOT_FOUND', message: expect.any(String), source: 'target_device_id' },
    ]);
    // The same answer as for an id that exists nowhere: nothing about the other tree leaks.
    expect(fromTheirs.body.errors).toEqual(nowhere.body.errors);
    expect(await creditRow(theirs)).toEqual(theirsBefore);
    expect(await creditRow(source)).toEqual(sourceBefore);
  });

  it('refuses users without move_devices_credits', async () => {
    const endUser = await loginAs(t.app, await createUser(t.db, 'end_user', { company: paid }));
    const source = await paidDevice(paid);
    const target = await newDevice(paid);
    const refused = await move(endUser, { source_device_id: source, target_device_id: target });
    expect(refused.status).toBe(403);
    expect((await creditRow(target))?.activatedAt ?? null).toBeNull();
  });
});

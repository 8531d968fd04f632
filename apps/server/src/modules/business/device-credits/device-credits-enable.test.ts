import {
  addCalendarMonths,
  DEVICE_CREDIT_MESSAGES,
  toApiDate,
  type CreditHistoryEntry,
} from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import type { TestApp } from '@test/app';
import { createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';
import {
  CREDIT,
  DATA,
  deviceCreditsHelpers,
  type DeviceCreditsApp,
  ONE_YEAR,
  SIX_MONTHS,
  startDeviceCreditsApp,
} from './device-credits.fixtures';

let app: DeviceCreditsApp;
let t: TestApp;
let paid: CompanyRow;
let free: CompanyRow;
let foreign: CompanyRow;
let admin: TestSession;

beforeAll(async () => {
  app = await startDeviceCreditsApp();
  ({ t, paid, free, foreign, admin } = app);
});
afterAll(() => t.close());

const { newDevice, put, give, creditRow, ledgerOf, leftOf, deviceOf } = deviceCreditsHelpers(
  () => app,
);

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

import { addCalendarMonths } from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, deviceCredits } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import type { TestApp } from '@test/app';
import type { TestSession } from '@test/session';
import {
  CREDIT,
  deviceCreditsHelpers,
  type DeviceCreditsApp,
  SIX_MONTHS,
  startDeviceCreditsApp,
} from './device-credits.fixtures';

let app: DeviceCreditsApp;
let t: TestApp;
let paid: CompanyRow;
let free: CompanyRow;
let lapsing: CompanyRow;
let admin: TestSession;

beforeAll(async () => {
  app = await startDeviceCreditsApp();
  ({ t, paid, free, lapsing, admin } = app);
});
afterAll(() => t.close());

const {
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
} = deviceCreditsHelpers(() => app);

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

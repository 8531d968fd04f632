import { DEVICE_CREDIT_MOVE_MESSAGES, toApiDate } from '@netfleet/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionLogs, creditLedger } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import type { TestApp } from '@test/app';
import { createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';
import {
  deviceCreditsHelpers,
  type DeviceCreditsApp,
  type DeviceCreditsBody as Body,
  ONE_YEAR,
  startDeviceCreditsApp,
} from './device-credits.fixtures';

let app: DeviceCreditsApp;
let t: TestApp;
let superAdmin: TestSession;
let paid: CompanyRow;
let free: CompanyRow;
let lapsing: CompanyRow;
let foreign: CompanyRow;
let admin: TestSession;

beforeAll(async () => {
  app = await startDeviceCreditsApp();
  ({ t, superAdmin, paid, free, lapsing, foreign, admin } = app);
});
afterAll(() => t.close());

const { newDevice, put, give, creditRow, leftOf, deviceOf } = deviceCreditsHelpers(() => app);

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

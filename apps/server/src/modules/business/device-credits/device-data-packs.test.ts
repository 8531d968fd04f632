import {
  addCalendarMonths,
  DATA_PACK_BYTES,
  DATA_PACK_MESSAGES,
  toApiDate,
  type Device,
} from '@netfleet/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionLogs, creditLedger, deviceDataPacks, deviceDataUsage } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import type { TestApp } from '@test/app';
import { createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';
import { createCreditLedgerRepository } from '../credits/credit-ledger.repository';
import {
  DATA,
  deviceCreditsHelpers,
  type DeviceCreditsApp,
  type DeviceCreditsBody,
  ONE_YEAR,
  startDeviceCreditsApp,
} from './device-credits.fixtures';

/** The free data type: a super admin's to spend. */
const FREE_DATA = DATA - 1;

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

const { newDevice, give, ledgerOf, leftOf, deviceOf } = deviceCreditsHelpers(() => app);

const setPack = async (session: TestSession, payload: object) => {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/devices/data-pack',
    headers: session.headers,
    payload,
  });
  return { status: response.statusCode, body: response.json<DeviceCreditsBody>() };
};
const packOf = async (deviceId: number) =>
  (await t.db.select().from(deviceDataPacks).where(eq(deviceDataPacks.deviceId, deviceId)))[0] ??
  null;
const ledgerCount = async () => (await t.db.select().from(creditLedger)).length;
/** Mobile data the device used on a UTC day, as the gateway sums it. */
const use = (deviceId: number, day: Date, rx: number, tx: number, sim = 1) =>
  t.db
    .insert(deviceDataUsage)
    .values({ deviceId, day: day.toISOString().slice(0, 10), modem: 1, sim, rx, tx });
const listed = async (query: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/devices?${query}&fields=id&limit=1000`,
      headers: admin.headers,
    })
  )
    .json<{ data: Pick<Device, 'id'>[] }>()
    .data.map((device) => device.id);

describe('data packs: PUT /devices/data-pack', () => {
  it('spends one credit of the type from the device’s company and gives the device the pack', async () => {
    await give(paid.id, DATA, 3);
    const id = await newDevice(paid);
    const before = Date.now();
    const set = await setPack(admin, { credit_type_id: DATA, device_id: id });
    expect(set.status, JSON.stringify(set.body)).toBe(201);
    expect(set.body.meta?.channel).toMatch(/^private-status\./);
    expect(await leftOf(paid.id, DATA)).toBe(2);

    const pack = await packOf(id);
    const activatedAt = pack?.activatedAt ?? new Date(0);
    expect(activatedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(pack).toMatchObject({
      creditTypeId: DATA,
      bytesTotal: DATA_PACK_BYTES,
      expiresAt: addCalendarMonths(activatedAt, 120),
    });
    const [entry, ...more] = await ledgerOf(id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      companyId: paid.id,
      creditTypeId: DATA,
      actionType: 3,
      amount: -1,
      balanceAfter: 2,
      deviceId: id,
    });
    const [logged] = await t.db
      .select()
      .from(actionLogs)
      .where(
        and(eq(actionLogs.action, 'device_data_pack_set'), eq(actionLogs.entityId, String(id))),
      );
    expect(logged?.details).toMatchObject({ company_id: paid.id, credit_type_id: DATA });

    // The RMS device fields, and netfleet's dates and size of the pack.
    expect(await deviceOf(id)).toMatchObject({
      data_credit_type: 'data_150GB_10y',
      data_credit_type_name: 'Data 150 GB, 10 years',
      data_credit_type_id: DATA,
      remaining_data: DATA_PACK_BYTES,
      data_pack_activated_at: toApiDate(activatedAt),
      data_pack_expire_date: toApiDate(addCalendarMonths(activatedAt, 120)),
      data_pack_bytes: DATA_PACK_BYTES,
    });
    // A device without a pack: all null.
    expect(await deviceOf(await newDevice(paid))).toMatchObject({
      data_credit_type: null,
      data_credit_type_id: null,
      remaining_data: null,
      data_pack_expire_date: null,
    });
    for (const row of await createCreditLedgerRepository(t.db).reconcile())
      expect(row.balance === row.pools && row.pools === row.ledger, JSON.stringify(row)).toBe(true);
  });

  it('counts the device’s mobile data since the pack was set, down to 0, and frees it once used up', async () => {
    await give(free.id, DATA, 2);
    const id = await newDevice(free);
    const now = new Date();
    // Before the pack: not counted.
    await use(id, new Date(now.getTime() - 3 * 86_400_000), 5_000, 5_000);
    expect((await setPack(admin, { credit_type_id: DATA, device_id: id })).status).toBe(201);
    expect((await deviceOf(id)).remaining_data).toBe(DATA_PACK_BYTES);

    await use(id, now, 1_000, 500);
    await use(id, now, 2_000, 0, 2);
    expect((await deviceOf(id)).remaining_data).toBe(DATA_PACK_BYTES - 3_500);

    // In use: a second pack is refused, nothing spent.
    const again = await setPack(admin, { credit_type_id: DATA, device_id: id });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual([
      { code: 'VALIDATION_ERROR', message: DATA_PACK_MESSAGES.active, source: 'device_id' },
    ]);
    expect(await leftOf(free.id, DATA)).toBe(1);

    // Used up: 0 left, never below; then a new pack starts afresh.
    await use(id, new Date(now.getTime() + 86_400_000), DATA_PACK_BYTES, 0);
    expect((await deviceOf(id)).remaining_data).toBe(0);
    expect((await setPack(admin, { credit_type_id: DATA, device_id: id })).status).toBe(201);
    expect(await leftOf(free.id, DATA)).toBe(0);
    expect((await ledgerOf(id)).map((entry) => entry.amount)).toEqual([-1, -1]);
  });

  it('starts a pack set after usage that day with its full data: the day’s earlier usage is not its own', async () => {
    await give(paid.id, DATA, 2);
    const credits = await leftOf(paid.id, DATA);
    const id = await newDevice(paid);
    const now = new Date();
    expect((await setPack(admin, { credit_type_id: DATA, device_id: id })).status).toBe(201);
    // The first pack runs out today; the next, set today, starts with all of its data.
    await use(id, now, DATA_PACK_BYTES, 0);
    expect((await deviceOf(id)).remaining_data).toBe(0);
    expect((await setPack(admin, { credit_type_id: DATA, device_id: id })).status).toBe(201);
    expect((await packOf(id))?.usageBaseline).toBe(DATA_PACK_BYTES);
    expect((await deviceOf(id)).remaining_data).toBe(DATA_PACK_BYTES);
    // What the device uses later that day is the new pack's.
    await use(id, now, 1_000, 0, 2);
    expect((await deviceOf(id)).remaining_data).toBe(DATA_PACK_BYTES - 1_000);
    expect(await leftOf(paid.id, DATA)).toBe(credits - 2);
  });

  it('answers no remaining data once the pack expired, and lets another be set', async () => {
    await give(paid.id, DATA, 2);
    const id = await newDevice(paid);
    expect((await setPack(admin, { credit_type_id: DATA, device_id: id })).status).toBe(201);
    const ended = new Date(Date.now() - 60_000);
    await t.db
      .update(deviceDataPacks)
      .set({ activatedAt: addCalendarMonths(ended, -120), expiresAt: ended })
      .where(eq(deviceDataPacks.deviceId, id));
    expect(await deviceOf(id)).toMatchObject({
      data_credit_type_id: DATA,
      remaining_data: null,
      data_pack_expire_date: toApiDate(ended),
    });
    expect((await setPack(admin, { credit_type_id: DATA, device_id: id })).status).toBe(201);
    expect((await packOf(id))?.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses a type that is not a data pack the caller may use, before anything is spent', async () => {
    await give(paid.id, ONE_YEAR, 1);
    const id = await newDevice(paid);
    const ledgerBefore = await ledgerCount();
    for (const credit_type_id of [ONE_YEAR, FREE_DATA, 999]) {
      const refused = await setPack(admin, { credit_type_id, device_id: id });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual([
        {
          code: 'VALIDATION_ERROR',
          message: DATA_PACK_MESSAGES.typeRequired,
          source: 'credit_type_id',
        },
      ]);
    }
    const bulk = await setPack(admin, { credit_type_id: ONE_YEAR, data: [{ device_id: id }] });
    expect(bulk.status).toBe(422);
    expect(bulk.body.errors?.[0]?.source).toBe('credit_type_id');
    expect(await packOf(id)).toBeNull();
    expect(await ledgerCount()).toBe(ledgerBefore);

    // The free data type is the super admin's to spend.
    await give(paid.id, FREE_DATA, 1);
    expect(
      (await setPack(app.superAdmin, { credit_type_id: FREE_DATA, device_id: id })).status,
    ).toBe(201);
    expect((await deviceOf(id)).data_credit_type_name).toBe('Free Data 150 GB, 10 years');
  });

  it('refuses a device whose company has too few credits, changing nothing', async () => {
    const id = await newDevice(app.lapsing);
    const ledgerBefore = await ledgerCount();
    const refused = await setPack(admin, { credit_type_id: DATA, device_id: id });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      {
        code: 'VALIDATION_ERROR',
        message: 'Not enough resources: 0 left',
        source: 'credit_type_id',
      },
    ]);
    expect(await packOf(id)).toBeNull();
    expect(await ledgerCount()).toBe(ledgerBefore);
    expect((await deviceOf(id)).data_credit_type_id).toBeNull();
  });

  it('answers another tree’s device as not found, changing nothing there', async () => {
    await give(foreign.id, DATA, 1);
    const theirs = await newDevice(foreign);
    const single = await setPack(admin, { credit_type_id: DATA, device_id: theirs });
    expect(single.status).toBe(404);
    expect(single.body.errors?.[0]).toMatchObject({ code: 'NOT_FOUND', source: 'device_id' });
    const listed = await setPack(admin, { credit_type_id: DATA, data: [{ device_id: theirs }] });
    expect(listed.status).toBe(404);
    expect(listed.body.errors?.[0]?.source).toBe('data.0.device_id');
    expect(await packOf(theirs)).toBeNull();
    expect(await leftOf(foreign.id, DATA)).toBe(1);
  });

  it('sets packs on many devices, each alone: 207 names the refused ones', async () => {
    await give(paid.id, DATA, 5);
    const [first, busy, second] = [
      await newDevice(paid),
      await newDevice(paid),
      await newDevice(paid),
    ];
    expect((await setPack(admin, { credit_type_id: DATA, device_id: busy })).status).toBe(201);
    const left = await leftOf(paid.id, DATA);

    const mixed = await setPack(admin, {
      credit_type_id: DATA,
      data: [{ device_id: first }, { device_id: busy }, { device_id: second }],
    });
    expect(mixed.status).toBe(207);
    expect(mixed.body.meta?.channel).toEqual(expect.any(String));
    expect(mixed.body.errors).toEqual([
      { code: 'VALIDATION_ERROR', message: DATA_PACK_MESSAGES.active, source: 'data.1.device_id' },
    ]);
    expect(await leftOf(paid.id, DATA)).toBe(left - 2);
    expect((await packOf(first))?.creditTypeId).toBe(DATA);
    expect((await packOf(second))?.creditTypeId).toBe(DATA);
    expect(await ledgerOf(busy)).toHaveLength(1);

    // Asked twice at once for one device: one pack, one credit.
    const racing = await newDevice(paid);
    const answers = await Promise.all([
      setPack(admin, { credit_type_id: DATA, device_id: racing }),
      setPack(admin, { credit_type_id: DATA, device_id: racing }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
    expect(await ledgerOf(racing)).toHaveLength(1);
  });

  it('filters devices by their data pack type', async () => {
    await give(paid.id, DATA, 1);
    const withPack = await newDevice(paid);
    const without = await newDevice(paid);
    expect((await setPack(admin, { credit_type_id: DATA, device_id: withPack })).status).toBe(201);

    const byId = await listed(`data_credit_type_id=${DATA}`);
    expect(byId).toContain(withPack);
    expect(byId).not.toContain(without);
    // The name means the free and the paid type alike (a free pack was set above).
    const byName = await listed('data_credit_type=data_150GB_10y');
    expect(byName).toEqual(await listed(`data_credit_type_id=${FREE_DATA},${DATA}`));
    expect(byName).toEqual(expect.arrayContaining(byId));
    expect(byName.length).toBeGreaterThan(byId.length);
    const negated = await listed(`ne:data_credit_type_id=${DATA}`);
    expect(negated).toContain(without);
    expect(negated).not.toContain(withPack);
    const wrongKind = await t.app.inject({
      method: 'GET',
      url: '/api/devices?data_credit_type=management_1y',
      headers: admin.headers,
    });
    expect(wrongKind.statusCode).toBe(400);
  });

  it('refuses users without update_device_credit_status', async () => {
    const guest = await loginAs(t.app, await createUser(t.db, 'read_only', { company: paid }));
    const id = await newDevice(paid);
    expect((await setPack(guest, { credit_type_id: DATA, device_id: id })).status).toBe(403);
    expect(await packOf(id)).toBeNull();
  });
});

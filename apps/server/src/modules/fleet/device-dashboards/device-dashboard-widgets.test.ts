import type { DeviceDashboard } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { devices, images } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';

let t: TestApp;
let admin: TestSession;
let home: CompanyRow;
let foreign: CompanyRow;
let sequence = 0;

const IO_READING = {
  inputs: [{ name: 'Digital input', level: 1 }],
  relays: [{ name: 'Relay', state: 0 }],
  analog: [{ name: 'Analog input', value: 3.3, unit: 'V' }],
};

const createDevice = async (db: Database, model: string, info: Record<string, unknown> = {}) => {
  sequence += 1;
  const [row] = await db
    .insert(devices)
    .values({
      companyId: home.id,
      name: `widget device ${sequence}`,
      serial: `WIDG${home.id}N${sequence}`,
      mac: `02:00:00:bb:00:${sequence.toString(16).padStart(2, '0')}`,
      deviceSeries: 'rut',
      status: 1,
      model,
      firmware: 'RUT9_R_00.07.06',
      info,
    })
    .returning({ id: devices.id });
  if (!row) throw new Error('device insert failed');
  return row.id;
};

const createImage = async (company: CompanyRow) => {
  const [row] = await t.db
    .insert(images)
    .values({
      companyId: company.id,
      userId: 1,
      type: 'device_dashboard',
      name: 'floor.png',
      mimeType: 'image/png',
      size: 10,
      width: 2,
      height: 2,
      storageKey: 'unused',
    })
    .returning({ id: images.id });
  if (!row) throw new Error('image insert failed');
  return row.id;
};

beforeAll(async () => {
  t = await buildTestApp();
  home = await createCompany(t.db, { name: 'Widget Co' });
  foreign = await createCompany(t.db, { name: 'Foreign Co' });
  admin = await loginAs(t.app, await createUser(t.db, 'admin', { company: home }));
});
afterAll(() => t.close());

const post = (deviceId: number, widgets: object[]) =>
  t.app.inject({
    method: 'POST',
    url: `/api/devices/${deviceId}/dashboards`,
    headers: admin.headers,
    payload: { name: `D${(sequence += 1)}`, widgets },
  });
const put = (deviceId: number, id: number, widgets: object[]) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/devices/${deviceId}/dashboards/${id}`,
    headers: admin.headers,
    payload: { widgets },
  });
const errorOf = (body: string) =>
  (JSON.parse(body) as { errors: { code: string; source: string | null }[] }).errors[0];

describe('dashboard widgets of IO, GPS and images', () => {
  it('keeps IO, GPS and image widgets a device with that hardware can show', async () => {
    // RUT955: IO and GPS.
    const deviceId = await createDevice(t.db, 'RUT955', { io: IO_READING });
    const imageId = await createImage(home);
    const response = await post(deviceId, [
      { kind: 'io' },
      { kind: 'io', pin: { type: 'relay', name: 'Relay' } },
      { kind: 'gps', track: true },
      { kind: 'image', image_id: imageId, title: 'Floor plan' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ data: DeviceDashboard }>().data.widgets).toMatchObject([
      { kind: 'io', pin: null },
      { kind: 'io', pin: { type: 'relay', name: 'Relay' } },
      { kind: 'gps', track: true },
      { kind: 'image', image_id: imageId, title: 'Floor plan' },
    ]);
  });

  it('refuses an IO widget on a device without IO, and a GPS widget without GPS', async () => {
    // RUTX10: neither IO nor GPS.
    const deviceId = await createDevice(t.db, 'RUTX10');
    for (const widget of [{ kind: 'io' }, { kind: 'gps' }]) {
      const response = await post(deviceId, [{ kind: 'facts' }, widget]);
      expect(response.statusCode, response.body).toBe(422);
      expect(errorOf(response.body)).toMatchObject({
        code: 'VALIDATION_ERROR',
        source: 'widgets.1.kind',
      });
    }
  });

  it('refuses an IO pin the latest IO reading does not have', async () => {
    const deviceId = await createDevice(t.db, 'RUT955', { io: IO_READING });
    for (const pin of [
      { type: 'relay', name: 'Digital input' },
      { type: 'input', name: 'Relay 2' },
    ]) {
      const response = await post(deviceId, [{ kind: 'io', pin }]);
      expect(response.statusCode, response.body).toBe(422);
      expect(errorOf(response.body)).toMatchObject({ source: 'widgets.0.pin' });
    }
    // Before its first IO reading a device has no pins to chart.
    const silent = await createDevice(t.db, 'RUT955');
    const early = await post(silent, [{ kind: 'io', pin: { type: 'relay', name: 'Relay' } }]);
    expect(early.statusCode).toBe(422);
  });

  it("refuses another company's image as not found, and an image that does not exist", async () => {
    const deviceId = await createDevice(t.db, 'RUT955');
    const theirs = await createImage(foreign);
    for (const imageId of [theirs, 2_000_000_000]) {
      const response = await post(deviceId, [{ kind: 'image', image_id: imageId }]);
      expect(response.statusCode, response.body).toBe(404);
      expect(errorOf(response.body)).toMatchObject({
        code: 'NOT_FOUND',
        source: 'widgets.0.image_id',
      });
    }
  });

  it('lets kept widgets through unchecked: a deleted image does not block a reorder', async () => {
    const deviceId = await createDevice(t.db, 'RUT955', { io: IO_READING });
    const imageId = await createImage(home);
    const created = await post(deviceId, [
      { kind: 'image', image_id: imageId },
      { kind: 'io', pin: { type: 'input', name: 'Digital input' } },
    ]);
    const dashboard = created.json<{ data: DeviceDashboard }>().data;
    await t.db.delete(images).where(eq(images.id, imageId));
    await t.db.update(devices).set({ info: {} }).where(eq(devices.id, deviceId));
    const [image, io] = dashboard.widgets;
    const reordered = await put(deviceId, dashboard.id, [io ?? {}, image ?? {}]);
    expect(reordered.statusCode, reordered.body).toBe(200);
    // The same image as a new widget is checked, and refused.
    const again = await put(deviceId, dashboard.id, [
      io ?? {},
      image ?? {},
      { kind: 'image', image_id: imageId },
    ]);
    expect(again.statusCode).toBe(404);
  });
});

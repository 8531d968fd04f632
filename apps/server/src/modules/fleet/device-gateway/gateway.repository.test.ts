import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTelemetry } from '@/db/telemetry-table';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany } from '@test/factories';
import { insertDevice } from '@test/fake-gateway';
import { createGatewayRepository } from './gateway.repository';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('gateway repository', () => {
  it('stores readings whose text holds what COPY would read as escapes or separators', async () => {
    const device = await insertDevice(t.db, await createCompany(t.db));
    const data = {
      ssid: 'tab\there, line\nbreak, back\\slash \\N, "quoted", ąčę 📡',
      nested: { path: 'C:\\temp\\', empty: '' },
    };
    const at = new Date('2026-03-01T10:00:00.123Z');
    await createGatewayRepository(t.db).insertReadings([
      { deviceId: device.id, category: 5, ts: at, receivedAt: at, json: JSON.stringify(data) },
    ]);
    const [row] = await t.db
      .select()
      .from(deviceTelemetry)
      .where(eq(deviceTelemetry.deviceId, device.id));
    expect(row).toMatchObject({ category: 5, ts: at, receivedAt: at, data });
  });
});

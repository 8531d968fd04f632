import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '@/config';
import { devices, vpnHubZones } from '@/db/schema';
import { buildTestApp, type TestApp } from '@test/app';
import { createFakeGateway, insertDevice } from '@test/fake-gateway';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';

/**
 * A zone whose agent runs in hub mode (its hello, stored) and is connected to another instance:
 * unknown to this one, online in its row. `config.mqttUrl` puts the app behind an external broker.
 */
const useZone = (config: Partial<Config>) => {
  const w = { t: undefined as unknown as TestApp, admin: undefined as unknown as TestSession };
  beforeAll(async () => {
    w.t = await buildTestApp(config, { deviceGateway: createFakeGateway() });
    const company = await createCompany(w.t.db);
    w.admin = await loginAs(w.t.app, await createUser(w.t.db, 'super_admin', { company }));
    const agent = await insertDevice(w.t.db, company, { name: 'Hub machine' });
    await w.t.db.update(devices).set({ status: 1 }).where(eq(devices.id, agent.id));
    await w.t.db.insert(vpnHubZones).values({
      name: 'edge-1',
      visualName: 'Edge 1',
      deviceId: agent.id,
      host: 'edge1.example.net',
      hostStatus: { available: true, version: 'OpenVPN 2.6.9' },
      hostStatusAt: new Date(),
    });
  });
  afterAll(() => w.t.close());

  return async () => {
    const response = await w.t.app.inject({
      method: 'GET',
      url: '/api/vpn/hubs/zones',
      headers: w.admin.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { name: string }[] }>().data.find((z) => z.name === 'edge-1');
  };
};

describe('an agent zone behind an external broker, its agent connected to another instance', () => {
  const zone = useZone({ mqttUrl: 'mqtt://broker.test:1883' });

  it('is online and available', async () => {
    expect(await zone()).toMatchObject({ online: true, available: true });
  });
});

describe('an agent zone with the embedded broker (one instance)', () => {
  const zone = useZone({});

  it("goes by this instance's liveness alone: a row left online is not enough", async () => {
    expect(await zone()).toMatchObject({ online: false, available: false });
  });
});

import type { AlertsConfigArgs } from '@netfleet/contracts';
import { expect } from 'vitest';
import type { CompanyRow } from '@/db/types';
import { buildTestApp, type TestApp } from '@test/app';
import { createFakeGateway, type FakeGateway, insertDevice } from '@test/fake-gateway';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';

/** An app with a fake gateway, a company, its admin signed in and one of its devices. */
export interface DeviceAlertsApp {
  t: TestApp;
  gateway: FakeGateway;
  company: CompanyRow;
  user: Awaited<ReturnType<typeof createUser>>;
  session: TestSession;
}

export const startDeviceAlertsApp = async (): Promise<DeviceAlertsApp> => {
  const gateway = createFakeGateway();
  const t = await buildTestApp({}, { deviceGateway: gateway });
  const company = await createCompany(t.db);
  const user = await createUser(t.db, 'admin', { company });
  return { t, gateway, company, user, session: await loginAs(t.app, user) };
};

/** Requests of the app `current()` gives (it is built in a beforeAll). */
export const deviceAlertsHelpers = (current: () => DeviceAlertsApp) => {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    current().t.app.inject({
      method,
      url,
      headers: current().session.headers,
      ...(payload ? { payload } : {}),
    });

  /** An online device of the company (its jobs are sent at once). */
  const device = async () => {
    const row = await insertDevice(current().t.db, current().company, { name: 'Gate 1' });
    current().gateway.online.add(row.id);
    return row;
  };

  /** RMS's status change example: signal below -75 dBm, in-app (action 3). */
  const signalConfig = (deviceId: number, overrides: Record<string, unknown> = {}) => ({
    device_id: deviceId,
    alert_type_id: 3,
    alert_subtype_id: 9,
    action: 3,
    subject: 'Weak signal',
    message: 'Router name - %rn; Event type - %et; Event text - %ex',
    ...overrides,
  });

  const add = async (data: object[]) => {
    const response = await call('POST', '/api/devices/alerts-configurations', { data });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { success: true; meta: { channel: string | null } };
  };

  /** The set the device was last sent. */
  const lastSet = (deviceId: number) =>
    current()
      .gateway.commandsFor(deviceId)
      .filter((command) => command.type === 'alerts_config')
      .at(-1)?.args as AlertsConfigArgs | undefined;

  const errorsOf = (response: { json(): unknown }) =>
    (response.json() as { errors: { source: string; message: string }[] }).errors;

  return { call, device, signalConfig, add, lastSet, errorsOf };
};

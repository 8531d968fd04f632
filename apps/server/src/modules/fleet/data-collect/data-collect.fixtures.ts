import type { CollectConfigArgs, DataCollectConfigBody } from '@netfleet/contracts';
import { expect } from 'vitest';
import type { CompanyRow } from '@/db/types';
import { buildTestApp, type TestApp } from '@test/app';
import { createFakeGateway, type FakeGateway } from '@test/fake-gateway';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';

/** An app with a fake gateway, a company and its admin signed in, as the data collect tests use. */
export interface DataCollectApp {
  t: TestApp;
  gateway: FakeGateway;
  company: CompanyRow;
  user: Awaited<ReturnType<typeof createUser>>;
  session: TestSession;
}

export const startDataCollectApp = async (): Promise<DataCollectApp> => {
  const gateway = createFakeGateway();
  const t = await buildTestApp({}, { deviceGateway: gateway });
  const company = await createCompany(t.db);
  const user = await createUser(t.db, 'admin', { company });
  return { t, gateway, company, user, session: await loginAs(t.app, user) };
};

/** Requests and readings of the app `current()` gives (it is built in a beforeAll). */
export const dataCollectHelpers = (current: () => DataCollectApp) => {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    current().t.app.inject({
      method,
      url,
      headers: current().session.headers,
      ...(payload ? { payload } : {}),
    });

  const body = (overrides: Partial<DataCollectConfigBody> = {}): DataCollectConfigBody => ({
    name: 'Signal',
    description: 'Primary modem signal',
    company_id: current().company.id,
    api_version: '1.0',
    api_system: 'rutos',
    period: 300,
    enabled: true,
    device_documentation_id: 1,
    data: [
      {
        url: '/modems/status',
        variables: [
          { id: 'rsrp', filter: '$.http_body.data[@.primary=true].rsrp', type: 'number' },
          { id: 'operator', filter: '$.http_body.data[0].operator', type: 'string' },
        ],
      },
    ],
    ...overrides,
  });

  const create = async (overrides: Partial<DataCollectConfigBody> = {}) => {
    const response = await call('POST', '/api/data-collect/configs', body(overrides));
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: { id: number } }).data.id;
  };

  /** The set the device was last told to collect. */
  const lastSet = (deviceId: number) => {
    const sent = current()
      .gateway.commandsFor(deviceId)
      .filter((c) => c.type === 'collect_config');
    return sent.at(-1)?.args as CollectConfigArgs | undefined;
  };

  const errorsOf = (response: { json(): unknown }) =>
    (response.json() as { errors: { source: string; message: string }[] }).errors;

  return { call, body, create, lastSet, errorsOf };
};

import type { DataCollectConfig } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionLogs } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import type { TestApp } from '@test/app';
import { createCompany } from '@test/factories';
import {
  type DataCollectApp,
  dataCollectHelpers,
  startDataCollectApp,
} from './data-collect.fixtures';

let app: DataCollectApp;
let t: TestApp;
let company: CompanyRow;
beforeAll(async () => {
  app = await startDataCollectApp();
  ({ t, company } = app);
});
afterAll(() => t.close());

const { call, body, create, errorsOf } = dataCollectHelpers(() => app);

describe('data collect configs', () => {
  it('creates, reads, lists, updates and deletes a config, and records each change', async () => {
    const id = await create();
    const one = (await call('GET', `/api/data-collect/configs/${id}`)).json() as {
      data: DataCollectConfig;
    };
    expect(one.data).toMatchObject({
      id,
      type: 'user',
      company_id: company.id,
      enabled: true,
      period: 300,
      device_count: 0,
      config: { name: 'Signal', version: '1', device_documentation_id: 1 },
    });
    expect(one.data.config.data[0]?.variables).toHaveLength(2);

    const list = (await call('GET', '/api/data-collect/configs?q=sign')).json() as {
      data: DataCollectConfig[];
      meta: { total: number };
    };
    expect(list.data.map((c) => c.id)).toContain(id);

    const updated = await call(
      'PUT',
      `/api/data-collect/configs/${id}`,
      body({ name: 'Signal 2' }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    const after = (await call('GET', `/api/data-collect/configs/${id}`)).json() as {
      data: DataCollectConfig;
    };
    expect(after.data.config).toMatchObject({ name: 'Signal 2', version: '2' });

    expect((await call('DELETE', `/api/data-collect/configs/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/data-collect/configs/${id}`)).statusCode).toBe(404);
    const logged = await t.db
      .select()
      .from(actionLogs)
      .where(eq(actionLogs.entityId, String(id)));
    expect(logged.map((row) => row.action).sort()).toEqual([
      'data_collect_config_create',
      'data_collect_config_delete',
      'data_collect_config_update',
    ]);
  });

  it('answers bad configs with errors at their field and stores nothing', async () => {
    const before = (await call('GET', '/api/data-collect/configs?limit=1000')).json() as {
      meta: { total: number };
    };
    const bad = await call(
      'POST',
      '/api/data-collect/configs',
      body({
        data: [
          {
            url: '/modems/{id}/status',
            variables: [
              { id: 'a', filter: 'http_body.rsrp', type: 'number' },
              { id: 'a', ref: 'missing', type: 'number' },
            ],
          },
        ],
      }),
    );
    expect(bad.statusCode).toBe(422);
    const sources = errorsOf(bad).map((error) => error.source);
    expect(sources).toEqual(
      expect.arrayContaining([
        'data.0.url',
        'data.0.variables.0.filter',
        'data.0.variables.1.id',
        'data.0.variables.1.ref',
      ]),
    );
    const unknownDocs = await call(
      'POST',
      '/api/data-collect/configs',
      body({ device_documentation_id: 99 }),
    );
    expect(unknownDocs.statusCode).toBe(422);
    expect(errorsOf(unknownDocs)[0]?.source).toBe('device_documentation_id');
    const foreign = await call(
      'POST',
      '/api/data-collect/configs',
      body({ company_id: (await createCompany(t.db)).id }),
    );
    expect(foreign.statusCode).toBe(422);
    const after = (await call('GET', '/api/data-collect/configs?limit=1000')).json() as {
      meta: { total: number };
    };
    expect(after.meta.total).toBe(before.meta.total);
  });
});

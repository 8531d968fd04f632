import {
  type CollectConfigArgs,
  type DataCollectAssignment,
  type DataCollectLog,
  toApiDate,
} from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deviceJobs, webhookDeliveries, webhooks } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { eventually } from '@test/eventually';
import type { TestApp } from '@test/app';
import { type FakeGateway, insertDevice } from '@test/fake-gateway';
import { createCompany, createUser, rootCompany } from '@test/factories';
import { loginAs } from '@test/session';
import {
  type DataCollectApp,
  dataCollectHelpers,
  startDataCollectApp,
} from './data-collect.fixtures';

let app: DataCollectApp;
let t: TestApp;
let gateway: FakeGateway;
let company: CompanyRow;
let user: DataCollectApp['user'];
beforeAll(async () => {
  app = await startDataCollectApp();
  ({ t, gateway, company, user } = app);
});
afterAll(() => t.close());

const { call, body, create, lastSet, errorsOf } = dataCollectHelpers(() => app);

describe('assigning and collecting', () => {
  it('sends each device its whole set, stores what it collects, and answers reads', async () => {
    const signal = await create();
    const memory = await create({
      name: 'Memory',
      data: [
        {
          url: '/system/device/usage/status',
          variables: [{ id: 'ram_free', filter: '$.http_body.data.ram_free', type: 'integer' }],
        },
      ],
    });
    const a = await insertDevice(t.db, company);
    const b = await insertDevice(t.db, company);
    gateway.online.add(a.id).add(b.id);
    await t.db.insert(webhooks).values({
      url: 'https://receiver.example/hook',
      events: ['data_collect.collected'],
      enabled: true,
      ownerUserId: user.id,
      companyId: company.id,
      secret: 's'.repeat(64),
    });

    const assigned = await call('PUT', '/api/data-collect/configs/assign', {
      configs: [
        { id: String(signal), device_id: [a.id, b.id], period: 120, enabled: true },
        { id: memory, device_id: [a.id], period: 60, enabled: true },
      ],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(lastSet(a.id)?.configs.map((c) => [c.id, c.period])).toEqual([
      [signal, 120],
      [memory, 60],
    ]);
    expect(lastSet(b.id)?.configs.map((c) => c.id)).toEqual([signal]);
    expect(lastSet(a.id)?.configs[0]?.data[0]?.url).toBe('/modems/status');

    const listed = (
      await call('GET', `/api/data-collect/configs/assigned?device_id=${a.id}`)
    ).json() as {
      data: DataCollectAssignment[];
    };
    expect(listed.data.map((row) => [row.config_id, row.fields_count])).toEqual([
      [signal, 2],
      [memory, 1],
    ]);

    const ts = Date.now() - 5_000;
    gateway.collected(a.id, {
      ts,
      config_id: signal,
      data: { '/modems/status': { rsrp: -95, operator: 'Telia' } },
      log: [],
    });
    gateway.collected(b.id, {
      ts,
      config_id: signal,
      data: { '/modems/status': { rsrp: -95 } },
      log: [
        'Variable retrieval failed: url [/modems/status], id [operator], filter [$], no value found',
      ],
    });
    // Not assigned: a device that was told to stop but had not yet heard.
    gateway.collected(b.id, { ts, config_id: memory, data: { '/x': { y: 1 } }, log: [] });

    const range = `start_date=${encodeURIComponent(toApiDate(new Date(ts - 60_000)))}&end_date=${encodeURIComponent(toApiDate(new Date(ts + 60_000)))}`;
    await vi.waitFor(
      async () => {
        const rows = (await call('GET', `/api/devices/${a.id}/custom-data?${range}`)).json() as {
          data: unknown[];
        };
        expect(rows.data).toHaveLength(1);
      },
      { timeout: 5_000, interval: 100 },
    );
    const custom = (
      await call('GET', `/api/devices/${a.id}/custom-data?${range}&config_id=${signal}`)
    ).json() as {
      data: { data: Record<string, Record<string, unknown>>; created_at: string }[];
    };
    expect(custom.data[0]?.data['/modems/status']).toEqual({ rsrp: -95, operator: 'Telia' });
    expect(custom.data[0]?.created_at).toBe(toApiDate(new Date(ts)));
    // Forwarded to the creator's webhook: one delivery of the flush's runs (the unassigned one left out).
    await eventually(async () => {
      const deliveries = await t.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.event, 'data_collect.collected'));
      const runs = deliveries.flatMap(
        (delivery) => (delivery.payload as { runs: { device_id: number }[] }).runs,
      );
      expect(runs.map((run) => run.device_id).sort()).toEqual([a.id, b.id].sort());
    });

    const graph = (
      await call(
        'GET',
        `/api/data-collect/data/graph?field=${encodeURIComponent(`${signal}:/modems/status:rsrp`)}`,
      )
    ).json() as { data: Record<string, Record<string, number>> };
    expect(graph.data).toEqual({ rsrp: { '-95': 2 } });
    const values = (
      await call(
        'GET',
        `/api/data-collect/data/values?field=${encodeURIComponent(`${signal}:/modems/status:operator`)}`,
      )
    ).json() as { data: Record<string, string[]> };
    expect(values.data).toEqual({ operator: ['Telia'] });

    const logs = (
      await call('GET', `/api/data-collect/configs/logs?config_id=${signal}`)
    ).json() as {
      data: DataCollectLog[];
      meta: { total: number };
    };
    expect(logs.data.map((row) => row.device_id)).toEqual([b.id]);
    expect(logs.data[0]?.log[0]).toContain('no value found');
    const bMemory = (
      await call('GET', `/api/devices/${b.id}/custom-data?${range}&config_id=${memory}`)
    ).json() as {
      data: unknown[];
    };
    expect(bMemory.data).toEqual([]);

    const withTime = (
      await call('GET', `/api/data-collect/configs/assigned?config_id=${signal}`)
    ).json() as {
      data: DataCollectAssignment[];
    };
    expect(withTime.data.every((row) => row.last_updated_at === toApiDate(new Date(ts)))).toBe(
      true,
    );

    const fields = (await call('GET', '/api/devices/data/fields')).json() as {
      data: { id: number; fields: { id: string; url: string }[] }[];
    };
    expect(fields.data.find((tpl) => tpl.id === signal)?.fields.map((f) => f.id)).toEqual([
      'rsrp',
      'operator',
    ]);

    // Unassigning, disabling and deleting each send the new set.
    expect(
      (await call('PUT', `/api/data-collect/configs/${signal}/unassign`, { device_id: [b.id] }))
        .statusCode,
    ).toBe(200);
    expect(lastSet(b.id)?.configs).toEqual([]);
    await call(
      'PUT',
      `/api/data-collect/configs/${memory}`,
      body({ name: 'Memory', enabled: false }),
    );
    expect(lastSet(a.id)?.configs.map((c) => c.id)).toEqual([signal]);
    await call('DELETE', `/api/data-collect/configs/${signal}`);
    expect(lastSet(a.id)?.configs).toEqual([]);
  });

  it('refuses unknown devices and configs, all or nothing', async () => {
    const id = await create();
    const mine = await insertDevice(t.db, company);
    const foreign = await insertDevice(t.db, await createCompany(t.db));
    const response = await call('PUT', '/api/data-collect/configs/assign', {
      configs: [{ id, device_id: [mine.id, foreign.id], period: 60, enabled: true }],
    });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)[0]?.source).toBe('configs.0.device_id.1');
    const none = (
      await call('GET', `/api/data-collect/configs/assigned?config_id=${id}`)
    ).json() as {
      data: unknown[];
    };
    expect(none.data).toEqual([]);
    expect(lastSet(mine.id)).toBeUndefined();

    const unknown = await call('PUT', '/api/data-collect/configs/assign', {
      configs: [{ id: 999_999, device_id: [mine.id], period: 60, enabled: true }],
    });
    expect(errorsOf(unknown)[0]?.source).toBe('configs.0.id');
    const badField = await call('GET', '/api/data-collect/data/graph?field=rsrp');
    expect(badField.statusCode).toBe(400);
    const badRange = await call(
      'GET',
      `/api/devices/${mine.id}/custom-data?start_date=2026-01-02&end_date=2026-01-01`,
    );
    expect(badRange.statusCode).toBe(400);
    expect(errorsOf(badRange)[0]?.source).toBe('end_date');
    const foreignData = await call(
      'GET',
      `/api/devices/${foreign.id}/custom-data?start_date=2026-01-01&end_date=2026-01-02`,
    );
    expect(foreignData.statusCode).toBe(404);
  });

  it('caps the configs one device collects', async () => {
    const device = await insertDevice(t.db, company);
    const ids = [];
    for (let i = 0; i < 11; i += 1) ids.push(await create({ name: `Cap ${i}` }));
    const response = await call('PUT', '/api/data-collect/configs/assign', {
      configs: ids.map((id) => ({ id, device_id: [device.id], period: 60, enabled: true })),
    });
    expect(response.statusCode).toBe(422);
    const listed = (
      await call('GET', `/api/data-collect/configs/assigned?device_id=${device.id}`)
    ).json() as {
      data: unknown[];
    };
    expect(listed.data).toEqual([]);
  });

  it("keeps devices to the config's company and below, and sends them each new version", async () => {
    const root = await rootCompany(t.db);
    const operator = await loginAs(t.app, await createUser(t.db, 'super_admin', { company: root }));
    const as = (method: 'PUT' | 'POST', url: string, payload: object) =>
      t.app.inject({ method, url, headers: operator.headers, payload });
    const id = await create();
    const sibling = await insertDevice(t.db, await createCompany(t.db));
    const outside = await as('PUT', '/api/data-collect/configs/assign', {
      configs: [{ id, device_id: [sibling.id], period: 60, enabled: true }],
    });
    expect(outside.statusCode).toBe(422);
    expect(errorsOf(outside)[0]).toMatchObject({ source: 'configs.0.device_id.0' });

    // The operator assigns one of the company's devices; the company's admin edits the config:
    // the device gets the new version (the devices come from the assignments, not the request).
    const own = await insertDevice(t.db, company);
    gateway.online.add(own.id);
    expect(
      (
        await as('PUT', '/api/data-collect/configs/assign', {
          configs: [{ id, device_id: [own.id], period: 60, enabled: true }],
        })
      ).statusCode,
    ).toBe(200);
    const sent = gateway.commandsFor(own.id).filter((c) => c.type === 'collect_config').length;
    await call('PUT', `/api/data-collect/configs/${id}`, body({ period: 600 }));
    const after = gateway.commandsFor(own.id).filter((c) => c.type === 'collect_config');
    expect(sent).toBe(1);
    expect(after).toHaveLength(2);
  });

  it('refuses NUL characters and out-of-range ids as bad input, not a server error', async () => {
    const nul = await call('POST', '/api/data-collect/configs', body({ name: 'bad\u0000name' }));
    expect(nul.statusCode).toBe(422);
    expect(errorsOf(nul)[0]).toMatchObject({ source: 'name' });
    const huge = await call(
      'GET',
      `/api/data-collect/data/graph?field=${encodeURIComponent('99999999999:/x:y')}`,
    );
    expect(huge.statusCode).toBe(400);
    const early = await call(
      'GET',
      '/api/devices/1/custom-data?start_date=0000-01-01&end_date=2026-01-01',
    );
    expect(early.statusCode).toBe(400);
  });

  it('sends the set again to a device back after its job expired', async () => {
    const id = await create();
    const device = await insertDevice(t.db, company);
    await call('PUT', '/api/data-collect/configs/assign', {
      configs: [{ id, device_id: [device.id], period: 60, enabled: true }],
    });
    const hello = {
      v: 1 as const,
      model: 'RUT955',
      firmware: 'RUT9_R_00.07.06.1',
      agent: 'x',
      serial: device.serial,
    };
    const jobsOf = () => t.db.select().from(deviceJobs).where(eq(deviceJobs.deviceId, device.id));
    // Back in time: the job is still waiting, nothing more is sent.
    await gateway.ready([{ deviceId: device.id, hello }]);
    expect(await jobsOf()).toHaveLength(1);
    // Away longer than the job waits: it expired, and the hello brings a new one.
    await t.db
      .update(deviceJobs)
      .set({ status: 'timeout', expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deviceJobs.deviceId, device.id));
    await gateway.ready([{ deviceId: device.id, hello }]);
    const jobs = await jobsOf();
    expect(jobs).toHaveLength(2);
    expect(jobs.at(-1)).toMatchObject({ type: 'collect_config', status: expect.any(String) });
    expect((jobs.at(-1)?.args as CollectConfigArgs).configs.map((c) => c.id)).toEqual([id]);
  });
});

import type { AlertConfig, AlertConfigListItem, DeviceAlert } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { alertActions, alertEvents, alertTokens, deviceJobs } from '@/db/schema';
import { createCompany, createUser } from '@test/factories';
import { insertDevice } from '@test/fake-gateway';
import { loginAs } from '@test/session';
import {
  type DeviceAlertsApp,
  deviceAlertsHelpers,
  startDeviceAlertsApp,
} from './device-alerts.fixtures';

let app: DeviceAlertsApp;
beforeAll(async () => {
  app = await startDeviceAlertsApp();
});
afterAll(() => app.t.close());

const { call, device, signalConfig, add, lastSet, errorsOf } = deviceAlertsHelpers(() => app);

describe('alerts configurations', () => {
  it('refuses bodies RMS refuses, at the field, and SMS for want of a gateway', async () => {
    const { id } = await device();
    const post = (data: object[]) => call('POST', '/api/devices/alerts-configurations', { data });
    const sms = await post([signalConfig(id, { action: 2 })]);
    expect(sms.statusCode).toBe(422);
    expect(errorsOf(sms)).toContainEqual(
      expect.objectContaining({
        source: 'data.0.action',
        message: 'SMS alerts are not available: netfleet has no SMS gateway',
      }),
    );
    const noMessage = await post([signalConfig(id, { message: undefined })]);
    expect(errorsOf(noMessage)[0]).toMatchObject({ source: 'data.0.message' });
    const geofence = await post([
      signalConfig(id, { alert_type_id: 5, alert_subtype_id: 13, redundancy_interval: 5 }),
    ]);
    expect(errorsOf(geofence).map((error) => error.source)).toEqual([
      'data.0.latitude',
      'data.0.longitude',
      'data.0.radius',
    ]);
    const unknown = await post([signalConfig(id, { alert_subtype_id: 1 })]);
    expect(unknown.statusCode).toBe(422);
    expect(errorsOf(unknown)[0]).toMatchObject({ source: 'data.0.alert_subtype_id' });
    const other = await insertDevice(app.t.db, await createCompany(app.t.db));
    const hidden = await post([signalConfig(id), signalConfig(other.id)]);
    expect(errorsOf(hidden)[0]).toMatchObject({ source: 'data.1.device_id' });
    expect(lastSet(id)).toBeUndefined();
  });

  it('sends each device its whole set, lists and answers the configs as RMS does', async () => {
    const a = await device();
    const b = await device();
    const created = await add([
      signalConfig(a.id),
      signalConfig(a.id, {
        alert_type_id: 1,
        alert_subtype_id: 1,
        action: 1,
        email: 'ops@example.com',
        redundancy_interval: 10,
      }),
      signalConfig(b.id),
    ]);
    expect(created.meta.channel).toEqual(expect.any(String));
    const setA = lastSet(a.id);
    expect(
      setA?.configs.map((config) => [config.alert_subtype_id, config.redundancy_interval]),
    ).toEqual([
      [9, null],
      [1, 10],
    ]);
    expect(lastSet(b.id)?.configs).toHaveLength(1);
    const listed = (await call('GET', `/api/alerts-configurations?device_id=${a.id}`)).json() as {
      data: AlertConfigListItem[];
      meta: { total: number };
    };
    expect(listed.meta.total).toBe(2);
    expect(listed.data[0]).toMatchObject({
      device_id: a.id,
      type: 'Status change',
      subtype: 'Signal strength dropped below -75 dBm',
      enable: true,
      user_id: app.user.id,
    });
    expect(listed.data[1]?.receiver).toBe('ops@example.com');
    const byType = (await call('GET', '/api/alerts-configurations?type=Device%20event')).json() as {
      data: AlertConfigListItem[];
    };
    expect(byType.data.map((item) => item.alert_type_id)).toEqual([1]);
    // By id; a number that is no type matches nothing, even one beyond an integer column (fuzzing).
    for (const [type, ids] of [
      ['1', [1]],
      ['99', []],
      ['2147483648', []],
    ] as const) {
      const response = await call('GET', `/api/alerts-configurations?type=${type}`);
      expect(response.statusCode).toBe(200);
      const data = (response.json() as { data: AlertConfigListItem[] }).data;
      expect(data.map((item) => item.alert_type_id)).toEqual(ids);
    }
    const picked = (
      await call('GET', '/api/alerts-configurations?fields=id,type&limit=1')
    ).json() as {
      data: object[];
    };
    expect(Object.keys(picked.data[0] ?? {})).toEqual(['id', 'type']);

    const one = (await call('GET', `/api/alerts-configurations/${listed.data[1]?.id}`)).json() as {
      data: AlertConfig;
    };
    expect(one.data).toMatchObject({
      email_to: 'ops@example.com',
      email_type: true,
      redundancy_enable: true,
      redundancy_interval: 10,
      smtp_config_id: null,
      type: 'web',
    });
    expect(one.data.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('re-sends the set after a change or a removal, and answers it on a channel', async () => {
    const { id } = await device();
    await add([signalConfig(id), signalConfig(id, { alert_subtype_id: 8 })]);
    const [first, second] = lastSet(id)?.configs ?? [];
    const version = lastSet(id)?.version ?? 0;
    const put = await call('PUT', `/api/alerts-configurations/${first?.id}`, { enable: false });
    expect(put.statusCode, put.body).toBe(200);
    expect(lastSet(id)?.configs.map((config) => config.id)).toEqual([second?.id]);
    expect(lastSet(id)?.version).toBeGreaterThan(version);

    const wrongDevice = await call(
      'DELETE',
      `/api/devices/${id + 1000}/alerts-configurations/${second?.id}`,
    );
    expect(wrongDevice.statusCode).toBe(404);
    const removed = await call('DELETE', `/api/devices/${id}/alerts-configurations/${second?.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(lastSet(id)?.configs).toEqual([]);

    const channel = (
      await call('GET', `/api/devices/alerts-configurations?device_id=${id}`)
    ).json() as { meta: { channel: string } };
    const read = (await call('GET', `/api/status/channel/${channel.meta.channel}`)).json() as {
      data: Record<string, { status: string; value: string }[]>;
    };
    expect(JSON.stringify(read.data)).toContain('completed');
    expect((await call('GET', '/api/devices/alerts-configurations')).statusCode).toBe(200);
    expect((await call('GET', '/api/devices/alerts-configurations?id=999999')).statusCode).toBe(
      404,
    );
  });

  it('sends the set again to a device back after its job expired', async () => {
    const target = await device();
    await add([signalConfig(target.id)]);
    const hello = {
      v: 1 as const,
      model: 'RUT955',
      firmware: 'x',
      agent: 'x',
      serial: target.serial,
    };
    const jobsOf = () =>
      app.t.db.select().from(deviceJobs).where(eq(deviceJobs.deviceId, target.id));
    await app.gateway.ready([{ deviceId: target.id, hello }]);
    expect(await jobsOf()).toHaveLength(1);
    await app.t.db
      .update(deviceJobs)
      .set({ status: 'timeout', expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deviceJobs.deviceId, target.id));
    await app.gateway.ready([{ deviceId: target.id, hello }]);
    const jobs = await jobsOf();
    expect(jobs.map((job) => job.type)).toEqual(['alerts_config', 'alerts_config']);
  });
});

describe('alerts', () => {
  it('turns a device event into an alert with pending in-app and e-mail actions', async () => {
    const target = await device();
    await add([
      signalConfig(target.id, {
        action: 1,
        email: 'noc@example.com',
        redundancy_interval: 5,
        delivery_retry: true,
        retry_count: 2,
        retry_interval: 10,
      }),
    ]);
    const config = lastSet(target.id)?.configs[0];
    app.gateway.alerted(target.id, {
      ts: Date.now() - 1000,
      config_id: config?.id ?? 0,
      alert_type_id: 3,
      alert_subtype_id: 9,
      text: 'Signal strength dropped below -75 dBm (-118 dBm)',
      values: { signal: -118 },
    });
    // An event naming a config of another device is dropped.
    app.gateway.alerted(target.id + 1, {
      ts: Date.now(),
      config_id: config?.id ?? 0,
      alert_type_id: 3,
      alert_subtype_id: 9,
      text: 'x',
      values: {},
    });
    let alerts: DeviceAlert[] = [];
    await vi.waitFor(
      async () => {
        const answer = (await call('GET', `/api/alerts?device_id=${target.id}`)).json() as {
          data: DeviceAlert[];
        };
        alerts = answer.data;
        expect(alerts).toHaveLength(1);
      },
      { timeout: 5000 },
    );
    expect(alerts[0]).toMatchObject({
      company_id: app.company.id,
      alert_type: 'Status change',
      alert_subtype: 'Signal strength dropped below -75 dBm',
      alert_type_id: 3,
      alert_subtype_id: 9,
      message:
        'Router name - Gate 1; Event type - Status change; Event text - Signal strength dropped below -75 dBm (-118 dBm)',
    });
    const id = alerts[0]?.id ?? 0;
    const [event] = await app.t.db.select().from(alertEvents).where(eq(alertEvents.id, id));
    expect(event).toMatchObject({
      source: 'device',
      alertsConfigId: config?.id,
      evaluatedParameters: [{ key: 'signal', value: -118 }],
    });
    const actions = await app.t.db.select().from(alertActions).where(eq(alertActions.eventId, id));
    expect(actions.map((action) => [action.name, action.options])).toEqual([
      ['SendNotification', { message: 'Weak signal', receiving_users: [String(app.user.id)] }],
      [
        'SendEmail',
        {
          subject: 'Weak signal',
          message: alerts[0]?.message,
          receiving_emails: ['noc@example.com'],
          smtp_config_id: null,
          // The config's delivery retry: two retries ten minutes apart.
          delivery: { retries: 2, interval_seconds: 600 },
        },
      ],
    ]);

    const detail = (await call('GET', `/api/alerts/${id}`)).json() as { data: object[] };
    expect(detail.data).toEqual([
      expect.objectContaining({ id, alerts_configs_id: config?.id, device_id: target.id }),
    ]);
    const fields = (await call('GET', '/api/alerts?fields_only=true')).json() as { data: string[] };
    expect(fields.data).toContain('alert_subtype');

    // Another company sees none of it.
    const stranger = await createUser(app.t.db, 'admin', {
      company: await createCompany(app.t.db),
    });
    const other = await loginAs(app.t.app, stranger);
    const theirs = await app.t.app.inject({
      method: 'GET',
      url: '/api/alerts',
      headers: other.headers,
    });
    expect((theirs.json() as { meta: { total: number } }).meta.total).toBe(0);
    const peek = await app.t.app.inject({
      method: 'GET',
      url: `/api/alerts/${id}`,
      headers: other.headers,
    });
    expect(peek.statusCode).toBe(404);
    const peekConfig = await app.t.app.inject({
      method: 'GET',
      url: `/api/alerts-configurations/${config?.id}`,
      headers: other.headers,
    });
    expect(peekConfig.statusCode).toBe(404);

    expect((await call('DELETE', `/api/alerts/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/alerts/${id}`)).statusCode).toBe(404);
  });

  it('keeps a push token once per user', async () => {
    const token = { token: 'push-token-1' };
    expect((await call('POST', '/api/alerts/token', token)).statusCode).toBe(201);
    expect((await call('POST', '/api/alerts/token', token)).statusCode).toBe(201);
    expect((await call('POST', '/api/alerts/token', {})).statusCode).toBe(422);
    const rows = await app.t.db
      .select()
      .from(alertTokens)
      .where(eq(alertTokens.userId, app.user.id));
    expect(rows).toHaveLength(1);
  });
});

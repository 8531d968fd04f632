import type { DeviceAlert } from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@/app';
import { deviceAlertConfigs } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { insertDevice } from '@test/fake-gateway';
import { loginAs, type TestSession } from '@test/session';
import {
  createPlayedGateway,
  eventually,
  insertSignalRule,
  startInstance,
} from '@/modules/automation/automations/runtime/runtime.fixtures';

// GET /api/alerts as one history: the devices' own alerts (alert ingest) and the automations'
// events (live runtime), played through the same gateway double.

const gateway = createPlayedGateway();
let t: TestApp;
let app: App;
let parent: CompanyRow;
let company: CompanyRow;
let stranger: CompanyRow;
let ours: TestSession;
let theirs: TestSession;
let device: Awaited<ReturnType<typeof insertDevice>>;
let quiet: Awaited<ReturnType<typeof insertDevice>>;
let strangerDevice: Awaited<ReturnType<typeof insertDevice>>;
let rule: Awaited<ReturnType<typeof insertSignalRule>>;
let parentRule: Awaited<ReturnType<typeof insertSignalRule>>;
let strangerRule: Awaited<ReturnType<typeof insertSignalRule>>;
let configId: number;

beforeAll(async () => {
  t = await buildTestApp();
  parent = await createCompany(t.db);
  company = await createCompany(t.db, { parent });
  stranger = await createCompany(t.db);
  const user = await createUser(t.db, 'admin', { company });
  const parentUser = await createUser(t.db, 'admin', { company: parent });
  const strangerUser = await createUser(t.db, 'admin', { company: stranger });
  device = await insertDevice(t.db, company, { name: 'RUTX11-0001', model: 'RUTX11' });
  quiet = await insertDevice(t.db, company, { name: 'RUTX11-0002', model: 'RUTX11' });
  strangerDevice = await insertDevice(t.db, stranger, { name: 'RUTX11-0003', model: 'RUTX11' });
  rule = await insertSignalRule(t.db, {
    companyId: company.id,
    userId: user.id,
    deviceId: device.id,
    actions: [],
  });
  // A rule of the parent company on the child's device: the child sees the events, not the rule.
  parentRule = await insertSignalRule(t.db, {
    companyId: parent.id,
    userId: parentUser.id,
    deviceId: quiet.id,
    actions: [],
  });
  strangerRule = await insertSignalRule(t.db, {
    companyId: stranger.id,
    userId: strangerUser.id,
    deviceId: strangerDevice.id,
    actions: [],
  });
  const [config] = await t.db
    .insert(deviceAlertConfigs)
    .values({
      deviceId: device.id,
      companyId: company.id,
      userId: user.id,
      alertTypeId: 3,
      alertSubtypeId: 9,
      action: 3,
      subject: 'Weak signal',
      message: 'Router name - %rn; Event type - %et; Event text - %ex',
    })
    .returning();
  configId = config?.id ?? 0;
  // The runtime loads its rules at start: this instance starts with them in place.
  await t.app.close();
  app = await startInstance(t, gateway);
  ours = await loginAs(app, user);
  theirs = await loginAs(app, strangerUser);
});
afterAll(async () => {
  await app.close();
  await t.close();
});

interface Listed {
  data: DeviceAlert[];
  meta: { total: number };
}

const get = (url: string, session = ours) =>
  app.inject({ method: 'GET', url, headers: session.headers });
const list = async (query: string, session = ours) => {
  const response = await get(`/api/alerts?${query}`, session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Listed>();
};
/** The list once it holds `count` alerts (alerts are written in batches, a moment later). */
const listOf = (query: string, count: number, session = ours) =>
  eventually(
    () => list(query, session),
    // The page and its total are two statements: an alert stored between them is counted
    // before it is listed, so both are waited for.
    (answer) => answer.meta.total >= count && answer.data.length >= count,
  );

/** A device event of the config, as the device's `al` topic brings it. */
const deviceEvent = () =>
  gateway.fake.alerted(device.id, {
    ts: Date.now(),
    config_id: configId,
    alert_type_id: 3,
    alert_subtype_id: 9,
    text: 'Signal strength dropped below -75 dBm (-118 dBm)',
    values: { signal: -118 },
  });

describe('alert history', () => {
  it('answers device alerts and automation events together, newest first', async () => {
    gateway.signal(device.id, -118);
    await listOf(`device_id=${device.id}`, 1);
    deviceEvent();
    await listOf(`device_id=${device.id}`, 2);
    gateway.signal(device.id, -100);
    const history = await listOf(`device_id=${device.id}`, 3);

    expect(history.meta.total).toBe(3);
    expect(history.data.map((alert) => [alert.source, alert.kind])).toEqual([
      ['automation', 'resolved'],
      ['device', 'event'],
      ['automation', 'fired'],
    ]);
    const [resolved, event, fired] = history.data;
    expect(fired).toMatchObject({
      company_id: company.id,
      device_id: device.id,
      automation_id: rule.id,
      automation_name: 'Weak signal',
      alerts_configs_id: null,
      alert_type: null,
      alert_type_id: null,
      message: 'RUTX11-0001: Weak signal — signal -118 dBm',
      evaluated_parameters: [{ key: 'signal', value: -118 }],
      reason: null,
    });
    expect(fired?.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(resolved).toMatchObject({ automation_id: rule.id, reason: 'cleared' });
    expect(event).toMatchObject({
      automation_id: null,
      automation_name: null,
      alerts_configs_id: configId,
      alert_type: 'Status change',
      alert_subtype: 'Signal strength dropped below -75 dBm',
      evaluated_parameters: [{ key: 'signal', value: -118 }],
    });

    // One of them answered alone, as RMS answers a single alert.
    const detail = (await get(`/api/alerts/${fired?.id}`)).json<{ data: object[] }>();
    expect(detail.data).toEqual([
      expect.objectContaining({ id: fired?.id, alerts_configs_id: null, device_id: device.id }),
    ]);
    // An automation's event is its log: DELETE /alerts/{id} takes device alerts only.
    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/alerts/${fired?.id}`,
      headers: ours.headers,
    });
    expect(refused.statusCode).toBe(404);
    expect((await get(`/api/alerts/${fired?.id}`)).statusCode).toBe(200);

    const fields = (await get('/api/alerts?fields_only=true')).json<{ data: string[] }>();
    expect(fields.data).toEqual(expect.arrayContaining(['source', 'kind', 'automation_name']));
  });

  it('filters by source, automation, device, config and pages in SQL', async () => {
    const ids = (answer: Listed) => answer.data.map((alert) => alert.id);
    const all = await listOf(`device_id=${device.id}`, 3);
    const [resolved, event, fired] = all.data;

    const devices = await list(`device_id=${device.id}&source=device`);
    expect(ids(devices)).toEqual([event?.id]);
    const rules = await list(`device_id=${device.id}&source=automation`);
    expect(ids(rules)).toEqual([resolved?.id, fired?.id]);
    const ofRule = await list(`automation_id=${rule.id}`);
    expect(ofRule.meta.total).toBe(2);
    expect(ofRule.data.every((alert) => alert.automation_id === rule.id)).toBe(true);
    expect(ids(await list(`alerts_configs_id=${configId}`))).toEqual([event?.id]);
    expect((await list(`device_id=${quiet.id}`)).meta.total).toBe(0);
    expect((await list(`automation_id=${rule.id}&source=device`)).meta.total).toBe(0);

    const page = await list(`device_id=${device.id}&limit=1&offset=1`);
    expect(page.meta.total).toBe(3);
    expect(ids(page)).toEqual([event?.id]);
    const picked = await list(`device_id=${device.id}&fields=id,source&limit=1`);
    expect(picked.data).toEqual([{ id: resolved?.id, source: 'automation' }]);

    expect((await get('/api/alerts?source=rule')).statusCode).toBe(400);
  });

  it("keeps each company's history to itself", async () => {
    gateway.signal(strangerDevice.id, -120);
    const strangers = await listOf('', 1, theirs);
    expect(strangers.meta.total).toBe(1);
    expect(strangers.data[0]).toMatchObject({
      company_id: stranger.id,
      device_id: strangerDevice.id,
      automation_id: strangerRule.id,
      automation_name: 'Weak signal',
    });
    expect((await list(`device_id=${device.id}`, theirs)).meta.total).toBe(0);
    expect((await list(`automation_id=${rule.id}`, theirs)).meta.total).toBe(0);
    const [ownFirst] = (await list(`device_id=${device.id}`)).data;
    expect((await get(`/api/alerts/${ownFirst?.id}`, theirs)).statusCode).toBe(404);

    expect((await list(`automation_id=${strangerRule.id}`)).meta.total).toBe(0);
    expect((await list(`device_id=${strangerDevice.id}`)).meta.total).toBe(0);
    const visible = await list('limit=1000');
    expect(visible.data.some((alert) => alert.company_id === stranger.id)).toBe(false);
  });

  it('names a rule of a company the caller cannot see by its id only', async () => {
    gateway.signal(quiet.id, -119);
    const [event] = (await listOf(`device_id=${quiet.id}`, 1)).data;
    expect(event).toMatchObject({
      source: 'automation',
      kind: 'fired',
      company_id: company.id,
      automation_id: parentRule.id,
      automation_name: null,
    });
  });
});

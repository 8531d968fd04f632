import { AUTOMATION_SILENCE_MESSAGES, toApiDate, type Silence } from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automations, tags } from '@/db/schema';
import { insertDevice } from '@test/fake-gateway';
import { createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';
import {
  type AutomationsApp,
  startAutomationsApp,
} from '@/modules/automation/automations/automations.fixtures';

let w: AutomationsApp;
const HOUR = 3_600_000;
const inHours = (hours: number) => toApiDate(new Date(Date.now() + hours * HOUR));

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  as?: TestSession,
) =>
  w.t.app.inject({
    method,
    url,
    headers: (as ?? w.session).headers,
    ...(payload ? { payload } : {}),
  });
const body = (overrides: object = {}) => ({
  name: 'Maintenance',
  starts_at: inHours(1),
  ends_at: inHours(3),
  ...overrides,
});
const errorOf = (response: { json(): unknown }) =>
  (response.json() as { errors: { message: string; source: string }[] }).errors[0];

const insertRule = async (companyId: number) => {
  const [row] = await w.t.db
    .insert(automations)
    .values({ companyId, name: 'Rule', conditionsBody: [], dataGroup: 'dynamic' })
    .returning();
  if (!row) throw new Error('rule insert failed');
  return row.id;
};

beforeAll(async () => {
  w = await startAutomationsApp();
});
afterAll(() => w.t.close());

describe('automation silences', () => {
  it('creates, lists, updates and deletes a silence', async () => {
    const ruleId = await insertRule(w.company.id);
    const device = await insertDevice(w.t.db, w.child);
    const [tag] = await w.t.db
      .insert(tags)
      .values({ companyId: w.company.id, name: 'lab' })
      .returning();
    const created = await call(
      'POST',
      '/api/automations/silences',
      body({
        automation_ids: [ruleId],
        device_ids: [device.id],
        tag_ids: [tag?.id],
        recurrence: { cron: '0 2 * * *', time_zone: 'Europe/Vilnius', duration_seconds: 3600 },
      }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const silence = (created.json() as { data: Silence }).data;
    expect(silence).toMatchObject({
      name: 'Maintenance',
      company_id: w.company.id,
      created_by: w.user.id,
      automation_ids: [ruleId],
      device_ids: [device.id],
      tag_ids: [tag?.id],
      notify_after: true,
      recurrence: { cron: '0 2 * * *', time_zone: 'Europe/Vilnius', duration_seconds: 3600 },
    });

    const listed = await call('GET', '/api/automations/silences');
    expect(listed.json()).toMatchObject({ meta: { total: 1 }, data: [{ id: silence.id }] });

    const updated = await call('PUT', `/api/automations/silences/${silence.id}`, {
      name: 'Night',
      notify_after: false,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      data: { name: 'Night', notify_after: false, automation_ids: [ruleId] },
    });

    const removed = await call('DELETE', `/api/automations/silences/${silence.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await call('GET', '/api/automations/silences')).json()).toMatchObject({
      meta: { total: 0 },
    });
    expect((await call('DELETE', `/api/automations/silences/${silence.id}`)).statusCode).toBe(404);
  });

  it('answers 422 at the field: window, recurrence and what it names', async () => {
    const backwards = await call(
      'POST',
      '/api/automations/silences',
      body({ ends_at: inHours(0) }),
    );
    expect(backwards.statusCode).toBe(422);
    expect(errorOf(backwards)).toMatchObject({
      source: 'ends_at',
      message: AUTOMATION_SILENCE_MESSAGES.endsBeforeStart,
    });
    const long = await call(
      'POST',
      '/api/automations/silences',
      body({ ends_at: inHours(24 * 400) }),
    );
    expect(errorOf(long)).toMatchObject({
      source: 'ends_at',
      message: AUTOMATION_SILENCE_MESSAGES.tooLong,
    });
    const cron = await call(
      'POST',
      '/api/automations/silences',
      body({ recurrence: { cron: 'nope', time_zone: 'UTC', duration_seconds: 600 } }),
    );
    expect(cron.statusCode).toBe(422);
    expect(errorOf(cron)?.source).toBe('recurrence.cron');

    const otherRule = await insertRule(w.other.id);
    const hidden = await call(
      'POST',
      '/api/automations/silences',
      body({ automation_ids: [otherRule] }),
    );
    expect(hidden.statusCode).toBe(422);
    expect(errorOf(hidden)).toMatchObject({
      source: 'automation_ids.0',
      message: 'Automation not found',
    });
    const otherDevice = await insertDevice(w.t.db, w.other);
    const device = await call(
      'POST',
      '/api/automations/silences',
      body({ device_ids: [otherDevice.id] }),
    );
    expect(errorOf(device)).toMatchObject({ source: 'device_ids.0', message: 'Device not found' });

    // A device of the parent is visible but outside a silence of the subsidiary.
    const parentDevice = await insertDevice(w.t.db, w.company);
    const outside = await call(
      'POST',
      '/api/automations/silences',
      body({ company_id: w.child.id, device_ids: [parentDevice.id] }),
    );
    expect(errorOf(outside)).toMatchObject({
      source: 'device_ids.0',
      message: AUTOMATION_SILENCE_MESSAGES.deviceOutside,
    });
    const company = await call(
      'POST',
      '/api/automations/silences',
      body({ company_id: w.other.id }),
    );
    expect(errorOf(company)).toMatchObject({ source: 'company_id', message: 'Company not found' });

    // A PUT is checked once merged with what is stored.
    const created = await call('POST', '/api/automations/silences', body());
    const id = (created.json() as { data: Silence }).data.id;
    const merged = await call('PUT', `/api/automations/silences/${id}`, { ends_at: inHours(0.5) });
    expect(errorOf(merged)).toMatchObject({ source: 'ends_at' });
    await call('DELETE', `/api/automations/silences/${id}`);
  });

  it("is scoped to the caller's companies", async () => {
    const theirs = await createUser(w.t.db, 'admin', { company: w.other });
    const them = await loginAs(w.t.app, theirs);
    const created = await call('POST', '/api/automations/silences', body({ name: 'Theirs' }), them);
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as { data: Silence }).data.id;

    expect((await call('GET', '/api/automations/silences')).json()).toMatchObject({
      meta: { total: 0 },
    });
    expect(
      (await call('PUT', `/api/automations/silences/${id}`, { name: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/automations/silences/${id}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/automations/silences', undefined, them)).json()).toMatchObject({
      meta: { total: 1 },
      data: [{ name: 'Theirs' }],
    });

    const guest = await loginAs(
      w.t.app,
      await createUser(w.t.db, 'read_only', { company: w.company }),
    );
    expect((await call('POST', '/api/automations/silences', body(), guest)).statusCode).toBe(403);
  });
});

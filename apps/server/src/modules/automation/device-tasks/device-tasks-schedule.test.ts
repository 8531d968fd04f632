import type { TaskRun } from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CompanyRow } from '@/db/types';
import { buildTestApp, type TestApp } from '@test/app';
import { createFakeGateway, insertDevice } from '@test/fake-gateway';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';

// Recurring runs, on a clock the test moves. The clock is years ahead of real time: the session's
// tokens are stamped by it but checked by the real clock, so a test clock in the past expires them.
let clock = new Date('2030-11-29T10:00:00Z');
const gateway = createFakeGateway();
let t: TestApp;
let company: CompanyRow;
let session: TestSession;

beforeAll(async () => {
  t = await buildTestApp({}, { deviceGateway: gateway, now: () => clock });
  company = await createCompany(t.db);
  session = await loginAs(t.app, await createUser(t.db, 'admin', { company }));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });

const reboot = { name: 'Reboot', order: 0, timeout: 60, action: 'reboot' };
let seq = 0;
const createGroup = async () => {
  seq += 1;
  const response = await call('POST', '/api/devices/tasks/groups', {
    name: `Nightly ${seq}`,
    tasks: [reboot],
  });
  return (response.json() as { data: { id: number } }).data.id;
};
const runsOf = async (groupId: number) =>
  (
    (await call('GET', `/api/devices/tasks/runs?group_id=${groupId}&sort=id`)).json() as {
      data: TaskRun[];
    }
  ).data;

describe('recurring runs', () => {
  it('starts at the next occurrence in the user’s zone and schedules the one after', async () => {
    const groupId = await createGroup();
    const device = await insertDevice(t.db, company);
    const nightly = { cron: '0 3 * * *', time_zone: 'Europe/Vilnius' };
    const response = await call('POST', `/api/devices/tasks/groups/${groupId}`, {
      device_id: [device.id],
      recurrence: nightly,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [first] = await runsOf(groupId);
    // 03:00 in Vilnius (UTC+2 in winter) is 01:00 UTC; the window defaults to the gap, a day.
    expect(first).toMatchObject({
      status: 'scheduled',
      start_at: '2030-11-30 01:00:00',
      valid_until: '2030-12-01 01:00:00',
      recurrence: nightly,
      series_id: first?.id,
    });

    const again = await call('POST', `/api/devices/tasks/groups/${groupId}`, {
      device_id: [device.id],
      recurrence: { cron: '0 4 * * *', time_zone: 'UTC' },
      valid_until: '2030-11-29 11:00:00',
    });
    expect(again.statusCode).toBe(409);

    clock = new Date('2030-11-30T01:00:30Z');
    // The run starts (its successor scheduled) in one transaction, its device's step in the next.
    await vi.waitFor(
      async () => {
        const runs = await runsOf(groupId);
        expect(runs.length).toBe(2);
        expect(runs[0]?.counts.running).toBe(1);
      },
      { timeout: 5000 },
    );
    const [started, next] = await runsOf(groupId);
    expect(started).toMatchObject({ status: 'running', counts: { total: 1, running: 1 } });
    expect(next).toMatchObject({
      status: 'scheduled',
      start_at: '2030-12-01 01:00:00',
      series_id: first?.id,
    });
  });

  it('refuses a bad cron, an unknown zone and a window longer than the gap', async () => {
    const groupId = await createGroup();
    const device = await insertDevice(t.db, company);
    const cases: [object, string][] = [
      [{ recurrence: { cron: 'every night', time_zone: 'UTC' } }, 'recurrence.cron'],
      [{ recurrence: { cron: '0 3 * * *', time_zone: 'Mars/Olympus' } }, 'recurrence.time_zone'],
      [
        {
          recurrence: { cron: '0 * * * *', time_zone: 'UTC' },
          start_at: '2030-12-01 00:00:00',
          valid_until: '2030-12-01 02:00:00',
        },
        'valid_until',
      ],
    ];
    for (const [body, source] of cases) {
      const response = await call('POST', `/api/devices/tasks/groups/${groupId}`, {
        device_id: [device.id],
        ...body,
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors[0].source).toBe(source);
    }
  });
});

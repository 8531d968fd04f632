import type { TaskGroupLog, TaskLog, TaskRun } from '@netfleet/contracts';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { tags } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { buildTestApp, type TestApp } from '@test/app';
import { createFakeGateway } from '@test/fake-gateway';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';

export const reboot = {
  name: 'Reboot',
  order: 0,
  timeout: 60,
  type: 'command',
  action: 'reboot',
  data: {},
};
export const uptime = {
  name: 'Uptime',
  order: 1,
  timeout: 30,
  type: 'command',
  data: { command: 'uptime' },
};

/**
 * The task manager's test world for one file: an app on a fake gateway (the test plays the
 * devices), an admin and a guest of one company, another company, and the API calls the tests use.
 */
export const useTaskWorld = () => {
  const gateway = createFakeGateway();
  const w = {
    gateway,
    t: undefined as unknown as TestApp,
    company: undefined as unknown as CompanyRow,
    other: undefined as unknown as CompanyRow,
    session: undefined as unknown as TestSession,
    guest: undefined as unknown as TestSession,
  };
  beforeAll(async () => {
    w.t = await buildTestApp({}, { deviceGateway: gateway });
    w.company = await createCompany(w.t.db);
    w.other = await createCompany(w.t.db);
    w.session = await loginAs(w.t.app, await createUser(w.t.db, 'admin', { company: w.company }));
    w.guest = await loginAs(w.t.app, await createUser(w.t.db, 'read_only', { company: w.company }));
  });
  afterAll(() => w.t.close());

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

  let groupSeq = 0;
  return {
    w,
    call,
    createTag: async (name: string, owner?: CompanyRow) => {
      const [tag] = await w.t.db
        .insert(tags)
        .values({ companyId: (owner ?? w.company).id, name })
        .returning();
      if (!tag) throw new Error('tag insert failed');
      return tag;
    },
    createGroup: async (tasks: object[], extra: object = {}) => {
      groupSeq += 1;
      const response = await call('POST', '/api/devices/tasks/groups', {
        name: `Group ${groupSeq}`,
        tasks,
        ...extra,
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { data: { id: number } }).data.id;
    },
    execute: async (groupId: number, body: object) => {
      const response = await call('POST', `/api/devices/tasks/groups/${groupId}`, body);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { meta: { channel: string; run_id: number } }).meta;
    },
    runOf: async (id: number) =>
      ((await call('GET', `/api/devices/tasks/runs/${id}`)).json() as { data: TaskRun }).data,
    groupLogs: async (runId: number) =>
      (
        (
          await call('GET', `/api/devices/tasks/groups/logs?run_id=${runId}&sort=device_id`)
        ).json() as { data: TaskGroupLog[] }
      ).data,
    taskLogs: async (runId: number, deviceId: number) =>
      (
        (
          await call('GET', `/api/devices/tasks/logs?run_id=${runId}&device_id=${deviceId}&sort=id`)
        ).json() as { data: TaskLog[] }
      ).data,
    /** The device's newest command of `type`, once the engine has sent it. */
    nextCommand: async (deviceId: number, type: string, after = 0) =>
      vi.waitFor(
        () => {
          const command = gateway
            .commandsFor(deviceId)
            .find((c) => c.type === type && c.id > after);
          if (!command) throw new Error(`no ${type} sent to ${deviceId}`);
          return command;
        },
        { timeout: 5000, interval: 25 },
      ),
  };
};

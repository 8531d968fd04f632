import { toApiDate, type TaskGroupLog, type TaskLog, type TaskRun } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deviceJobs, deviceTags, files, tags } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { buildTestApp, type TestApp } from '@test/app';
import { createFakeGateway, insertDevice } from '@test/fake-gateway';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';
import { createDeviceJobsRepository } from '@/modules/fleet/device-jobs/device-jobs.repository';
import { createTaskEngine } from './task-engine';
import { createTaskEngineRepository } from './task-engine.repository';

const gateway = createFakeGateway();
let t: TestApp;
let company: CompanyRow;
let other: CompanyRow;
let session: TestSession;
let guest: TestSession;

beforeAll(async () => {
  t = await buildTestApp({}, { deviceGateway: gateway });
  company = await createCompany(t.db);
  other = await createCompany(t.db);
  session = await loginAs(t.app, await createUser(t.db, 'admin', { company }));
  guest = await loginAs(t.app, await createUser(t.db, 'read_only', { company }));
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  as = session,
) => t.app.inject({ method, url, headers: as.headers, ...(payload ? { payload } : {}) });

const createTag = async (name: string, owner = company) => {
  const [tag] = await t.db.insert(tags).values({ companyId: owner.id, name }).returning();
  if (!tag) throw new Error('tag insert failed');
  return tag;
};

let groupSeq = 0;
const createGroup = async (tasks: object[], extra: object = {}) => {
  groupSeq += 1;
  const response = await call('POST', '/api/devices/tasks/groups', {
    name: `Group ${groupSeq}`,
    tasks,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: { id: number } }).data.id;
};

const execute = async (groupId: number, body: object) => {
  const response = await call('POST', `/api/devices/tasks/groups/${groupId}`, body);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { meta: { channel: string; run_id: number } }).meta;
};

const runOf = async (id: number) =>
  ((await call('GET', `/api/devices/tasks/runs/${id}`)).json() as { data: TaskRun }).data;
const groupLogs = async (runId: number) =>
  (
    (await call('GET', `/api/devices/tasks/groups/logs?run_id=${runId}&sort=device_id`)).json() as {
      data: TaskGroupLog[];
    }
  ).data;
const taskLogs = async (runId: number, deviceId: number) =>
  (
    (
      await call('GET', `/api/devices/tasks/logs?run_id=${runId}&device_id=${deviceId}&sort=id`)
    ).json() as { data: TaskLog[] }
  ).data;

/** The device's newest command, once the engine has sent it. */
const nextCommand = async (deviceId: number, type: string, after = 0) =>
  vi.waitFor(
    () => {
      const command = gateway.commandsFor(deviceId).find((c) => c.type === type && c.id > after);
      if (!command) throw new Error(`no ${type} sent to ${deviceId}`);
      return command;
    },
    { timeout: 5000, interval: 25 },
  );

const reboot = {
  name: 'Reboot',
  order: 0,
  timeout: 60,
  type: 'command',
  action: 'reboot',
  data: {},
};
const uptime = {
  name: 'Uptime',
  order: 1,
  timeout: 30,
  type: 'command',
  data: { command: 'uptime' },
};

describe('task groups', () => {
  it('creates, lists and reads a group with its steps in order', async () => {
    const id = await createGroup([uptime, reboot]);
    const list = (await call('GET', '/api/devices/tasks/groups?limit=100')).json() as {
      data: { id: number; task_count: number; last_run: unknown }[];
    };
    expect(list.data.find((g) => g.id === id)).toMatchObject({ task_count: 2, last_run: null });
    const detail = (await call('GET', `/api/devices/tasks/groups/${id}`)).json() as {
      data: { tasks: { name: string; type: string; action: string }[] };
    };
    expect(detail.data.tasks.map((task) => [task.name, task.type, task.action])).toEqual([
      ['Reboot', 'command', 'reboot'],
      ['Uptime', 'command', 'command'],
    ]);
  });

  it('refuses bad steps and names, and hides other companies’ groups', async () => {
    const noCommand = await call('POST', '/api/devices/tasks/groups', {
      name: 'Bad',
      tasks: [{ name: 'x', order: 0, timeout: 10, type: 'command', data: {} }],
    });
    expect(noCommand.statusCode).toBe(422);
    expect(noCommand.json().errors[0]).toMatchObject({ source: 'tasks.0.data.command' });
    const mismatch = await call('POST', '/api/devices/tasks/groups', {
      name: 'Bad',
      tasks: [{ ...reboot, type: 'upload_file' }],
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors[0].source).toBe('tasks.0.type');

    await createGroup([reboot], { name: 'Same name' });
    const duplicate = await call('POST', '/api/devices/tasks/groups', {
      name: 'same NAME',
      tasks: [reboot],
    });
    expect(duplicate.statusCode).toBe(409);

    const foreignTag = await createTag('foreign', other);
    const tagged = await call('POST', '/api/devices/tasks/groups', {
      name: 'Tagged',
      tasks: [reboot],
      success_tag_id: [foreignTag.id],
    });
    expect(tagged.statusCode).toBe(422);
    expect(tagged.json().errors[0].source).toBe('success_tag_id.0');

    const outsider = await loginAs(t.app, await createUser(t.db, 'admin', { company: other }));
    const id = await createGroup([reboot]);
    expect(
      (await call('GET', `/api/devices/tasks/groups/${id}`, undefined, outsider)).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/devices/tasks/groups', { name: 'G', tasks: [reboot] }, guest))
        .statusCode,
    ).toBe(403);
  });
});

describe('running a group', () => {
  it('carries each device through its steps, retries, tags the result, and counts live', async () => {
    const done = await createTag('done');
    const broken = await createTag('broken');
    const groupId = await createGroup([reboot, { ...uptime, retries: 1 }], {
      success_tag_id: [done.id],
      failed_tag_id: [broken.id],
    });
    const good = await insertDevice(t.db, company);
    const bad = await insertDevice(t.db, company);
    gateway.online.add(good.id).add(bad.id);

    const { run_id: runId, channel } = await execute(groupId, { device_id: [good.id, bad.id] });
    expect(channel).toEqual(expect.any(String));

    for (const device of [good, bad]) {
      const sent = await nextCommand(device.id, 'reboot');
      await gateway.listener.ack(device.id, { id: sent.id, status: 'completed' });
    }
    const goodUptime = await nextCommand(good.id, 'command');
    expect(goodUptime.args).toMatchObject({
      command: 'uptime',
      timeout: 30,
      acceptable_codes: [0],
    });
    await gateway.listener.ack(good.id, {
      id: goodUptime.id,
      status: 'completed',
      result: 'up 1 day',
    });

    const firstTry = await nextCommand(bad.id, 'command');
    await gateway.listener.ack(bad.id, {
      id: firstTry.id,
      status: 'failed',
      message: 'Exit code 1',
    });
    // The retry waits 30 s: the device's run stays pending with its attempt counted.
    await vi.waitFor(async () => {
      const log = (await groupLogs(runId)).find((g) => g.device_id === bad.id);
      expect(log).toMatchObject({ state: 'pending', steps_done: 1 });
    });

    await vi.waitFor(async () => {
      expect((await runOf(runId)).counts).toMatchObject({ total: 2, completed: 1, pending: 1 });
    });
    const logs = await taskLogs(runId, good.id);
    expect(logs.map((log) => [log.name, log.status, log.output])).toEqual([
      ['Reboot', 'completed', null],
      ['Uptime', 'completed', 'up 1 day'],
    ]);
    const tagsOf = async (deviceId: number) =>
      (await t.db.select().from(deviceTags).where(eq(deviceTags.deviceId, deviceId))).map(
        (r) => r.tagId,
      );
    expect(await tagsOf(good.id)).toEqual([done.id]);
    expect((await taskLogs(runId, bad.id)).map((log) => [log.status, log.attempt])).toEqual([
      ['completed', 1],
      ['failed', 1],
    ]);
  });

  it('resolves tags when the run starts, and gives offline devices their step on reconnect', async () => {
    const later = await createTag('later');
    const groupId = await createGroup([reboot]);
    const offline = await insertDevice(t.db, company);
    const start = new Date(Date.now() + 1500);
    const { run_id: runId } = await execute(groupId, {
      tag_id: [later.id],
      start_at: toApiDate(start),
    });
    expect((await runOf(runId)).status).toBe('scheduled');
    // Tagged after the run was created, before it starts: included.
    await t.db.insert(deviceTags).values({ deviceId: offline.id, tagId: later.id });

    await vi.waitFor(async () => expect((await runOf(runId)).counts.running).toBe(1), {
      timeout: 6000,
      interval: 100,
    });
    expect(gateway.commandsFor(offline.id)).toEqual([]);
    const [job] = await t.db.select().from(deviceJobs).where(eq(deviceJobs.deviceId, offline.id));
    expect(job).toMatchObject({ type: 'reboot', status: 'queued' });
  });

  it('refuses unknown targets, a start in the past and a window that ends first', async () => {
    const groupId = await createGroup([reboot]);
    const foreign = await insertDevice(t.db, other);
    const cases: [object, string][] = [
      [{ device_id: [foreign.id] }, 'device_id.0'],
      [{ device_id: [] }, 'device_id'],
      [{ tag_id: [999_999] }, 'tag_id.0'],
      [{ company_id: [other.id] }, 'company_id.0'],
      [{ company_id: [company.id], start_at: '2020-01-01 00:00:00' }, 'start_at'],
      [
        {
          company_id: [company.id],
          start_at: toApiDate(new Date(Date.now() + 3600_000)),
          valid_until: toApiDate(new Date()),
        },
        'valid_until',
      ],
    ];
    for (const [body, source] of cases) {
      const response = await call('POST', `/api/devices/tasks/groups/${groupId}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[0].source).toBe(source);
    }
  });

  it('cancels one device, pauses and resumes, and refuses to delete a group mid-run', async () => {
    const groupId = await createGroup([reboot, { ...uptime }]);
    const a = await insertDevice(t.db, company);
    const b = await insertDevice(t.db, company);
    gateway.online.add(a.id).add(b.id);
    const { run_id: runId } = await execute(groupId, { device_id: [a.id, b.id] });
    await nextCommand(a.id, 'reboot');
    const bReboot = await nextCommand(b.id, 'reboot');

    const cancel = await call('POST', `/api/devices/tasks/runs/${runId}/cancel`, {
      device_id: [a.id],
    });
    expect(cancel.json()).toEqual({ success: true, data: { device_id: [a.id] } });
    expect((await call('DELETE', `/api/devices/tasks/groups/${groupId}`)).statusCode).toBe(409);

    expect((await call('POST', `/api/devices/tasks/runs/${runId}/pause`)).statusCode).toBe(200);
    await gateway.listener.ack(b.id, { id: bReboot.id, status: 'completed' });
    await vi.waitFor(async () => {
      const log = (await groupLogs(runId)).find((g) => g.device_id === b.id);
      expect(log).toMatchObject({ state: 'pending', steps_done: 1 });
    });
    expect(gateway.commandsFor(b.id).filter((c) => c.type === 'command')).toEqual([]);

    expect((await call('POST', `/api/devices/tasks/runs/${runId}/resume`)).statusCode).toBe(200);
    const bUptime = await nextCommand(b.id, 'command');
    await gateway.listener.ack(b.id, { id: bUptime.id, status: 'completed' });
    await vi.waitFor(async () => expect((await runOf(runId)).status).toBe('completed'));
    const states = (await groupLogs(runId)).map((g) => [g.device_id, g.state, g.status]);
    expect(states).toEqual([
      [a.id, 'cancelled', 'failed'],
      [b.id, 'completed', 'completed'],
    ]);
    expect((await call('DELETE', `/api/devices/tasks/groups/${groupId}`)).statusCode).toBe(200);
  });

  it('fails unsupported steps on every device without sending anything', async () => {
    const groupId = await createGroup([
      {
        name: 'Fetch',
        order: 0,
        timeout: 10,
        type: 'download_file',
        data: { file: '/etc/config/network' },
      },
    ]);
    const device = await insertDevice(t.db, company);
    gateway.online.add(device.id);
    const { run_id: runId } = await execute(groupId, { device_id: [device.id] });
    await vi.waitFor(async () => expect((await runOf(runId)).status).toBe('completed'));
    const [log] = await taskLogs(runId, device.id);
    expect(log).toMatchObject({ status: 'failed', type: 'download_file' });
    expect(log?.message).toMatch(/cannot download file/);
    expect(gateway.commandsFor(device.id)).toEqual([]);
  });
});

describe('firmware steps', () => {
  const insertFile = async (type: 'firmware' | 'config', deviceModel: string | null) => {
    const [file] = await t.db
      .insert(files)
      .values({
        companyId: company.id,
        type,
        name: 'RUTX_R_00.07.10.bin',
        deviceModel,
        size: 1024,
        sha256: 'b'.repeat(64),
        storageKey: 'test/none',
      })
      .returning();
    if (!file) throw new Error('file insert failed');
    return file;
  };
  const firmwareStep = (fileId: number) => ({
    name: 'Firmware',
    order: 0,
    timeout: 300,
    action: 'firmware_update',
    data: { file_id: fileId, keep_settings: false },
  });

  it('refuses a file that is not firmware, and a device of another model', async () => {
    const config = await insertFile('config', null);
    const notFirmware = await call('POST', '/api/devices/tasks/groups', {
      name: 'Config as firmware',
      tasks: [firmwareStep(config.id)],
    });
    expect(notFirmware.statusCode).toBe(422);
    expect(notFirmware.json().errors[0]).toMatchObject({ source: 'tasks.0.data.file_id' });

    const rutx = await insertFile('firmware', 'RUTX');
    const groupId = await createGroup([firmwareStep(rutx.id)]);
    const rut955 = await insertDevice(t.db, company, { model: 'RUT955' });
    const refused = await call('POST', `/api/devices/tasks/groups/${groupId}`, {
      device_id: [rut955.id],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0]).toMatchObject({
      source: 'device_id.0',
      message: 'The firmware file is for RUTX, not RUT955',
    });

    // Found through a tag, the same device fails its step without anything being sent.
    const tag = await createTag('firmware-targets');
    const rutx11 = await insertDevice(t.db, company, { model: 'RUTX11' });
    await t.db.insert(deviceTags).values([
      { deviceId: rut955.id, tagId: tag.id },
      { deviceId: rutx11.id, tagId: tag.id },
    ]);
    gateway.online.add(rut955.id).add(rutx11.id);
    const { run_id: runId } = await execute(groupId, { tag_id: [tag.id] });
    const sent = await nextCommand(rutx11.id, 'firmware_update');
    expect(sent.args).toMatchObject({ keep_settings: false, sha256: 'b'.repeat(64) });
    await vi.waitFor(async () => {
      const [log] = await taskLogs(runId, rut955.id);
      expect(log).toMatchObject({
        status: 'failed',
        message: 'The firmware file is for RUTX, not RUT955',
      });
    });
    expect(gateway.commandsFor(rut955.id)).toEqual([]);
  });
});

describe('the engine after a crash', () => {
  it('moves each step once when two engines (or a restarted one) pick up the same rows', async () => {
    const groupId = await createGroup([reboot, uptime]);
    const device = await insertDevice(t.db, company);
    const { run_id: runId } = await execute(groupId, { device_id: [device.id] });
    await vi.waitFor(async () => expect((await runOf(runId)).counts.running).toBe(1));
    // The first step's job ends while no engine hears of it, as if the server had died.
    await t.db
      .update(deviceJobs)
      .set({ status: 'completed', finishedAt: new Date() })
      .where(eq(deviceJobs.deviceId, device.id));

    const engines = [0, 1].map(() =>
      createTaskEngine({
        db: t.db,
        engine: createTaskEngineRepository(t.db),
        jobsRepository: createDeviceJobsRepository(t.db),
        jobs: { dispatch: async () => {} },
        status: { publishMany: async () => {}, open: async () => 'channel' },
        firmwareArgs: () => ({}),
        now: () => new Date(),
        log: { warn: () => {}, error: (...args: unknown[]) => console.error(...args) },
      }),
    );
    await Promise.all(engines.map((engine) => engine.poke()));
    await Promise.all(engines.map((engine) => engine.poke()));

    const jobs = await t.db.select().from(deviceJobs).where(eq(deviceJobs.deviceId, device.id));
    expect(jobs.map((job) => job.type).sort()).toEqual(['command', 'reboot']);
    expect((await taskLogs(runId, device.id)).map((log) => [log.name, log.status])).toEqual([
      ['Reboot', 'completed'],
      ['Uptime', 'running'],
    ]);
  });
});

import { toApiDate } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { deviceJobs, deviceTags } from '@/db/schema';
import { eventually } from '@test/eventually';
import { insertDevice } from '@test/fake-gateway';
import { createUser } from '@test/factories';
import { loginAs } from '@test/session';
import { reboot, uptime, useTaskWorld } from './device-tasks.fixtures';

const { w, call, createTag, createGroup, execute, runOf, groupLogs, taskLogs, nextCommand } =
  useTaskWorld();

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

    const foreignTag = await createTag('foreign', w.other);
    const tagged = await call('POST', '/api/devices/tasks/groups', {
      name: 'Tagged',
      tasks: [reboot],
      success_tag_id: [foreignTag.id],
    });
    expect(tagged.statusCode).toBe(422);
    expect(tagged.json().errors[0].source).toBe('success_tag_id.0');

    const outsider = await loginAs(
      w.t.app,
      await createUser(w.t.db, 'admin', { company: w.other }),
    );
    const id = await createGroup([reboot]);
    expect(
      (await call('GET', `/api/devices/tasks/groups/${id}`, undefined, outsider)).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/devices/tasks/groups', { name: 'G', tasks: [reboot] }, w.guest))
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
    const good = await insertDevice(w.t.db, w.company);
    const bad = await insertDevice(w.t.db, w.company);
    w.gateway.online.add(good.id).add(bad.id);

    const { run_id: runId, channel } = await execute(groupId, { device_id: [good.id, bad.id] });
    expect(channel).toEqual(expect.any(String));

    for (const device of [good, bad]) {
      const sent = await nextCommand(device.id, 'reboot');
      await w.gateway.listener.ack(device.id, { id: sent.id, status: 'completed' });
    }
    const goodUptime = await nextCommand(good.id, 'command');
    expect(goodUptime.args).toMatchObject({
      command: 'uptime',
      timeout: 30,
      acceptable_codes: [0],
    });
    await w.gateway.listener.ack(good.id, {
      id: goodUptime.id,
      status: 'completed',
      result: 'up 1 day',
    });

    const firstTry = await nextCommand(bad.id, 'command');
    await w.gateway.listener.ack(bad.id, {
      id: firstTry.id,
      status: 'failed',
      message: 'Exit code 1',
    });
    // The retry waits 30 s: the device's run stays pending with its attempt counted.
    await eventually(async () => {
      const log = (await groupLogs(runId)).find((g) => g.device_id === bad.id);
      expect(log).toMatchObject({ state: 'pending', steps_done: 1 });
    });

    await eventually(async () => {
      expect((await runOf(runId)).counts).toMatchObject({ total: 2, completed: 1, pending: 1 });
    });
    const logs = await taskLogs(runId, good.id);
    expect(logs.map((log) => [log.name, log.status, log.output])).toEqual([
      ['Reboot', 'completed', null],
      ['Uptime', 'completed', 'up 1 day'],
    ]);
    const tagsOf = async (deviceId: number) =>
      (await w.t.db.select().from(deviceTags).where(eq(deviceTags.deviceId, deviceId))).map(
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
    const offline = await insertDevice(w.t.db, w.company);
    const start = new Date(Date.now() + 1500);
    const { run_id: runId } = await execute(groupId, {
      tag_id: [later.id],
      start_at: toApiDate(start),
    });
    expect((await runOf(runId)).status).toBe('scheduled');
    // Tagged after the run was created, before it starts: included.
    await w.t.db.insert(deviceTags).values({ deviceId: offline.id, tagId: later.id });

    await vi.waitFor(async () => expect((await runOf(runId)).counts.running).toBe(1), {
      timeout: 6000,
      interval: 100,
    });
    expect(w.gateway.commandsFor(offline.id)).toEqual([]);
    const [job] = await w.t.db.select().from(deviceJobs).where(eq(deviceJobs.deviceId, offline.id));
    expect(job).toMatchObject({ type: 'reboot', status: 'queued' });
  });

  it('refuses unknown targets, a start in the past and a window that ends first', async () => {
    const groupId = await createGroup([reboot]);
    const foreign = await insertDevice(w.t.db, w.other);
    const cases: [object, string][] = [
      [{ device_id: [foreign.id] }, 'device_id.0'],
      [{ device_id: [] }, 'device_id'],
      [{ tag_id: [999_999] }, 'tag_id.0'],
      [{ company_id: [w.other.id] }, 'company_id.0'],
      [{ company_id: [w.company.id], start_at: '2020-01-01 00:00:00' }, 'start_at'],
      [
        {
          company_id: [w.company.id],
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
    const a = await insertDevice(w.t.db, w.company);
    const b = await insertDevice(w.t.db, w.company);
    w.gateway.online.add(a.id).add(b.id);
    const { run_id: runId } = await execute(groupId, { device_id: [a.id, b.id] });
    await nextCommand(a.id, 'reboot');
    const bReboot = await nextCommand(b.id, 'reboot');

    const cancel = await call('POST', `/api/devices/tasks/runs/${runId}/cancel`, {
      device_id: [a.id],
    });
    expect(cancel.json()).toEqual({ success: true, data: { device_id: [a.id] } });
    expect((await call('DELETE', `/api/devices/tasks/groups/${groupId}`)).statusCode).toBe(409);

    expect((await call('POST', `/api/devices/tasks/runs/${runId}/pause`)).statusCode).toBe(200);
    await w.gateway.listener.ack(b.id, { id: bReboot.id, status: 'completed' });
    await eventually(async () => {
      const log = (await groupLogs(runId)).find((g) => g.device_id === b.id);
      expect(log).toMatchObject({ state: 'pending', steps_done: 1 });
    });
    expect(w.gateway.commandsFor(b.id).filter((c) => c.type === 'command')).toEqual([]);

    expect((await call('POST', `/api/devices/tasks/runs/${runId}/resume`)).statusCode).toBe(200);
    const bUptime = await nextCommand(b.id, 'command');
    await w.gateway.listener.ack(b.id, { id: bUptime.id, status: 'completed' });
    await eventually(async () => expect((await runOf(runId)).status).toBe('completed'));
    const states = (await groupLogs(runId)).map((g) => [g.device_id, g.state, g.status]);
    expect(states).toEqual([
      [a.id, 'cancelled', 'failed'],
      [b.id, 'completed', 'completed'],
    ]);
    expect((await call('DELETE', `/api/devices/tasks/groups/${groupId}`)).statusCode).toBe(200);
  });

  it('keeps a run paused before it started until it is resumed', async () => {
    const groupId = await createGroup([reboot]);
    const device = await insertDevice(w.t.db, w.company);
    const start = toApiDate(new Date(Date.now() + 3600_000));
    const { run_id: runId } = await execute(groupId, { device_id: [device.id], start_at: start });
    expect((await call('POST', `/api/devices/tasks/runs/${runId}/pause`)).statusCode).toBe(200);
    // The engine ticks every second: a run with no devices yet is not a finished one.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await runOf(runId)).status).toBe('paused');
    expect((await call('POST', `/api/devices/tasks/runs/${runId}/resume`)).statusCode).toBe(200);
    expect((await runOf(runId)).status).toBe('scheduled');
  });
});

import type { Hello, StatusChannelData } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/app';
import { deviceJobs, devices } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { createStatusRepository } from '@/modules/system/status/status.repository';
import { createStatusService } from '@/modules/system/status/status.service';
import { buildTestApp, type TestApp } from '@test/app';
import { createFakeGateway, insertDevice } from '@test/fake-gateway';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';
import { createDeviceJobsRepository } from './device-jobs.repository';
import { createDeviceJobsService, JOB_EXPIRY_SECONDS } from './device-jobs.service';

const gateway = createFakeGateway();
let t: TestApp;
let company: CompanyRow;
let session: TestSession;

const hello = (done_jobs: number[] = []): Hello => ({
  v: 1,
  model: 'RUT955',
  firmware: 'RUT9_R_00.07.06.1',
  agent: 'test',
  serial: 'NF000001',
  done_jobs,
});

beforeAll(async () => {
  // Behind an external broker (MQTT_URL), as several instances run: a device's messages may go
  // to another instance (see 'sends to a device online on another instance').
  t = await buildTestApp({ mqttUrl: 'mqtt://broker.test:1883' }, { deviceGateway: gateway });
  company = await createCompany(t.db);
  const user = await createUser(t.db, 'end_user', { company });
  session = await loginAs(t.app, user);
});
afterAll(() => t.close());

const post = (url: string, payload: object, as = session) =>
  t.app.inject({ method: 'POST', url, headers: as.headers, payload });

const readChannel = async (channel: string): Promise<StatusChannelData> => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/status/channel/${encodeURIComponent(channel)}`,
    headers: session.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: StatusChannelData }).data;
};
const statesOf = async (channel: string, deviceId: number) =>
  ((await readChannel(channel))[String(deviceId)] ?? []).map((update) => update.status);

const reboot = async (deviceIds: number[]) => {
  const response = await post('/api/devices/actions', { action: 'reboot', device_id: deviceIds });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { meta: { channel: string } }).meta.channel;
};
const jobsOf = (deviceId: number) =>
  t.db.select().from(deviceJobs).where(eq(deviceJobs.deviceId, deviceId));

describe('device actions', () => {
  it('answers a channel that already holds started per device, and sends to online devices', async () => {
    const online = await insertDevice(t.db, company);
    const offline = await insertDevice(t.db, company);
    gateway.online.add(online.id);

    const channel = await reboot([online.id, offline.id]);

    expect(await statesOf(channel, online.id)).toEqual(['started']);
    expect(await statesOf(channel, offline.id)).toEqual(['started']);
    const [sent] = gateway.commandsFor(online.id);
    expect(sent).toMatchObject({ type: 'reboot', args: {} });
    expect(gateway.commandsFor(offline.id)).toEqual([]);
    // Marking the handed-over job sent is not awaited by the request (dispatch in the service).
    await expect
      .poll(async () => (await jobsOf(online.id)).map((job) => job.status))
      .toEqual(['sent']);
    expect((await jobsOf(offline.id)).map((job) => job.status)).toEqual(['queued']);
  });

  it('sends to a device online on another instance, which this one never heard from', async () => {
    // Shared subscriptions may hand all of a device's messages to the other instance, which
    // stored it online.
    const elsewhere = await insertDevice(t.db, company);
    await t.db.update(devices).set({ status: 1 }).where(eq(devices.id, elsewhere.id));

    await reboot([elsewhere.id]);

    await expect.poll(() => gateway.commandsFor(elsewhere.id)).toHaveLength(1);
    await expect
      .poll(async () => (await jobsOf(elsewhere.id)).map((job) => job.status))
      .toEqual(['sent']);
  });

  it('reports received, progress and completed acks, and ignores acks after the end', async () => {
    const device = await insertDevice(t.db, company);
    gateway.online.add(device.id);
    const channel = await reboot([device.id]);
    const [command] = gateway.commandsFor(device.id);
    if (!command) throw new Error('no command sent');
    const id = command.id;

    await gateway.listener.ack(device.id, { id, status: 'received' });
    await gateway.listener.ack(device.id, {
      id,
      status: 'progress',
      progress: { value: 1, total: 2 },
    });
    await gateway.listener.ack(device.id, { id, status: 'completed', result: 'rebooting now' });
    await gateway.listener.ack(device.id, { id, status: 'failed', message: 'late' });

    const updates = (await readChannel(channel))[String(device.id)] ?? [];
    expect(updates.map((update) => update.status)).toEqual([
      'started',
      'progress',
      'progress',
      'completed',
    ]);
    expect(updates[2]?.progress).toEqual({ value: 1, total: 2 });
    expect(updates[3]?.value).toBe('rebooting now');
    const [job] = await jobsOf(device.id);
    expect(job).toMatchObject({ status: 'completed', result: 'rebooting now' });
  });

  it('applies acks that arrive together in order, per job and per device', async () => {
    const devices = [await insertDevice(t.db, company), await insertDevice(t.db, company)];
    for (const device of devices) gateway.online.add(device.id);
    const channel = await reboot(devices.map((device) => device.id));
    const idOf = (deviceId: number) => gateway.commandsFor(deviceId)[0]?.id ?? 0;
    const [a, b] = devices.map((device) => device.id) as [number, number];

    // Not awaited one by one: they share batches, and a job's later acks wait for its earlier.
    await Promise.all([
      gateway.listener.ack(a, { id: idOf(a), status: 'received' }),
      gateway.listener.ack(b, { id: idOf(b), status: 'received' }),
      gateway.listener.ack(a, {
        id: idOf(a),
        status: 'progress',
        progress: { value: 1, total: 2 },
      }),
      gateway.listener.ack(a, { id: idOf(a), status: 'completed', result: 'done' }),
      gateway.listener.ack(a, { id: idOf(b), status: 'completed' }),
      gateway.listener.ack(b, { id: idOf(b), status: 'failed', message: 'no power' }),
      gateway.listener.ack(a, { id: idOf(a), status: 'failed', message: 'late' }),
    ]);

    expect(await statesOf(channel, a)).toEqual(['started', 'progress', 'progress', 'completed']);
    expect(await statesOf(channel, b)).toEqual(['started', 'progress', 'error']);
    expect((await jobsOf(a))[0]).toMatchObject({ status: 'completed', result: 'done' });
    expect((await jobsOf(b))[0]).toMatchObject({ status: 'failed', message: 'no power' });
  });

  it('maps a rejection to an error update with its code', async () => {
    const device = await insertDevice(t.db, company);
    gateway.online.add(device.id);
    const channel = await reboot([device.id]);
    const [command] = gateway.commandsFor(device.id);
    await gateway.listener.ack(device.id, {
      id: command?.id ?? 0,
      status: 'rejected',
      message: 'reboot needs --allow-reboot',
    });
    const updates = (await readChannel(channel))[String(device.id)] ?? [];
    expect(updates.at(-1)).toMatchObject({
      status: 'error',
      errorcode: 'REJECTED',
      value: 'reboot needs --allow-reboot',
    });
  });

  it('ignores acks for another device’s job', async () => {
    const device = await insertDevice(t.db, company);
    const other = await insertDevice(t.db, company);
    gateway.online.add(device.id);
    const channel = await reboot([device.id]);
    const [command] = gateway.commandsFor(device.id);
    await gateway.listener.ack(other.id, { id: command?.id ?? 0, status: 'completed' });
    expect(await statesOf(channel, device.id)).toEqual(['started']);
  });

  it('gives an offline device its job when it is ready, and never re-runs done jobs', async () => {
    const device = await insertDevice(t.db, company);
    const first = await reboot([device.id]);
    const second = await post('/api/devices/actions', {
      action: 'update_metrics_data',
      device_id: device.id,
    });
    expect(gateway.commandsFor(device.id)).toEqual([]);
    const [rebootJob, metricsJob] = (await jobsOf(device.id)).sort((a, b) => a.id - b.id);
    if (!rebootJob || !metricsJob) throw new Error('jobs missing');

    gateway.online.add(device.id);
    await gateway.listener.devicesReady([{ deviceId: device.id, hello: hello([rebootJob.id]) }]);

    expect(gateway.commandsFor(device.id).map((command) => command.id)).toEqual([metricsJob.id]);
    expect(await statesOf(first, device.id)).toEqual(['started', 'completed']);
    const channel = (second.json() as { meta: { channel: string } }).meta.channel;
    expect(await statesOf(channel, device.id)).toEqual(['started']);
    const rows = await jobsOf(device.id);
    expect(rows.find((row) => row.id === rebootJob.id)?.status).toBe('completed');
    expect(rows.find((row) => row.id === metricsJob.id)?.status).toBe('sent');
  });

  it('runs a command as a job of type command', async () => {
    const device = await insertDevice(t.db, company);
    gateway.online.add(device.id);
    const response = await post(`/api/devices/${device.id}/command`, { command: 'uptime' });
    expect(response.statusCode, response.body).toBe(200);
    expect(gateway.commandsFor(device.id)).toMatchObject([
      { type: 'command', args: { command: 'uptime' } },
    ]);
  });

  it('cancels a queued action, but not a finished one', async () => {
    const device = await insertDevice(t.db, company);
    const channel = await reboot([device.id]);
    const [job] = await jobsOf(device.id);
    const payload = { device_id: [device.id], job_id: [job?.id] };
    const cancelled = await post('/api/devices/actions/cancel', payload);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await statesOf(channel, device.id)).toEqual(['started', 'error']);
    // The answer's own channel says per device how many actions went.
    const answer = (cancelled.json() as { meta: { channel: string } }).meta.channel;
    expect((await readChannel(answer))[String(device.id)]).toMatchObject([
      { status: 'completed', value: '1 cancelled' },
    ]);
    const again = await post('/api/devices/actions/cancel', payload);
    expect(again.statusCode).toBe(409);
  });

  it('cancels every action of a device not started yet with device_id alone', async () => {
    const device = await insertDevice(t.db, company);
    await reboot([device.id]);
    await reboot([device.id]);
    const response = await post('/api/devices/actions/cancel', { device_id: [device.id] });
    expect(response.statusCode, response.body).toBe(200);
    expect((await jobsOf(device.id)).map((job) => job.status)).toEqual(['cancelled', 'cancelled']);
    const none = await post('/api/devices/actions/cancel', { device_id: [device.id] });
    expect(none.statusCode).toBe(404);
    expect((await post('/api/devices/actions/cancel', {})).statusCode).toBe(422);
  });

  it('accepts RMS actions the protocol cannot carry, answering UNSUPPORTED per device', async () => {
    const device = await insertDevice(t.db, company);
    gateway.online.add(device.id);
    const response = await post('/api/devices/actions', {
      action: 'download_eventslog',
      device_id: [device.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    const channel = (response.json() as { meta: { channel: string } }).meta.channel;
    expect((await readChannel(channel))[String(device.id)]).toMatchObject([
      { status: 'error', errorcode: 'UNSUPPORTED' },
    ]);
    expect(await jobsOf(device.id)).toEqual([]);
    expect(gateway.commandsFor(device.id)).toEqual([]);
  });

  it('lists job history of the caller’s devices, filtered by device', async () => {
    const device = await insertDevice(t.db, company, { name: 'history device' });
    await reboot([device.id]);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/devices/actions/logs?device_id=${device.id}`,
      headers: session.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      meta: { total: 1 },
      data: [
        {
          device_id: device.id,
          device_name: 'history device',
          device_serial: device.serial,
          type: 'reboot',
          action_name: 'reboot',
          request_target_state: 'queued',
          events: [{ action: 'queued', message: 'reboot queued' }],
          action_tag_id: null,
        },
      ],
    });
    const [job] = (response.json() as { data: { id: number; scheduler_id: string }[] }).data;
    expect(job?.scheduler_id).toBe(String(job?.id));
  });
});

describe('company scope', () => {
  it('refuses devices of another company per item, naming nothing of them', async () => {
    const own = await insertDevice(t.db, company);
    const other = await createCompany(t.db);
    const foreign = await insertDevice(t.db, other, { name: 'secret foreign router' });

    const mixed = await post('/api/devices/actions', {
      action: 'reboot',
      device_id: [own.id, foreign.id],
    });
    expect(mixed.statusCode).toBe(207);
    expect(mixed.json()).toMatchObject({
      errors: [{ code: 'NOT_FOUND', source: String(foreign.id) }],
    });
    const only = await post('/api/devices/actions', { action: 'reboot', device_id: [foreign.id] });
    expect(only.statusCode).toBe(404);
    const command = await post(`/api/devices/${foreign.id}/command`, { command: 'uptime' });
    expect(command.statusCode).toBe(404);
    for (const response of [mixed, only, command]) {
      expect(response.body).not.toContain('secret foreign router');
    }
    expect(await jobsOf(foreign.id)).toEqual([]);
  });
});

describe('durability', () => {
  it('times out expired jobs once, even with two instances sweeping', async () => {
    const device = await insertDevice(t.db, company);
    const channel = await reboot([device.id]);
    const later = new Date(Date.now() + (JOB_EXPIRY_SECONDS.action + 60) * 1000);
    const instance = () =>
      createDeviceJobsService({
        jobsRepository: createDeviceJobsRepository(t.db),
        status: createStatusService({
          statusRepository: createStatusRepository(t.db),
          publisher: t.app.publisher,
          webhooks: { enqueue: async () => {}, enqueueMany: async () => {} },
          now: () => later,
        }),
        link: gateway.link,
        presence: { onlineAmong: async () => new Set<number>() },
        now: () => later,
        log: { warn: () => {} },
      });

    await Promise.all([instance().sweep(), instance().sweep()]);

    const [job] = await jobsOf(device.id);
    expect(job?.status).toBe('timeout');
    const updates = (await readChannel(channel))[String(device.id)] ?? [];
    expect(updates.map((update) => update.status)).toEqual(['started', 'error']);
    expect(updates[1]?.errorcode).toBe('TIMEOUT');
    // An expired job is not sent when the device comes back.
    gateway.online.add(device.id);
    await instance().devicesReady([{ deviceId: device.id, hello: hello() }]);
    expect(gateway.commandsFor(device.id)).toEqual([]);
  });

  it('sends each device of a batch of hellos its own open jobs', async () => {
    const [a, b, idle] = await Promise.all([1, 2, 3].map(() => insertDevice(t.db, company)));
    if (!a || !b || !idle) throw new Error('devices missing');
    await reboot([a.id, b.id]);
    for (const device of [a, b, idle]) gateway.online.add(device.id);
    await gateway.listener.devicesReady(
      [a, b, idle, a].map((device) => ({ deviceId: device.id, hello: hello() })),
    );
    // One hello or two from the same device: its job goes once.
    expect(gateway.commandsFor(a.id)).toEqual([expect.objectContaining({ type: 'reboot' })]);
    expect(gateway.commandsFor(b.id)).toEqual([expect.objectContaining({ type: 'reboot' })]);
    expect(gateway.commandsFor(idle.id)).toEqual([]);
  });

  it('resends open jobs from a new instance on the same database (a restart)', async () => {
    const device = await insertDevice(t.db, company);
    const channel = await reboot([device.id]);
    const restarted = createFakeGateway();
    const app = await buildApp({
      config: t.config,
      db: t.db,
      jwtSecret: t.jwtSecret,
      logger: false,
      deviceGateway: restarted,
    });
    await app.ready();
    try {
      restarted.online.add(device.id);
      await restarted.listener.devicesReady([{ deviceId: device.id, hello: hello() }]);
      const [command] = restarted.commandsFor(device.id);
      expect(command).toMatchObject({ type: 'reboot' });
      await restarted.listener.ack(device.id, { id: command?.id ?? 0, status: 'completed' });
      expect(await statesOf(channel, device.id)).toEqual(['started', 'completed']);
    } finally {
      await app.close();
    }
  });
});

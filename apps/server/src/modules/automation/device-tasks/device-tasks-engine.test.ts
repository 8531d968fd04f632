import { SECRET_VALUE_MASK } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deviceJobs, devices, deviceTags, files } from '@/db/schema';
import { createDeviceJobsRepository } from '@/modules/fleet/device-jobs/device-jobs.repository';
import { eventually } from '@test/eventually';
import { insertDevice } from '@test/fake-gateway';
import { reboot, uptime, useTaskWorld } from './device-tasks.fixtures';
import { createTaskEngine } from './task-engine';
import { createTaskEngineRepository } from './task-engine.repository';

// Firmware steps and the engine's durability.
const { w, call, createTag, createGroup, execute, runOf, taskLogs, nextCommand } = useTaskWorld();

describe('firmware steps', () => {
  const insertFile = async (type: 'firmware' | 'config', deviceModel: string | null) => {
    const [file] = await w.t.db
      .insert(files)
      .values({
        companyId: w.company.id,
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
    const rut955 = await insertDevice(w.t.db, w.company, { model: 'RUT955' });
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
    const rutx11 = await insertDevice(w.t.db, w.company, { model: 'RUTX11' });
    await w.t.db.insert(deviceTags).values([
      { deviceId: rut955.id, tagId: tag.id },
      { deviceId: rutx11.id, tagId: tag.id },
    ]);
    w.gateway.online.add(rut955.id).add(rutx11.id);
    const { run_id: runId } = await execute(groupId, { tag_id: [tag.id] });
    const sent = await nextCommand(rutx11.id, 'firmware_update');
    expect(sent.args).toMatchObject({ keep_settings: false, sha256: 'b'.repeat(64) });
    await eventually(async () => {
      const [log] = await taskLogs(runId, rut955.id);
      expect(log).toMatchObject({
        status: 'failed',
        message: 'The firmware file is for RUTX, not RUT955',
      });
    });
    expect(w.gateway.commandsFor(rut955.id)).toEqual([]);
  });
});

describe('configuration steps', () => {
  it('applies a template to the devices in its range, and fails the others unsent', async () => {
    const missing = await call('POST', '/api/devices/tasks/groups', {
      name: 'No template',
      tasks: [
        {
          name: 'Apply',
          order: 0,
          timeout: 60,
          action: 'config_apply',
          data: { template_id: 999_999 },
        },
      ],
    });
    expect(missing.json().errors[0]).toMatchObject({ source: 'tasks.0.data.template_id' });

    const template = await call('POST', '/api/devices/configurator/templates', {
      company_id: w.company.id,
      name: 'Task template',
      version: '1.0.0',
      min_firmware: '07.04',
      template: [{ path: '/system/system', method: 'put', request_data: { hostname: 'edge' } }],
    });
    expect(template.statusCode, template.body).toBe(201);
    const templateId = (template.json() as { data: { id: number } }).data.id;
    const groupId = await createGroup([
      {
        name: 'Apply',
        order: 0,
        timeout: 60,
        action: 'config_apply',
        data: { template_id: templateId },
      },
    ]);
    const fits = await insertDevice(w.t.db, w.company, { firmware: 'RUT9_R_00.07.06.1' });
    const old = await insertDevice(w.t.db, w.company, { firmware: 'RUT9_R_00.07.02' });
    w.gateway.online.add(fits.id).add(old.id);
    const { run_id: runId } = await execute(groupId, { device_id: [fits.id, old.id] });
    const sent = await nextCommand(fits.id, 'config_set');
    expect(sent.args).toMatchObject({ requests: [{ path: '/system/system', method: 'put' }] });
    await eventually(async () => {
      const [log] = await taskLogs(runId, old.id);
      expect(log).toMatchObject({
        status: 'failed',
        message: 'The device runs RUT9_R_00.07.02; the template needs 07.04 or later',
      });
    });
    expect(w.gateway.commandsFor(old.id)).toEqual([]);
  });
});

describe('configuration steps with secrets', () => {
  it('logs the device’s answer with the Wi-Fi key masked', async () => {
    const key = 'task-wifi-key-4821';
    const template = await call('POST', '/api/devices/configurator/templates', {
      company_id: w.company.id,
      name: 'Wi-Fi key',
      version: '1.0.0',
      template: [{ path: '/wireless/default_radio0', method: 'put', request_data: { key } }],
    });
    expect(template.statusCode, template.body).toBe(201);
    const templateId = (template.json() as { data: { id: number } }).data.id;
    const groupId = await createGroup([
      {
        name: 'Key',
        order: 0,
        timeout: 60,
        action: 'config_apply',
        data: { template_id: templateId },
      },
    ]);
    const device = await insertDevice(w.t.db, w.company, { firmware: 'RUT9_R_00.07.06.1' });
    w.gateway.online.add(device.id);
    const { run_id: runId } = await execute(groupId, { device_id: [device.id] });
    const sent = await nextCommand(device.id, 'config_set');
    // The device gets the key itself, and answers with it before and after.
    expect(JSON.stringify(sent.args)).toContain(key);
    const section = { '.type': 'wifi-iface', ssid: 'Office', encryption: 'psk2' };
    await w.gateway.listener.ack(device.id, {
      id: sent.id,
      status: 'completed',
      result: JSON.stringify({
        results: [
          {
            path: '/wireless/default_radio0',
            method: 'put',
            code: 200,
            before: { ...section, key: 'old-key-1' },
            after: { ...section, key },
          },
        ],
      }),
    });
    await eventually(async () => {
      const [log] = await taskLogs(runId, device.id);
      expect(log?.status).toBe('completed');
    });
    const logs = await call(
      'GET',
      `/api/devices/tasks/logs?run_id=${runId}&device_id=${device.id}`,
    );
    expect(logs.body).toContain(SECRET_VALUE_MASK);
    expect(logs.body).not.toContain(key);
    expect(logs.body).not.toContain('old-key-1');
  });
});

describe('monitoring steps', () => {
  it('sets the template’s periods and pushes them, without a device job, then goes on', async () => {
    const created = await call('POST', '/api/monitoring-templates', {
      company_id: w.company.id,
      name: 'Slow GPS',
      parameters: [
        { key: 'dynamic', period: 3600, enabled: true },
        { key: 'gps', period: 600, enabled: true },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const templateId = (created.json() as { data: { id: number } }).data.id;
    const step = { name: 'Monitoring', order: 0, timeout: 60, action: 'monitoring_change' };
    const groupId = await createGroup([
      { ...step, data: { monitoring_template_id: templateId } },
      { ...uptime, order: 1 },
    ]);
    const gps = await insertDevice(w.t.db, w.company, { model: 'RUT955' });
    const noGps = await insertDevice(w.t.db, w.company, { model: 'RUT240' });
    w.gateway.online.add(gps.id).add(noGps.id);
    const { run_id: runId } = await execute(groupId, { device_id: [gps.id, noGps.id] });
    // The next step goes out at once: the monitoring step waited for nothing.
    await nextCommand(gps.id, 'command');
    const [log] = await taskLogs(runId, gps.id);
    expect(log).toMatchObject({ status: 'completed', message: 'Monitoring periods updated' });
    const [row] = await w.t.db.select().from(devices).where(eq(devices.id, gps.id));
    expect([row?.dynamicMonitoring, row?.gpsMonitoring]).toEqual([3600, 600]);
    const pushed = w.gateway.configs.filter((sent) => sent.deviceId === gps.id).at(-1);
    expect(pushed?.config.periods).toMatchObject({ dynamic: 3600, gps: 600 });
    await eventually(async () => {
      const [refused] = await taskLogs(runId, noGps.id);
      expect(refused).toMatchObject({
        status: 'failed',
        message: 'The device does not support GPS monitoring',
      });
    });
  });

  it('refuses a monitoring template the caller cannot see', async () => {
    const response = await call('POST', '/api/devices/tasks/groups', {
      name: 'Unknown monitoring',
      tasks: [
        {
          name: 'M',
          order: 0,
          timeout: 60,
          action: 'monitoring_change',
          data: { monitoring_template_id: 999_999 },
        },
      ],
    });
    expect(response.json().errors[0]).toMatchObject({
      source: 'tasks.0.data.monitoring_template_id',
    });
  });
});

describe('the engine after a crash', () => {
  it('moves each step once when two engines (or a restarted one) pick up the same rows', async () => {
    const groupId = await createGroup([reboot, uptime]);
    const device = await insertDevice(w.t.db, w.company);
    const { run_id: runId } = await execute(groupId, { device_id: [device.id] });
    await eventually(async () => expect((await runOf(runId)).counts.running).toBe(1));
    // The first step's job ends while no engine hears of it, as if the server had died.
    await w.t.db
      .update(deviceJobs)
      .set({ status: 'completed', finishedAt: new Date() })
      .where(eq(deviceJobs.deviceId, device.id));

    const engines = [0, 1].map(() =>
      createTaskEngine({
        db: w.t.db,
        engine: createTaskEngineRepository(w.t.db),
        jobsRepository: createDeviceJobsRepository(w.t.db),
        jobs: { dispatch: async () => {} },
        monitoring: {
          apply: () => Promise.reject(new Error('no monitoring step')),
          push: async () => {},
        },
        passwords: {
          generate: () => 'unused',
          record: () => Promise.reject(new Error('no password step')),
        },
        status: { publishMany: async () => {}, open: async () => 'channel' },
        links: { firmware: () => ({}), backup: () => ({}), deviceFile: () => ({}) },
        now: () => new Date(),
        log: { warn: () => {}, error: (...args: unknown[]) => console.error(...args) },
      }),
    );
    await Promise.all(engines.map((engine) => engine.poke()));
    await Promise.all(engines.map((engine) => engine.poke()));

    const jobs = await w.t.db.select().from(deviceJobs).where(eq(deviceJobs.deviceId, device.id));
    expect(jobs.map((job) => job.type).sort()).toEqual(['command', 'reboot']);
    expect((await taskLogs(runId, device.id)).map((log) => [log.name, log.status])).toEqual([
      ['Reboot', 'completed'],
      ['Uptime', 'running'],
    ]);
  });

  it('sends only jobs still queued: one cancelled or sent since it was stored stays back', async () => {
    const devices = await Promise.all([1, 2, 3].map(() => insertDevice(w.t.db, w.company)));
    const stored = await createDeviceJobsRepository(w.t.db).insert(
      devices.map((device) => ({
        deviceId: device.id,
        userId: null,
        channel: null,
        type: 'reboot',
        args: {},
        expiresAt: new Date(Date.now() + 60_000),
      })),
    );
    const [cancelled, sent, queued] = stored.map((job) => job.id);
    await w.t.db
      .update(deviceJobs)
      .set({ status: 'cancelled' })
      .where(eq(deviceJobs.id, cancelled ?? 0));
    await w.t.db
      .update(deviceJobs)
      .set({ status: 'sent' })
      .where(eq(deviceJobs.id, sent ?? 0));
    const still = await createTaskEngineRepository(w.t.db).stillQueued(stored.map((job) => job.id));
    expect([...still]).toEqual([queued]);
  });
});

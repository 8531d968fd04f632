import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  type BackupComparison,
  BACKUP_UPLOAD_HEADERS,
  backupEntriesOf,
  type DeviceConfig,
  type FileInfo,
  writeTar,
} from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '@/db/types';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '@test/app';
import { createFakeGateway, insertDevice } from '@test/fake-gateway';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';

const gateway = createFakeGateway();
let t: TestApp;
let dataDir: string;
let company: CompanyRow;
let session: TestSession;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'nf-backups-'));
  t = await buildTestApp({ dataDir }, { deviceGateway: gateway });
  company = await createCompany(t.db);
  session = await loginAs(t.app, await createUser(t.db, 'admin', { company }));
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const config: DeviceConfig = {
  network: { lan: { '.type': 'interface', proto: 'static', ipaddr: '192.168.1.1' } },
  system: { system: { '.type': 'system', hostname: 'edge' } },
};
const backupOf = (store: DeviceConfig) => gzipSync(writeTar(backupEntriesOf(store)));

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });

/** The device side: PUT the backup to the job's link, as the agent does. */
const put = (uploadUrl: string, body: Buffer) =>
  t.app.inject({
    method: 'PUT',
    url: uploadUrl.slice(TEST_PUBLIC_URL.length),
    headers: BACKUP_UPLOAD_HEADERS,
    payload: body,
  });

/** Asks the device for a backup; returns the job the device got. */
const exportBackup = async (deviceId: number) => {
  gateway.online.add(deviceId);
  const response = await call('POST', '/api/devices/actions', {
    action: 'download_backup',
    device_id: [deviceId],
  });
  expect(response.statusCode, response.body).toBe(200);
  const command = gateway
    .commandsFor(deviceId)
    .filter((c) => c.type === 'backup_export')
    .at(-1);
  if (!command) throw new Error('no backup_export sent');
  return { id: command.id, uploadUrl: String(command.args.upload_url) };
};

describe('device backups', () => {
  it('takes the backup a device uploads as a config file of its company, once', async () => {
    const device = await insertDevice(t.db, company, { name: 'Edge router', model: 'RUTX11' });
    const job = await exportBackup(device.id);
    const uploaded = await put(job.uploadUrl, backupOf(config));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const answer = uploaded.json() as { file_id: number; name: string };
    expect(answer.name).toMatch(/^RUTX11_NF\d+_\d{8}-\d{6}\.tar\.gz$/);
    const file = (await call('GET', `/api/files/${answer.file_id}`)).json() as { data: FileInfo };
    expect(file.data).toMatchObject({
      type: 'config',
      device_id: device.id,
      device_model: 'RUTX11',
      company_id: company.id,
      description: 'Backup of Edge router',
    });
    expect((await put(job.uploadUrl, backupOf(config))).statusCode).toBe(409);
    // The link is the device's alone: job history does not show it.
    const history = (
      await call('GET', `/api/devices/actions/logs?device_id=${device.id}`)
    ).json() as {
      data: { args: Record<string, unknown> }[];
    };
    expect(history.data[0]?.args).toMatchObject({ upload_url: '[signed link]', nonce: '[hidden]' });

    await gateway.listener.ack(device.id, {
      id: job.id,
      status: 'completed',
      result: uploaded.body,
    });
    // The job is done: its link takes nothing more.
    expect((await put(job.uploadUrl, backupOf(config))).statusCode).toBe(404);
  });

  it('refuses a forged or expired link and what is not a backup', async () => {
    const device = await insertDevice(t.db, company);
    const job = await exportBackup(device.id);
    const forged = job.uploadUrl.replace(/signature=[0-9a-f]{4}/, 'signature=0000');
    expect((await put(forged, backupOf(config))).statusCode).toBe(403);
    const other = job.uploadUrl.replace(`device_id=${device.id}`, `device_id=${device.id + 1}`);
    expect((await put(other, backupOf(config))).statusCode).toBe(403);
    const notGzip = await put(job.uploadUrl, Buffer.from('hello'));
    expect(notGzip.statusCode).toBe(422);
    expect(notGzip.json()).toMatchObject({ errors: [{ message: /not a backup/ }] });
    const garbage = await put(job.uploadUrl, gzipSync(Buffer.alloc(2048, 7)));
    expect(garbage.statusCode).toBe(422);
  });

  it('compares two backups option by option, and restores one through an update', async () => {
    const device = await insertDevice(t.db, company);
    const first = await exportBackup(device.id);
    const a = (await put(first.uploadUrl, backupOf(config))).json() as { file_id: number };
    await gateway.listener.ack(device.id, { id: first.id, status: 'completed' });
    const changed = structuredClone(config);
    if (changed.system?.system) changed.system.system.hostname = 'core';
    const second = await exportBackup(device.id);
    const b = (await put(second.uploadUrl, backupOf(changed))).json() as { file_id: number };

    const comparison = await call(
      'GET',
      `/api/files/backups/compare?a=${a.file_id}&b=${b.file_id}`,
    );
    expect(comparison.statusCode, comparison.body).toBe(200);
    expect((comparison.json() as { data: BackupComparison }).data).toEqual({
      changes: [{ path: '/system/system', option: 'hostname', before: 'edge', after: 'core' }],
      files: [{ path: 'etc/config/system', change: 'changed', before: 47, after: 47 }],
    });

    const restore = await call('POST', '/api/devices/updates/set', {
      data: [{ id: device.id, action: 'upload_backup', file_id: a.file_id }],
    });
    expect(restore.statusCode, restore.body).toBe(200);
    const sent = gateway.commandsFor(device.id).find((c) => c.type === 'backup_restore');
    expect(sent?.args).toMatchObject({
      file_id: a.file_id,
      url: expect.stringContaining('/device-download?'),
    });
    const pending = (
      await call('GET', `/api/devices/updates/pending?device_id=${device.id}`)
    ).json() as {
      data: { job_type: number }[];
    };
    expect(pending.data.map((job) => job.job_type)).toEqual([2]);
    const firmwareOnly = await call(
      'GET',
      `/api/devices/updates/pending?device_id=${device.id}&job_type=1`,
    );
    expect((firmwareOnly.json() as { data: unknown[] }).data).toEqual([]);
    expect((await call('GET', '/api/devices/updates/pending?job_type=3')).statusCode).toBe(400);
    const again = await call('POST', '/api/devices/updates/set', {
      data: [{ id: device.id, action: 'update_firmware', file_id: a.file_id }],
    });
    expect(again.json()).toMatchObject({
      errors: [{ message: 'The file is not a firmware file' }],
    });
  });
});

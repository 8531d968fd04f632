import { DEVICE_FILE_UPLOAD_HEADERS, type FileInfo } from '@netfleet/contracts';
import { describe, expect, it } from 'vitest';
import { eventually } from '@test/eventually';
import { TEST_PUBLIC_URL } from '@test/app';
import { insertDevice } from '@test/fake-gateway';
import { multipartBody } from '@test/multipart';
import { useTaskWorld } from './device-tasks.fixtures';

// upload_file and download_file steps: a file of Files written to the device (`file_put`), and a
// device's file brought into Files (`file_get`, uploaded to its signed link).
const { w, call, createGroup, execute, taskLogs, nextCommand } = useTaskWorld();
const relative = (url: string) => url.slice(TEST_PUBLIC_URL.length);

describe('file steps', () => {
  it('refuses a step without its path', async () => {
    const response = await call('POST', '/api/devices/tasks/groups', {
      name: 'No path',
      tasks: [
        { name: 'Get', order: 0, timeout: 60, action: 'download_file', data: { file: 'etc' } },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({ source: 'tasks.0.data.file' });
  });

  it('brings a device file into Files once, through its signed link', async () => {
    const device = await insertDevice(w.t.db, w.company);
    w.gateway.online.add(device.id);
    const groupId = await createGroup([
      {
        name: 'Get',
        order: 0,
        timeout: 60,
        action: 'download_file',
        data: { file: '/etc/config/network' },
      },
    ]);
    const { run_id: runId } = await execute(groupId, { device_id: [device.id] });
    const sent = await nextCommand(device.id, 'file_get');
    expect(sent.args).toMatchObject({ path: '/etc/config/network' });
    const url = relative(String(sent.args.upload_url));
    const put = (target: string, payload: Buffer) =>
      w.t.app.inject({ method: 'PUT', url: target, headers: DEVICE_FILE_UPLOAD_HEADERS, payload });

    const forged = await put(url.replace(/signature=[0-9a-f]+/, 'signature=00'), Buffer.from('x'));
    expect(forged.statusCode).toBe(403);
    const content = Buffer.from("config interface 'lan'\n\toption proto 'static'\n");
    const uploaded = await put(url, content);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const answer = uploaded.json() as { file_id: number; name: string; size: number };
    expect(answer).toMatchObject({ name: `${device.serial}_network`, size: content.length });
    expect((await put(url, content)).statusCode).toBe(409);

    const file = (await call('GET', `/api/files/${answer.file_id}`)).json() as { data: FileInfo };
    expect(file.data).toMatchObject({ type: 'custom_file', device_id: device.id });
    const download = await call('GET', `/api/files/${answer.file_id}/download`);
    expect(download.rawPayload.equals(content)).toBe(true);

    await w.gateway.listener.ack(device.id, {
      id: sent.id,
      status: 'completed',
      message: 'File uploaded',
      result: uploaded.body,
    });
    await eventually(async () => {
      expect((await taskLogs(runId, device.id))[0]).toMatchObject({ status: 'completed' });
    });
  });

  it('writes a file of Files to the device, into a directory under its own name', async () => {
    const { payload, contentType } = multipartBody(
      { type: 'custom_file', description: 'certificate', company_id: String(w.company.id) },
      { name: 'ca.pem', content: Buffer.from('-----BEGIN CERTIFICATE-----\n') },
    );
    const created = await w.t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...w.session.headers, 'content-type': contentType },
      payload,
    });
    expect(created.statusCode, created.body).toBe(200);
    const fileId = (created.json() as { data: FileInfo }).data.id;
    const device = await insertDevice(w.t.db, w.company);
    w.gateway.online.add(device.id);
    const groupId = await createGroup([
      {
        name: 'Put',
        order: 0,
        timeout: 60,
        action: 'upload_file',
        data: { file_id: fileId, target_path: '/etc/ssl/' },
      },
    ]);
    await execute(groupId, { device_id: [device.id] });
    const sent = await nextCommand(device.id, 'file_put');
    expect(sent.args).toMatchObject({ path: '/etc/ssl/ca.pem', name: 'ca.pem', size: 28 });
    const download = await w.t.app.inject({ method: 'GET', url: relative(String(sent.args.url)) });
    expect(download.statusCode).toBe(200);
  });
});

import {
  type CommandMessage,
  commandMessageSchema,
  PROTOCOL_VERSION,
  type StatusChannelData,
  topics,
} from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildDeviceTestApp,
  connectDevice,
  createPendingDevice,
  type DeviceTestApp,
  enrol,
  waitFor,
} from '@test/devices';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';

let t: DeviceTestApp;
let session: TestSession;
let companyId: number;

beforeAll(async () => {
  t = await buildDeviceTestApp();
  const company = await createCompany(t.db);
  companyId = company.id;
  session = await loginAs(t.app, await createUser(t.db, 'end_user', { company }));
});
afterAll(() => t.close());

const channelOf = async (channel: string, deviceId: number) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/status/channel/${encodeURIComponent(channel)}`,
    headers: session.headers,
  });
  return ((response.json() as { data: StatusChannelData }).data[String(deviceId)] ?? []).map(
    (update) => update.status,
  );
};

describe('device jobs through the embedded broker', () => {
  it('a real MQTT device receives a reboot, acks it, and the channel shows its progress', async () => {
    const pending = await createPendingDevice(t.db, { companyId });
    const answer = await enrol(t.mqttUrl, pending);
    if (!answer.ok) throw new Error('enrolment refused');
    const device = await connectDevice(t.mqttUrl, {
      deviceId: answer.device_id,
      username: answer.username,
      password: answer.password,
    });
    try {
      const commands: CommandMessage[] = [];
      device.on('message', (topic, payload) => {
        if (topic === topics.command(pending.id)) {
          commands.push(commandMessageSchema.parse(JSON.parse(payload.toString())));
        }
      });
      await device.subscribeAsync(topics.command(pending.id), { qos: 1 });
      await device.publishAsync(
        topics.hello(pending.id),
        JSON.stringify({
          v: PROTOCOL_VERSION,
          model: 'RUT955',
          firmware: 'RUT9_R_00.07.06.1',
          agent: 'test',
          serial: pending.serial,
        }),
        { qos: 1 },
      );
      await waitFor(() => t.gateway.link.isOnline(pending.id));

      const response = await t.app.inject({
        method: 'POST',
        url: '/api/devices/actions',
        headers: session.headers,
        payload: { action: 'reboot', device_id: [pending.id] },
      });
      expect(response.statusCode, response.body).toBe(200);
      const { channel } = (response.json() as { meta: { channel: string } }).meta;
      await waitFor(() => commands.length > 0);
      const [command] = commands;
      expect(command?.type).toBe('reboot');

      const ack = (body: object) =>
        device.publishAsync(topics.ack(pending.id), JSON.stringify({ id: command?.id, ...body }), {
          qos: 1,
        });
      await ack({ status: 'received' });
      await ack({ status: 'progress', progress: { value: 1, total: 2 } });
      await ack({ status: 'completed', result: 'rebooting' });

      await waitFor(async () => (await channelOf(channel, pending.id)).length === 4);
      expect(await channelOf(channel, pending.id)).toEqual([
        'started',
        'progress',
        'progress',
        'completed',
      ]);
    } finally {
      await device.endAsync();
    }
  });
});

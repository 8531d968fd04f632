import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ackMessageSchema, topics, vpnTelemetrySchema } from '@netfleet/contracts';
import { DeviceSession } from './device-session.ts';
import { runSimCommand } from './sim/sim-commands.ts';
import { SimDevice } from './sim/sim-device.ts';
import { simReading } from './sim/sim-readings.ts';
import { SIM_VPN_APPLY_MS, SIM_VPN_CONNECT_MS, supportsVpnHubs } from './sim/sim-vpn.ts';
import { TestBroker, waitFor } from './testing/test-broker.ts';

// VPN hub clients over MQTT: a simulated RUT240 on 07.06 (index 60) with a real broker. The clock
// is fake but moves on with real time, so the connection works and the tunnel's connect time
// can be skipped.

let broker: TestBroker;
let session: DeviceSession | null;

beforeEach(async () => {
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  broker = await TestBroker.start();
  session = null;
});
afterEach(async () => {
  await session?.stop();
  await broker.close();
  vi.useRealTimers();
});

const vpnReadings = (id: number) =>
  broker
    .on(topics.telemetry(id, 'vpn'))
    .map((m) => vpnTelemetrySchema.parse((m as { data: unknown }).data));
const finalAck = (id: number, job: number) =>
  broker
    .on(topics.ack(id))
    .map((a) => ackMessageSchema.parse(a))
    .find((a) => a.id === job && a.status !== 'received');
const join = (job: number, hubId: number) => ({
  id: job,
  type: 'vpn_join',
  args: {
    hub_id: hubId,
    common_name: `d-${hubId}`,
    profile: 'client\ndev tun\nremote hub.example.com 1194\n',
    forward: { lan: false, wan: false },
    lans: [],
  },
  expires_at: Date.now() + 60_000,
});

describe('VPN hub clients on a device session', () => {
  it('sends a vpn reading at the join and once the tunnel is up, when vpn is monitored', async () => {
    const credential = broker.addDevice();
    const id = credential.device_id;
    const device = new SimDevice(60, 42);
    expect(supportsVpnHubs(device)).toBe(true);
    session = new DeviceSession({
      mqttUrl: broker.url,
      credential,
      agent: 'test/1',
      keepalive: 0,
      behaviour: {
        identity: () => device.identity(),
        uptime: () => device.uptime(),
        read: (category) => simReading(device, category),
        execute: (command, context) => runSimCommand(device, command, context, { rebootMs: 100 }),
      },
    });
    session.start();
    await waitFor(() => broker.on(topics.hello(id)).length > 0);
    await broker.publish(topics.config(id), { periods: { vpn: 300 } });
    await waitFor(() => vpnReadings(id).length === 1);
    expect(vpnReadings(id)[0]?.openvpn).toBeUndefined();

    await broker.publish(topics.command(id), join(51, 3));
    await vi.advanceTimersByTimeAsync(SIM_VPN_APPLY_MS.max);
    await waitFor(() => finalAck(id, 51));
    expect(finalAck(id, 51)).toMatchObject({ status: 'completed' });
    await waitFor(() => vpnReadings(id).length === 2);
    expect(vpnReadings(id)[1]?.openvpn).toEqual([
      expect.objectContaining({ hub_id: 3, status: 'connecting' }),
    ]);

    await vi.advanceTimersByTimeAsync(SIM_VPN_CONNECT_MS.max);
    await waitFor(() => vpnReadings(id).length === 3);
    expect(vpnReadings(id)[2]?.openvpn).toEqual([
      expect.objectContaining({ hub_id: 3, status: 'connected', ip: expect.any(String) }),
    ]);

    // With vpn monitoring off, a change sends nothing out of period.
    await broker.publish(topics.config(id), { periods: { vpn: 0 } });
    await broker.publish(topics.command(id), join(52, 4));
    await vi.advanceTimersByTimeAsync(SIM_VPN_APPLY_MS.max + SIM_VPN_CONNECT_MS.max);
    await waitFor(() => finalAck(id, 52));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(vpnReadings(id)).toHaveLength(3);
  });
});

import { ERROR_CODES } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '@/db/schema';
import { buildRemoteWorld, type RemoteWorld } from './remote-access.fixtures';

/**
 * A device whose state and hello went to another instance: this one never heard from it, and
 * only its row (written by that instance's liveness flush) says it is online.
 */
const connectedElsewhere = async (w: RemoteWorld, status: 0 | 1 = 1) => {
  w.gateway.online.delete(w.device.id);
  await w.t.db.update(devices).set({ status }).where(eq(devices.id, w.device.id));
};

const webUi = (w: RemoteWorld) =>
  w.call(w.sessions.manager, 'POST', `/api/devices/${w.device.id}/connect/webui`, {
    duration: 300,
  });

/** The first update of the channel the answer names, for `item`. */
const firstUpdate = async (w: RemoteWorld, body: string, item: number) => {
  const { channel } = (JSON.parse(body) as { meta: { channel: string } }).meta;
  return (await w.readChannel(w.sessions.manager, channel))[String(item)]?.[0];
};

describe('remote access behind an external broker, the device connected to another instance', () => {
  let w: RemoteWorld;
  beforeAll(async () => {
    w = await buildRemoteWorld({ mqttUrl: 'mqtt://broker.test:1883' });
    await connectedElsewhere(w);
  });
  afterAll(() => w.t.close());

  it('opens a session (201)', async () => {
    const response = await webUi(w);
    expect(response.statusCode, response.body).toBe(201);
  });

  it('reports the rule and the check online', async () => {
    const rule = await w.createRule(w.sessions.manager, w.device.id);
    const status = await w.call(w.sessions.manager, 'POST', '/api/devices/connect/status', {
      id: [rule],
    });
    expect(status.statusCode, status.body).toBe(200);
    expect(await firstUpdate(w, status.body, rule)).toMatchObject({ value: 'online' });
    const check = await w.call(
      w.sessions.manager,
      'POST',
      `/api/devices/${w.device.id}/remote-access/check`,
    );
    expect(await firstUpdate(w, check.body, w.device.id)).toMatchObject({
      status: 'completed',
      value: 'Device is online',
    });
  });

  it('asks the device for its LAN hosts through the shared broker', async () => {
    const response = await w.call(
      w.sessions.manager,
      'GET',
      `/api/devices/${w.device.id}/port-scan/?type=ethernet`,
    );
    expect(response.statusCode, response.body).toBe(200);
    await expect
      .poll(() => w.gateway.commandsFor(w.device.id).map((command) => command.type))
      .toContain('lan_hosts');
  });

  it('still refuses a device its row says is offline (409)', async () => {
    await connectedElsewhere(w, 0);
    const response = await webUi(w);
    await connectedElsewhere(w);
    expect(response.statusCode).toBe(409);
  });
});

describe('remote access with the embedded broker (one instance)', () => {
  let w: RemoteWorld;
  beforeAll(async () => {
    w = await buildRemoteWorld();
    await connectedElsewhere(w);
  });
  afterAll(() => w.t.close());

  it("goes by this instance's liveness alone: a row left online is not enough", async () => {
    const response = await webUi(w);
    expect(response.statusCode).toBe(409);
    const scan = await w.call(
      w.sessions.manager,
      'GET',
      `/api/devices/${w.device.id}/port-scan/?type=ethernet`,
    );
    expect(scan.statusCode).toBe(409);
    expect(scan.json()).toMatchObject({ errors: [{ code: ERROR_CODES.DEVICE_OFFLINE }] });
    const rule = await w.createRule(w.sessions.manager, w.device.id);
    const status = await w.call(w.sessions.manager, 'POST', '/api/devices/connect/status', {
      id: [rule],
    });
    expect(await firstUpdate(w, status.body, rule)).toMatchObject({ value: 'offline' });
  });
});

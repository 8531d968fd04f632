import { type DeviceChange, deviceChannel, topics } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { caller } from '@/modules/fleet/devices/devices.fixtures';
import {
  buildDeviceTestApp,
  connectDevice,
  createPendingDevice,
  type DeviceTestApp,
  enrol,
  waitFor,
} from '@test/devices';
import { createCompany, createUser } from '@test/factories';
import { confirmPassword, loginAs, sessionFrom, type TestSession } from '@test/session';
import { type ClientSocket, connectSocket, listen, subscribe } from '@test/sockets';

let t: DeviceTestApp;
let url: string;
let call: ReturnType<typeof caller>;
// parent → child; other beside parent, under the root company.
let parent: CompanyRow;
let child: CompanyRow;
let other: CompanyRow;
const sockets: ClientSocket[] = [];
const mqttClients: MqttClient[] = [];

const ALLOWED = { success: true };
const FORBIDDEN = { success: false, status: 403 };

beforeAll(async () => {
  t = await buildDeviceTestApp({ deviceChangesIntervalMs: 50, realtimeRecheckMs: 50 });
  url = await listen(t.app);
  call = caller(t);
  parent = await createCompany(t.db, { name: 'Parent' });
  child = await createCompany(t.db, { parent, name: 'Child' });
  other = await createCompany(t.db, { name: 'Other' });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const client of mqttClients) await client.endAsync(true);
  await t.close();
});

const signIn = async (role: Parameters<typeof createUser>[1], company: CompanyRow) => {
  const user = await createUser(t.db, role, {
    company,
    impersonationAccessLimit: new Date(Date.now() + 86_400_000),
  });
  return { user, session: await loginAs(t.app, user) };
};

const socketOf = async (credentials: { cookie?: string; token?: string }) => {
  const socket = await connectSocket(url, credentials);
  sockets.push(socket);
  return socket;
};

/** Every device change a socket receives from now on, by channel. */
const watch = (socket: ClientSocket) => {
  const received: { channel: string; devices: DeviceChange[] }[] = [];
  socket.on('DevicesChanged', (payload) => received.push(payload));
  const changes = (channel: string, id: number) =>
    received
      .filter((event) => event.channel === channel)
      .flatMap((event) => event.devices)
      .filter((change) => change.id === id);
  return {
    received,
    changes,
    /** The first change of the device on the channel that matches. */
    async until(channel: string, id: number, match: (change: DeviceChange) => boolean) {
      await waitFor(() => changes(channel, id).some(match));
      return changes(channel, id).find(match);
    },
  };
};

describe('joining the live device channels', () => {
  it('lets an administrator join the own and tree channels of their own company only', async () => {
    const { session } = await signIn('admin', parent);
    const socket = await socketOf({ cookie: session.cookie });
    expect(await subscribe(socket, deviceChannel(parent.id, 'tree'))).toEqual(ALLOWED);
    expect(await subscribe(socket, deviceChannel(parent.id, 'own'))).toEqual(ALLOWED);
    // A subsidiary's channel is not theirs to join: their tree channel already carries it.
    expect(await subscribe(socket, deviceChannel(child.id, 'tree'))).toMatchObject(FORBIDDEN);
    expect(await subscribe(socket, deviceChannel(other.id, 'own'))).toMatchObject(FORBIDDEN);
    expect(await subscribe(socket, deviceChannel(parent.id, 'tree') + '0')).toMatchObject(
      FORBIDDEN,
    );
  });

  it('keeps an end client without access_child_companies to the own channel', async () => {
    const { session } = await signIn('end_user', child);
    const socket = await socketOf({ cookie: session.cookie });
    expect(await subscribe(socket, deviceChannel(child.id, 'own'))).toEqual(ALLOWED);
    expect(await subscribe(socket, deviceChannel(child.id, 'tree'))).toMatchObject(FORBIDDEN);
  });

  it('refuses a credential without view_devices', async () => {
    const { user, session } = await signIn('admin', parent);
    await confirmPassword(t.app, session, user.password);
    const created = await call(session, 'POST', '/api/user/tokens', {
      name: 'no devices',
      scopes: ['users:read'],
    });
    expect(created.status, created.text).toBe(201);
    const socket = await socketOf({ token: created.body.data.token });
    expect(await subscribe(socket, deviceChannel(parent.id, 'own'))).toMatchObject(FORBIDDEN);
    expect(await subscribe(socket, deviceChannel(parent.id, 'tree'))).toMatchObject(FORBIDDEN);
  });

  it('checks the permissions of the moment, not those of the handshake', async () => {
    const { user, session } = await signIn('admin', parent);
    const socket = await socketOf({ cookie: session.cookie });
    expect(await subscribe(socket, deviceChannel(parent.id, 'tree'))).toEqual(ALLOWED);
    // Now a guest: view_devices without access_child_companies.
    await t.db.update(users).set({ roleId: 4 }).where(eq(users.id, user.id));
    expect(await subscribe(socket, deviceChannel(parent.id, 'tree'))).toMatchObject(FORBIDDEN);
    expect(await subscribe(socket, deviceChannel(parent.id, 'own'))).toEqual(ALLOWED);
  });

  it('judges an impersonating session as the acting user', async () => {
    const { session } = await signIn('support', parent);
    const before = await socketOf({ cookie: session.cookie });
    expect(await subscribe(before, deviceChannel(parent.id, 'tree'))).toEqual(ALLOWED);
    const { user: target } = await signIn('end_user', child);
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/users/${target.id}/impersonate`,
      headers: session.headers,
    });
    expect(started.statusCode, started.body).toBe(200);
    const acting = sessionFrom(started, session);

    const socket = await socketOf({ cookie: acting.cookie });
    expect(await subscribe(socket, deviceChannel(child.id, 'own'))).toEqual(ALLOWED);
    expect(await subscribe(socket, deviceChannel(parent.id, 'tree'))).toMatchObject(FORBIDDEN);
    // The socket opened before impersonating holds a credential the session no longer accepts.
    expect(await subscribe(before, deviceChannel(parent.id, 'tree'))).toMatchObject(FORBIDDEN);
  });
});

describe('losing access while subscribed', () => {
  it('takes a socket out of the device channels once its user moved to another company', async () => {
    const company = await createCompany(t.db, { name: 'Revoked' });
    const moving = await signIn('admin', company);
    const staying = await signIn('admin', company);
    const revoked: string[] = [];
    const movingSocket = await socketOf({ cookie: moving.session.cookie });
    movingSocket.on('ChannelRevoked', ({ channel }) => revoked.push(channel));
    const stayingSocket = await socketOf({ cookie: staying.session.cookie });
    for (const socket of [movingSocket, stayingSocket]) {
      expect(await subscribe(socket, deviceChannel(company.id, 'own'))).toEqual(ALLOWED);
      expect(await subscribe(socket, deviceChannel(company.id, 'tree'))).toEqual(ALLOWED);
    }
    const watchMoving = watch(movingSocket);
    const watchStaying = watch(stayingSocket);

    await t.db.update(users).set({ companyId: other.id }).where(eq(users.id, moving.user.id));
    await waitFor(() => revoked.length === 2);
    expect(revoked.sort()).toEqual(
      [deviceChannel(company.id, 'own'), deviceChannel(company.id, 'tree')].sort(),
    );

    const added = await call(staying.session, 'POST', '/api/devices', {
      company_id: company.id,
      serial: `REVOKED${Date.now()}`,
      mac: '00:1E:42:AA:BB:CD',
    });
    expect(added.status, added.text).toBe(201);
    const id = added.body.data[0].id as number;
    await watchStaying.until(deviceChannel(company.id, 'own'), id, (c) => c.status === 2);
    // One emit to the room reaches its sockets together: the moved user's is no longer there.
    expect(watchMoving.received).toEqual([]);
    // The one who stayed keeps both channels through later passes.
    await watchStaying.until(deviceChannel(company.id, 'tree'), id, (c) => c.status === 2);
  });
});

describe('live device changes', () => {
  let parentAdmin: TestSession;
  let watchTree: ReturnType<typeof watch>;
  let watchOwn: ReturnType<typeof watch>;
  let watchOther: ReturnType<typeof watch>;
  const parentTree = () => deviceChannel(parent.id, 'tree');
  const childOwn = () => deviceChannel(child.id, 'own');

  beforeAll(async () => {
    parentAdmin = (await signIn('admin', parent)).session;
    const tree = await socketOf({ cookie: parentAdmin.cookie });
    expect(await subscribe(tree, parentTree())).toEqual(ALLOWED);
    watchTree = watch(tree);
    const own = await socketOf({ cookie: (await signIn('end_user', child)).session.cookie });
    expect(await subscribe(own, childOwn())).toEqual(ALLOWED);
    watchOwn = watch(own);
    const others = await socketOf({ cookie: (await signIn('admin', other)).session.cookie });
    expect(await subscribe(others, deviceChannel(other.id, 'tree'))).toEqual(ALLOWED);
    watchOther = watch(others);
  });

  const onlineDevice = async () => {
    const pending = await createPendingDevice(t.db, { companyId: child.id });
    const response = await enrol(t.mqttUrl, pending);
    if (!response.ok) throw new Error('enrolment refused');
    const device = await connectDevice(t.mqttUrl, {
      deviceId: response.device_id,
      username: response.username,
      password: response.password,
    });
    mqttClients.push(device);
    return { id: response.device_id, device };
  };

  it('tells the tree channel of an ancestor and the own channel that a device came online', async () => {
    const { id } = await onlineDevice();
    await t.gateway.flush();
    const online = (change: DeviceChange) => change.status === 1;
    expect(await watchTree.until(parentTree(), id, online)).toMatchObject({
      id,
      company_id: child.id,
      status: 1,
      last_connection_at: expect.any(String),
    });
    expect(await watchOwn.until(childOwn(), id, online)).toMatchObject({ company_id: child.id });
    expect(watchOther.received).toEqual([]);
  });

  it('tells that a device went offline when its connection dropped', async () => {
    const { id, device } = await onlineDevice();
    await t.gateway.flush();
    await watchTree.until(parentTree(), id, (c) => c.status === 1);
    // Dropped without a clean disconnect: the broker publishes the will.
    device.stream.destroy();
    await waitFor(() => !t.gateway.link.isOnline(id));
    await t.gateway.flush();
    expect(await watchOwn.until(childOwn(), id, (c) => c.status === 0)).toEqual({
      id,
      company_id: child.id,
      status: 0,
    });
  });

  it('carries the latest readings a telemetry flush wrote', async () => {
    const { id, device } = await onlineDevice();
    await device.publishAsync(
      topics.telemetry(id, 'dynamic'),
      JSON.stringify({
        ts: Date.now(),
        data: {
          uptime: 3600,
          temperature: 412,
          wan_state: 'mobile',
          modems: [
            {
              modem: 1,
              sim: 1,
              signal: -71,
              operator: 'Telia',
              network_state: 'registered',
              connection_type: 'LTE',
              modem_model: 'EC25',
              rx: 1000,
              tx: 500,
            },
          ],
        },
      }),
      { qos: 1 },
    );
    await t.gateway.flush();
    const reading = await watchTree.until(parentTree(), id, (c) => c.signal !== undefined);
    expect(reading).toMatchObject({
      id,
      company_id: child.id,
      signal: -71,
      operator: 'Telia',
      connection_type: 'LTE',
      temperature: 412,
      uptime: 3600,
      wan_state: 'mobile',
      information_updated: expect.any(String),
    });
    // Only the fields a list shows travel.
    expect(reading).not.toHaveProperty('modem_model');
    expect(reading).not.toHaveProperty('info');
  });

  it('tells the lists of devices added, moved and removed through the API', async () => {
    const added = await call(parentAdmin, 'POST', '/api/devices', {
      company_id: child.id,
      serial: `LIVE${Date.now()}`,
      mac: '00:1E:42:AA:BB:CC',
    });
    expect(added.status, added.text).toBe(201);
    const id = added.body.data[0].id as number;
    expect(await watchOwn.until(childOwn(), id, (c) => c.status === 2)).toEqual({
      id,
      company_id: child.id,
      status: 2,
    });

    const moved = await call(parentAdmin, 'POST', '/api/devices/move', {
      device_id: [id],
      company_id: parent.id,
    });
    expect(moved.status, moved.text).toBe(200);
    // The child's own channel learns the device left, by its new company.
    await watchOwn.until(childOwn(), id, (c) => c.company_id === parent.id);
    await watchTree.until(parentTree(), id, (c) => c.company_id === parent.id);

    const reset = await call(parentAdmin, 'POST', `/api/devices/${id}/claim-secret`);
    expect(reset.status, reset.text).toBe(200);
    await watchTree.until(parentTree(), id, (c) => c.status === 2 && c.company_id === parent.id);

    const removed = await call(parentAdmin, 'DELETE', '/api/devices', { device_id: [id] });
    expect(removed.status, removed.text).toBe(200);
    expect(await watchTree.until(parentTree(), id, (c) => c.removed === true)).toMatchObject({
      id,
      company_id: parent.id,
      removed: true,
    });
    expect(watchOther.received).toEqual([]);
  });
});

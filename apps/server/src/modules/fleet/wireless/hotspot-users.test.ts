import {
  type AckMessage,
  type CommandMessage,
  type DeviceJob,
  ERROR_CODES,
  type HotspotSession,
  type HotspotUser,
  type StatusChannelData,
  TELEMETRY_CATEGORIES,
  API_DATE_PATTERN,
  parseApiDate,
  toApiDate,
} from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceJobs, deviceWireless } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { createUserWithPermissions } from '@/modules/organisation/roles/roles.fixtures';
import { buildTestApp, type TestApp } from '@test/app';
import { waitFor } from '@test/devices';
import { createCompany, createUser } from '@test/factories';
import { createFakeGateway, insertDevice } from '@test/fake-gateway';
import { loginAs, type TestSession } from '@test/session';

const gateway = createFakeGateway();
let t: TestApp;
let treeA: CompanyRow;
let treeB: CompanyRow;
let admin: TestSession;
let guest: TestSession;
let viewerOnly: TestSession;

/** A device of `company` reporting hotspot 0 (and `online` unless told otherwise). */
const hotspotDevice = async (company: CompanyRow, online = true) => {
  const device = await insertDevice(t.db, company, { model: 'RUT360' });
  await t.db.insert(deviceWireless).values({
    deviceId: device.id,
    category: TELEMETRY_CATEGORIES.indexOf('hotspot'),
    idx: 0,
    ssid: 'Guest',
    clients: 2,
    updatedAt: new Date(),
  });
  if (online) gateway.online.add(device.id);
  return device.id;
};

const call = async (
  session: TestSession,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) => {
  const response = await t.app.inject({ method, url, headers: session.headers, payload });
  return { status: response.statusCode, body: JSON.parse(response.body) };
};

/** The device's answer to the first command of `type` it was sent, once it was sent. */
const answer = async (
  deviceId: number,
  type: CommandMessage['type'],
  ack: Omit<AckMessage, 'id'>,
) => {
  let sent: CommandMessage | undefined;
  await waitFor(() => {
    sent = gateway.commandsFor(deviceId).find((command) => command.type === type);
    return sent !== undefined;
  });
  if (!sent) throw new Error('no command');
  await gateway.listener.ack(deviceId, { id: sent.id, status: 'received' });
  await gateway.listener.ack(deviceId, { id: sent.id, ...ack });
  return sent;
};

const jobsOf = (deviceId: number) =>
  t.db.select().from(deviceJobs).where(eq(deviceJobs.deviceId, deviceId));

const usersUrl = (deviceId: number, index = 0) =>
  `/api/devices/${deviceId}/hotspots/${index}/users`;

beforeAll(async () => {
  t = await buildTestApp({}, { deviceGateway: gateway });
  treeA = await createCompany(t.db, { name: 'Alpha' });
  treeB = await createCompany(t.db, { name: 'Beta' });
  admin = await loginAs(t.app, await createUser(t.db, 'admin', { company: treeA }));
  guest = await loginAs(t.app, await createUser(t.db, 'read_only', { company: treeA }));
  viewerOnly = await loginAs(
    t.app,
    await createUserWithPermissions(t.db, treeA, ['view_devices', 'update_devices']),
  );
});
afterAll(() => t.close());

describe('GET /api/devices/:id/hotspots/:index/users', () => {
  it('asks the device and answers its users; the job is logged like any command', async () => {
    const id = await hotspotDevice(treeA);
    const [response, sent] = await Promise.all([
      call(guest, 'GET', usersUrl(id)),
      answer(id, 'hotspot_users', {
        status: 'completed',
        result: JSON.stringify({ users: [{ username: 'guest' }, { username: 'staff' }] }),
      }),
    ]);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({
      success: true,
      data: [{ username: 'guest' }, { username: 'staff' }] satisfies HotspotUser[],
      // Answered at once: no channel to follow, unlike RMS.
      meta: { total: 2, channel: null },
    });
    expect(sent.args).toEqual({ index: 0 });
    const [job] = await jobsOf(id);
    expect(job).toMatchObject({ type: 'hotspot_users', status: 'completed', channel: null });
  });

  it("answers the active sessions in RMS's shape, with ISO times", async () => {
    const id = await hotspotDevice(treeA);
    const session = {
      username: 'guest',
      ip: '192.168.2.10',
      mac: '02:00:00:00:07:00',
      started_at: Date.parse('2026-03-01T10:00:00Z'),
      rx: 1000,
      tx: 2000,
    };
    const before = Date.now();
    const [response] = await Promise.all([
      call(admin, 'GET', `${usersUrl(id)}/active`),
      answer(id, 'hotspot_sessions', {
        status: 'completed',
        result: JSON.stringify({ sessions: [session] }),
      }),
    ]);
    const after = Date.now();
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const started = '2026-03-01T10:00:00.000Z';
    expect(response.body).toEqual({
      success: true,
      code: 200,
      hotspots_active_users: [
        {
          ...session,
          id: null,
          device_id: id,
          ssid: 'Guest',
          start_time: started,
          use_time: expect.stringMatching(/^\d+$/),
          download: '1000',
          upload: '2000',
          created_at: toApiDate(new Date(session.started_at)),
          updated_at: expect.stringMatching(API_DATE_PATTERN),
          started_at: started,
        },
      ] satisfies HotspotSession[],
      meta: { total: 1 },
    });
    const [active] = response.body.hotspots_active_users as HotspotSession[];
    // Seconds since the login, at the answer's time.
    const seconds = (at: number) => Math.floor((at - session.started_at) / 1000);
    expect(Number(active?.use_time)).toBeGreaterThanOrEqual(seconds(before));
    expect(Number(active?.use_time)).toBeLessThanOrEqual(seconds(after));
    // API dates are whole seconds.
    const updated = parseApiDate(active?.updated_at ?? '');
    expect(updated).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(updated).toBeLessThanOrEqual(after);
  });

  it('refuses an offline device at once with DEVICE_OFFLINE, queueing nothing', async () => {
    const id = await hotspotDevice(treeA, false);
    const response = await call(admin, 'GET', usersUrl(id));
    expect(response.status).toBe(409);
    expect(response.body.errors[0]).toMatchObject({ code: ERROR_CODES.DEVICE_OFFLINE });
    expect(await jobsOf(id)).toEqual([]);
  });

  it("passes the device's refusal on as DEVICE_ERROR, and nonsense as a 502", async () => {
    const id = await hotspotDevice(treeA);
    const [refused] = await Promise.all([
      call(admin, 'GET', usersUrl(id)),
      answer(id, 'hotspot_users', { status: 'rejected', message: 'not supported here' }),
    ]);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({
      code: ERROR_CODES.DEVICE_ERROR,
      message: 'The device refused: not supported here',
    });

    const other = await hotspotDevice(treeA);
    const [garbled] = await Promise.all([
      call(admin, 'GET', `${usersUrl(other)}/active`),
      answer(other, 'hotspot_sessions', { status: 'completed', result: '{"sessions":"many"}' }),
    ]);
    expect(garbled.status).toBe(502);
    expect(garbled.body.errors[0].code).toBe(ERROR_CODES.DEVICE_ERROR);
  });

  it('is 404 for a hotspot the device never reported, and 400 for an index that cannot be', async () => {
    const id = await hotspotDevice(treeA);
    const missing = await call(admin, 'GET', usersUrl(id, 3));
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0]).toMatchObject({ code: 'NOT_FOUND', source: 'index' });
    expect((await call(admin, 'GET', usersUrl(id, 16))).status).toBe(400);
    expect((await call(admin, 'GET', `/api/devices/${id}/hotspots/x/users`)).status).toBe(400);
    expect(await jobsOf(id)).toEqual([]);
  });

  it("is 404 for another tree's device, which gets no command", async () => {
    const foreign = await hotspotDevice(treeB);
    expect((await call(admin, 'GET', usersUrl(foreign))).status).toBe(404);
    expect(
      (await call(admin, 'POST', usersUrl(foreign), { username: 'a', password: 'b' })).status,
    ).toBe(404);
    expect(gateway.commandsFor(foreign)).toEqual([]);
  });
});

describe('POST and DELETE /api/devices/:id/hotspots/:index/users', () => {
  it('queues the change on a status channel; the password leaves the job when it ends', async () => {
    const id = await hotspotDevice(treeA);
    const response = await call(admin, 'POST', usersUrl(id), {
      username: ' lobby ',
      password: 'pass word',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const channel = response.body.meta.channel as string;
    const sent = await answer(id, 'hotspot_user_add', { status: 'completed', message: 'added' });
    expect(sent.args).toEqual({ index: 0, username: 'lobby', password: 'pass word' });

    const status = await call(admin, 'GET', `/api/status/channel/${encodeURIComponent(channel)}`);
    const updates = (status.body.data as StatusChannelData)[String(id)] ?? [];
    expect(updates.map((update) => update.status)).toEqual(['started', 'progress', 'completed']);
    const [job] = await jobsOf(id);
    expect(job?.args).toEqual({ index: 0, username: 'lobby' });

    const logs = await call(admin, 'GET', `/api/devices/actions/logs?device_id=${id}`);
    expect((logs.body.data as DeviceJob[])[0]?.args).toEqual({ index: 0, username: 'lobby' });
  });

  it('hides a waiting job’s password in the action log', async () => {
    const id = await hotspotDevice(treeA, false);
    expect(
      (await call(admin, 'POST', usersUrl(id), { username: 'a', password: 'secret' })).status,
    ).toBe(200);
    const logs = await call(admin, 'GET', `/api/devices/actions/logs?device_id=${id}`);
    expect((logs.body.data as DeviceJob[])[0]).toMatchObject({
      status: 'queued',
      args: { index: 0, username: 'a', password: '[hidden]' },
    });
  });

  it('removes a user named in the query, reporting the device’s refusal on the channel', async () => {
    const id = await hotspotDevice(treeA);
    const response = await call(admin, 'DELETE', `${usersUrl(id)}?username=ghost`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const sent = await answer(id, 'hotspot_user_delete', {
      status: 'failed',
      message: 'User ghost not found',
    });
    expect(sent.args).toEqual({ index: 0, username: 'ghost' });
    const channel = response.body.meta.channel as string;
    const status = await call(admin, 'GET', `/api/status/channel/${encodeURIComponent(channel)}`);
    expect((status.body.data as StatusChannelData)[String(id)]?.at(-1)).toMatchObject({
      status: 'error',
      value: 'User ghost not found',
    });
    expect((await call(admin, 'DELETE', usersUrl(id))).status).toBe(400);
  });

  it('validates the user with field errors and never queues invalid input', async () => {
    const id = await hotspotDevice(treeA);
    const invalid = async (payload: object) => {
      const response = await call(admin, 'POST', usersUrl(id), payload);
      expect(response.status, JSON.stringify(payload)).toBe(422);
      return response.body.errors.map((error: { source: string }) => error.source);
    };
    expect(await invalid({ username: '', password: 'p' })).toEqual(['username']);
    expect(await invalid({ username: '   ', password: 'p' })).toEqual(['username']);
    expect(await invalid({ username: 'u'.repeat(65), password: 'p' })).toEqual(['username']);
    expect(await invalid({ username: 'tab\there', password: 'p' })).toEqual(['username']);
    expect(await invalid({ username: 'ok', password: '' })).toEqual(['password']);
    expect(await invalid({ username: 'ok', password: 'p'.repeat(65) })).toEqual(['password']);
    expect(await invalid({ username: 'ok', password: 'naïve' })).toEqual(['password']);
    expect(await invalid({ username: 'ok' })).toEqual(['password']);
    expect((await call(admin, 'DELETE', `${usersUrl(id)}?username=${'u'.repeat(65)}`)).status).toBe(
      400,
    );
    expect(await jobsOf(id)).toEqual([]);
  });
});

describe('permissions', () => {
  it('reads with the hotspot view permission; changes need update_devices too', async () => {
    const id = await hotspotDevice(treeA, false);
    expect((await call(guest, 'POST', usersUrl(id), { username: 'a', password: 'b' })).status).toBe(
      403,
    );
    expect((await call(guest, 'DELETE', `${usersUrl(id)}?username=a`)).status).toBe(403);
    expect((await call(viewerOnly, 'GET', usersUrl(id))).status).toBe(403);
    expect(
      (await call(viewerOnly, 'POST', usersUrl(id), { username: 'a', password: 'b' })).status,
    ).toBe(403);
  });
});

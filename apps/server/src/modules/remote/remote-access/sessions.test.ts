import { type ConnectLog, type ConnectSession, ERROR_CODES, toApiDate } from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestSession } from '@test/session';
import { buildRemoteWorld, type RemoteWorld } from './remote-access.fixtures';

let w: RemoteWorld;
beforeAll(async () => {
  w = await buildRemoteWorld();
  w.gateway.online.add(w.device.id);
  w.gateway.online.add(w.foreignDevice.id);
});
afterAll(() => w.t.close());

const open = async (url: string, as: TestSession = w.sessions.manager, duration = 600) => {
  const response = await w.call(as, 'POST', url, { duration });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<{ data: ConnectSession }>().data;
};

const day = 24 * 60 * 60 * 1000;
const range = () =>
  `start_date=${encodeURIComponent(toApiDate(new Date(Date.now() - day)))}` +
  `&end_date=${encodeURIComponent(toApiDate(new Date(Date.now() + day)))}`;
const logs = async (query = '', as: TestSession = w.sessions.manager) => {
  const response = await w.call(as, 'GET', `/api/devices/connect/logs?${range()}&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ConnectLog[]; meta: { total: number } }>();
};

describe('sessions of a rule and links of a device', () => {
  it("answers a rule's latest session as one object, its url only to its owner", async () => {
    const rule = await w.createRule(w.sessions.manager, w.device.id, {
      protocol: 'ssh',
      destination_port: 22,
    });
    const url = `/api/devices/connect/${rule}/sessions`;
    const none = await w.call(w.sessions.manager, 'GET', url);
    expect(none.json()).toEqual({ success: true, data: null, meta: { total: 0 } });

    const session = await open(`/api/devices/connect/${rule}`);
    const mine = await w.call(w.sessions.manager, 'GET', `${url}?active=true`);
    expect(mine.json<{ data: ConnectSession }>().data).toMatchObject({
      id: session.id,
      url: session.url,
      active: true,
    });
    const theirs = await w.call(w.sessions.colleague, 'GET', url);
    expect(theirs.json<{ data: ConnectSession }>().data).toMatchObject({ id: session.id, url: '' });
    const ended = await w.call(w.sessions.manager, 'GET', `${url}?active=false`);
    expect(ended.json<{ meta: { total: number } }>().meta.total).toBe(0);
    expect((await w.call(w.sessions.stranger, 'GET', url)).statusCode).toBe(404);
  });

  it("lists the caller's own open links of a device", async () => {
    const web = await open(`/api/devices/${w.device.id}/connect/webui`);
    await open(`/api/devices/${w.device.id}/connect/webui`, w.sessions.colleague);
    const response = await w.call(
      w.sessions.manager,
      'GET',
      `/api/devices/${w.device.id}/links?type=webui`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ data: { link_id: number; url: string; active: number }[] }>();
    expect(body.data.map((link) => link.link_id)).toContain(web.id);
    expect(body.data.every((link) => link.active === 1 && link.url.includes('/__nf/launch'))).toBe(
      true,
    );
    const cli = await w.call(
      w.sessions.manager,
      'GET',
      `/api/devices/${w.device.id}/links?type=cli`,
    );
    expect(cli.json<{ data: unknown[] }>().data).toEqual([]);
    const foreign = await w.call(
      w.sessions.manager,
      'GET',
      `/api/devices/${w.foreignDevice.id}/links?type=webui`,
    );
    expect(foreign.statusCode).toBe(404);
  });
});

describe('the access history', () => {
  it('lists sessions of the companies the caller sees, filtered, sorted, without links', async () => {
    const cli = await open(`/api/devices/${w.device.id}/connect/cli`);
    const foreign = await open(
      `/api/devices/${w.foreignDevice.id}/connect/cli`,
      w.sessions.stranger,
    );

    const all = await logs('limit=1000');
    const ids = all.data.map((row) => row.id);
    expect(ids).toContain(cli.id);
    expect(ids).not.toContain(foreign.id);
    expect(all.meta.total).toBe(ids.length);
    expect(JSON.stringify(all.data)).not.toContain('url');
    expect(all.data.find((row) => row.id === cli.id)).toMatchObject({
      type: 'cli',
      device_id: w.device.id,
      device_name: 'Own router',
      company_name: 'Own company',
      username: w.users.manager.email,
      end_time: null,
    });

    const byType = await logs('type=cli&limit=1000');
    expect(byType.data.every((row) => row.type === 'cli')).toBe(true);
    const byUser = await logs(`user_id=${w.users.colleague.id}&limit=1000`);
    expect(byUser.data.every((row) => row.username === w.users.colleague.email)).toBe(true);
    expect((await logs(`device_id=${w.foreignDevice.id}`)).data).toEqual([]);
    const page = await logs('sort=-start_date&limit=1');
    expect(page.data).toHaveLength(1);
    expect(page.meta.total).toBe(all.meta.total);
    const unknown = await w.call(
      w.sessions.manager,
      'GET',
      `/api/devices/connect/logs?${range()}&sort=nope`,
    );
    expect(unknown.statusCode).toBe(400);
  });

  it('takes every sort field RMS lists, both ways', async () => {
    for (const field of ['start_date', 'end_date', 'company_name', 'input_data', 'output_data']) {
      for (const sort of [field, `-${field}`]) {
        const response = await w.call(
          w.sessions.manager,
          'GET',
          `/api/devices/connect/logs?${range()}&sort=${sort}`,
        );
        expect(response.statusCode, `${sort}: ${response.body}`).toBe(200);
      }
    }
  });
});

describe('closing a session', () => {
  it('ends it (a manager of the company may), and the history shows why and when', async () => {
    const session = await open(`/api/devices/${w.device.id}/connect/cli`);
    const stranger = await w.call(
      w.sessions.stranger,
      'DELETE',
      `/api/devices/connect/sessions/${session.id}`,
    );
    expect(stranger.statusCode).toBe(404);
    const closed = await w.call(
      w.sessions.colleague,
      'DELETE',
      `/api/devices/connect/sessions/${session.id}`,
    );
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toEqual({ success: true, meta: { channel: expect.any(String) } });

    const row = (await logs('active=false&limit=1000')).data.find((log) => log.id === session.id);
    expect(row?.end_reason).toBe('closed by user');
    expect(row?.end_time).not.toBeNull();
    expect((await logs('active=true&limit=1000')).data.map((log) => log.id)).not.toContain(
      session.id,
    );
    const launch = await w.call(
      w.sessions.manager,
      'POST',
      `/api/devices/connect/sessions/${session.id}/launch`,
    );
    expect(launch.statusCode).toBe(409);
  });
});

describe('status and checks', () => {
  it('reports per rule whether a session is open, or the device online or offline', async () => {
    const offlineDevice = await import('@test/fake-gateway').then(({ insertDevice }) =>
      insertDevice(w.t.db, w.own),
    );
    const active = await w.createRule(w.sessions.manager, w.device.id);
    const online = await w.createRule(w.sessions.manager, w.device.id);
    const offline = await w.createRule(w.sessions.manager, offlineDevice.id);
    const foreign = await w.createRule(w.sessions.stranger, w.foreignDevice.id);
    await open(`/api/devices/connect/${active}`);

    const response = await w.call(w.sessions.manager, 'POST', '/api/devices/connect/status', {
      id: [active, online, offline, foreign],
    });
    expect(response.statusCode, response.body).toBe(200);
    const updates = await w.readChannel(
      w.sessions.manager,
      response.json<{ meta: { channel: string } }>().meta.channel,
    );
    const value = (id: number) => updates[String(id)]?.[0]?.value;
    expect([value(active), value(online), value(offline)]).toEqual(['active', 'online', 'offline']);
    expect(updates[String(foreign)]?.[0]).toMatchObject({ status: 'error' });
  });

  it('status refuses ids beyond a database integer as bad input (once a 500)', async () => {
    const response = await w.call(w.sessions.manager, 'POST', '/api/devices/connect/status', {
      id: [1, 4_294_967_296],
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({
      success: false,
      errors: [{ code: 'VALIDATION_ERROR', source: 'id.1' }],
    });
  });

  it('check says whether the device is online; unblock completes', async () => {
    const states = async (deviceId: number, action: string) => {
      const response = await w.call(
        w.sessions.manager,
        'POST',
        `/api/devices/${deviceId}/remote-access/${action}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const channel = response.json<{ meta: { channel: string } }>().meta.channel;
      return (await w.readChannel(w.sessions.manager, channel))[String(deviceId)]?.[0];
    };
    expect(await states(w.device.id, 'check')).toMatchObject({ status: 'completed' });
    w.gateway.online.delete(w.device.id);
    expect(await states(w.device.id, 'check')).toMatchObject({
      status: 'error',
      errorcode: ERROR_CODES.DEVICE_OFFLINE,
    });
    w.gateway.online.add(w.device.id);
    expect(await states(w.device.id, 'unblock')).toMatchObject({ status: 'completed' });
    const foreign = await w.call(
      w.sessions.manager,
      'POST',
      `/api/devices/${w.foreignDevice.id}/remote-access/check`,
    );
    expect(foreign.statusCode).toBe(404);
  });
});

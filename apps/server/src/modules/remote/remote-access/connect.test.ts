import { type ConnectSession, ERROR_CODES, REMOTE_ACCESS_MESSAGES } from '@netfleet/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionLogs, remoteSessions } from '@/db/schema';
import { TEST_PUBLIC_URL } from '@test/app';
import type { TestSession } from '@test/session';
import { buildRemoteWorld, firstError, type RemoteWorld } from './remote-access.fixtures';
import { createSessionsRepository } from './sessions.repository';

let w: RemoteWorld;
beforeAll(async () => {
  w = await buildRemoteWorld();
  w.gateway.online.add(w.device.id);
});
afterAll(() => w.t.close());

type Answer = { meta: { channel: string }; data: ConnectSession };
const WEB_UI_URL = /^http:\/\/([0-9a-f]{32})\.localhost\/__nf\/launch\?code=([\w-]{43})$/;

const connect = async (url: string, payload: object, as: TestSession = w.sessions.manager) => {
  const response = await w.call(as, 'POST', url, payload);
  return { response, body: response.json<Answer>() };
};

/** The host token and launch code of a web UI link. */
const partsOf = (url: string) => {
  const match = WEB_UI_URL.exec(url);
  if (!match) throw new Error(`${url} is not a web UI link`);
  return { hostToken: match[1] ?? '', code: match[2] ?? '' };
};

describe('opening the web UI and the CLI of a device', () => {
  it('answers 409 DEVICE_OFFLINE for a device that is not connected', async () => {
    w.gateway.online.delete(w.device.id);
    const { response } = await connect(`/api/devices/${w.device.id}/connect/webui`, {
      duration: 300,
    });
    w.gateway.online.add(w.device.id);
    expect(response.statusCode).toBe(409);
    expect(firstError(response.body)).toMatchObject({
      code: ERROR_CODES.DEVICE_OFFLINE,
      message: REMOTE_ACCESS_MESSAGES.deviceOffline,
    });
  });

  it('opens the web UI (201) on its own origin, with the link on the status channel', async () => {
    const { response, body } = await connect(`/api/devices/${w.device.id}/connect/webui`, {
      duration: 300,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(body.data).toMatchObject({
      type: 'webui',
      protocol: 'http',
      destination_ip: '127.0.0.1',
      destination_port: 80,
      device_id: w.device.id,
      access_id: null,
      active: true,
      end_time: null,
    });
    expect(body.data.ttl).toBeGreaterThan(295);
    expect(body.data.url).toMatch(WEB_UI_URL);
    const updates = await w.readChannel(w.sessions.manager, body.meta.channel);
    expect(updates[String(w.device.id)]).toEqual([
      expect.objectContaining({ status: 'completed', link: body.data.url }),
    ]);
    const [row] = await w.t.db
      .select()
      .from(remoteSessions)
      .where(eq(remoteSessions.id, body.data.id));
    // Only the code's hash is kept.
    expect(row?.launchCodeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(partsOf(body.data.url).code);
    const logged = await w.t.db
      .select()
      .from(actionLogs)
      .where(
        and(
          eq(actionLogs.action, 'remote_session_open'),
          eq(actionLogs.entityId, String(body.data.id)),
        ),
      );
    expect(logged).toHaveLength(1);
  });

  it('opens the CLI over SSH, or telnet when asked, on a console page', async () => {
    const ssh = await connect(`/api/devices/${w.device.id}/connect/cli`, { duration: 60 });
    expect(ssh.response.statusCode, ssh.response.body).toBe(201);
    expect(ssh.body.data).toMatchObject({ type: 'cli', protocol: 'ssh', destination_port: 22 });
    expect(ssh.body.data.url).toBe(
      `${TEST_PUBLIC_URL}/rms-connect/ssh?session=${ssh.body.data.id}`,
    );
    const telnet = await connect(`/api/devices/${w.device.id}/connect/cli`, {
      duration: 60,
      protocol: 'telnet',
    });
    expect(telnet.body.data).toMatchObject({ protocol: 'telnet', destination_port: 23 });
    expect(telnet.body.data.url).toContain('/rms-connect/telnet?session=');
  });

  it('refuses a duration out of range, a foreign device (404) and a read-only user (403)', async () => {
    const short = await connect(`/api/devices/${w.device.id}/connect/webui`, { duration: 5 });
    expect(short.response.statusCode).toBe(422);
    expect(firstError(short.response.body)?.source).toBe('duration');
    const foreign = await connect(`/api/devices/${w.foreignDevice.id}/connect/webui`, {
      duration: 60,
    });
    expect(foreign.response.statusCode).toBe(404);
    const viewer = await connect(
      `/api/devices/${w.device.id}/connect/cli`,
      { duration: 60 },
      w.sessions.viewer,
    );
    expect(viewer.response.statusCode).toBe(403);
  });
});

describe('opening a session through an access rule', () => {
  it.each([
    ['http', '127.0.0.1', 80, 'webui', null],
    ['https', '192.168.1.1', 443, 'lan-webui', null],
    ['ssh', '192.168.1.2', 22, 'ssh', '/rms-connect/ssh?session='],
    ['telnet', '192.168.1.3', 23, 'telnet', '/rms-connect/telnet?session='],
    ['sftp', '127.0.0.1', 22, 'sftp', '/rms-connect/sftp?session='],
    ['vnc', '10.1.1.1', 5900, 'vnc', '/rms-connect/desktop?session='],
  ])('%s to %s → a %s session', async (protocol, ip, port, type, page) => {
    const id = await w.createRule(w.sessions.manager, w.device.id, {
      protocol,
      destination_ip: ip,
      destination_port: port,
    });
    const { response, body } = await connect(`/api/devices/connect/${id}`, { duration: 120 });
    expect(response.statusCode, response.body).toBe(200);
    expect(body.data).toMatchObject({ type, access_id: id, destination_ip: ip });
    if (page) expect(body.data.url).toBe(`${TEST_PUBLIC_URL}${page}${body.data.id}`);
    else expect(body.data.url).toMatch(WEB_UI_URL);
  });

  it('refuses RDP (422), a foreign rule (404) and an offline device (409)', async () => {
    const rdp = await w.createRule(w.sessions.manager, w.device.id, {
      protocol: 'rdp',
      destination_ip: '192.168.1.9',
      destination_port: 3389,
    });
    const refused = await connect(`/api/devices/connect/${rdp}`, { duration: 60 });
    expect(refused.response.statusCode).toBe(422);
    expect(firstError(refused.response.body)?.message).toBe(REMOTE_ACCESS_MESSAGES.rdpUnsupported);

    const foreign = await w.createRule(w.sessions.stranger, w.foreignDevice.id);
    w.gateway.online.add(w.foreignDevice.id);
    expect(
      (await connect(`/api/devices/connect/${foreign}`, { duration: 60 })).response.statusCode,
    ).toBe(404);

    const own = await w.createRule(w.sessions.manager, w.device.id);
    w.gateway.online.delete(w.device.id);
    const offline = await connect(`/api/devices/connect/${own}`, { duration: 60 });
    w.gateway.online.add(w.device.id);
    expect(offline.response.statusCode).toBe(409);
  });
});

describe('launch codes', () => {
  const store = () => createSessionsRepository(w.t.db).store;

  it('let a browser in once, and not after they expire', async () => {
    const { body } = await connect(`/api/devices/${w.device.id}/connect/webui`, { duration: 3600 });
    const { hostToken, code } = partsOf(body.data.url);
    const now = new Date();

    const grant = await store().consumeLaunchCode(hostToken, code, now);
    expect(grant).toMatchObject({
      id: body.data.id,
      type: 'webui',
      host: '127.0.0.1',
      port: 80,
      deviceId: w.device.id,
      endedAt: null,
    });
    expect(await store().consumeLaunchCode(hostToken, code, now)).toBeNull();

    const launched = await w.call(
      w.sessions.manager,
      'POST',
      `/api/devices/connect/sessions/${body.data.id}/launch`,
    );
    expect(launched.statusCode, launched.body).toBe(200);
    const fresh = partsOf(launched.json<{ data: { url: string } }>().data.url);
    expect(fresh.hostToken).toBe(hostToken);
    const sixMinutes = new Date(now.getTime() + 6 * 60 * 1000);
    expect(await store().consumeLaunchCode(hostToken, fresh.code, sixMinutes)).toBeNull();
    expect(await store().consumeLaunchCode(hostToken, 'a'.repeat(43), now)).toBeNull();
  });

  it('a new code replaces the previous one', async () => {
    const { body } = await connect(`/api/devices/${w.device.id}/connect/webui`, { duration: 600 });
    const first = partsOf(body.data.url);
    await w.call(
      w.sessions.manager,
      'POST',
      `/api/devices/connect/sessions/${body.data.id}/launch`,
    );
    expect(await store().consumeLaunchCode(first.hostToken, first.code, new Date())).toBeNull();
  });

  it('only the owner gets a link or the session, even in the same company', async () => {
    const { body } = await connect(`/api/devices/${w.device.id}/connect/webui`, { duration: 600 });
    const colleague = w.sessions.colleague;
    const launch = await w.call(
      colleague,
      'POST',
      `/api/devices/connect/sessions/${body.data.id}/launch`,
    );
    expect(launch.statusCode).toBe(404);
    const get = await w.call(colleague, 'GET', `/api/devices/connect/sessions/${body.data.id}`);
    expect(get.statusCode).toBe(404);
    const own = await w.call(
      w.sessions.manager,
      'GET',
      `/api/devices/connect/sessions/${body.data.id}`,
    );
    expect(own.statusCode).toBe(200);
    expect(own.json<{ data: ConnectSession }>().data.url).toMatch(WEB_UI_URL);
  });

  it('the relays meter traffic and record the first use', async () => {
    const { body } = await connect(`/api/devices/${w.device.id}/connect/cli`, { duration: 600 });
    const now = new Date();
    await store().addTraffic(body.data.id, 100, 2500);
    await store().addTraffic(body.data.id, 20, 0);
    await store().markUsed(body.data.id, '198.51.100.7', now);
    await store().markUsed(body.data.id, '203.0.113.9', now);
    const [row] = await w.t.db
      .select()
      .from(remoteSessions)
      .where(eq(remoteSessions.id, body.data.id));
    expect(row).toMatchObject({ inputBytes: 120, outputBytes: 2500, clientIp: '198.51.100.7' });
    await store().end(body.data.id, 'tunnel closed', now);
    await store().end(body.data.id, 'second reason', now);
    expect((await store().byId(body.data.id))?.endedAt).not.toBeNull();
    const [ended] = await w.t.db
      .select()
      .from(remoteSessions)
      .where(eq(remoteSessions.id, body.data.id));
    expect(ended?.endReason).toBe('tunnel closed');
  });
});

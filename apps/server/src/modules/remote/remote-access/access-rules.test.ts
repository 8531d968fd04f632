import { ACCESS_RULE_FIELDS, type AccessRule, REMOTE_ACCESS_MESSAGES } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteAccessRules } from '@/db/schema';
import { buildRemoteWorld, firstError, type RemoteWorld } from './remote-access.fixtures';

let w: RemoteWorld;
beforeAll(async () => {
  w = await buildRemoteWorld();
});
afterAll(() => w.t.close());

const ruleRow = async (id: number) =>
  (await w.t.db.select().from(remoteAccessRules).where(eq(remoteAccessRules.id, id)))[0] ?? null;

const item = (values: Record<string, unknown> = {}) => ({
  device_id: w.device.id,
  name: 'LAN camera',
  destination_ip: '192.168.1.20',
  destination_port: 8080,
  protocol: 'http',
  ...values,
});

describe('creating access rules', () => {
  it('answers 201 with a status channel and the rules as created (RMS shape)', async () => {
    const response = await w.call(w.sessions.manager, 'POST', '/api/devices/remote-access', {
      data: [item({ credentials_required: true })],
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<{ meta: { channel: string }; data: AccessRule[] }>();
    expect(body.data).toEqual([
      expect.objectContaining({
        device_id: w.device.id,
        name: 'LAN camera',
        destination_ip: '192.168.1.20',
        destination_port: 8080,
        protocol: 'http',
        is_main: false,
        credentials_required: true,
        device_name: 'Own router',
        company_name: 'Own company',
        company_id: w.own.id,
        tags: [],
        active_sessions: 0,
      }),
    ]);
    const updates = await w.readChannel(w.sessions.manager, body.meta.channel);
    expect(updates[String(w.device.id)]?.[0]?.status).toBe('completed');
  });

  it.each([
    ['a malformed address', { destination_ip: '300.1.1.1' }, 'data.0.destination_ip', 422],
    ['a public address', { destination_ip: '8.8.8.8' }, 'data.0.destination_ip', 422],
    ['a link-local address', { destination_ip: '169.254.169.254' }, 'data.0.destination_ip', 422],
    ['a short name', { name: 'ab' }, 'data.0.name', 422],
    ['port 0', { destination_port: 0 }, 'data.0.destination_port', 422],
    ['port 65536', { destination_port: 65_536 }, 'data.0.destination_port', 422],
  ])('refuses %s, naming the field', async (_, values, source, status) => {
    const response = await w.call(w.sessions.manager, 'POST', '/api/devices/remote-access', {
      data: [item(values)],
    });
    expect(response.statusCode, response.body).toBe(status);
    expect(firstError(response.body)?.source).toBe(source);
  });

  it('says why a public address is refused', async () => {
    const response = await w.call(w.sessions.manager, 'POST', '/api/devices/remote-access', {
      data: [item(), item({ destination_ip: '8.8.8.8' })],
    });
    expect(response.statusCode).toBe(422);
    expect(firstError(response.body)).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: REMOTE_ACCESS_MESSAGES.targetNotAllowed,
      source: 'data.1.destination_ip',
    });
  });

  it("answers 404 for another company's device and writes nothing", async () => {
    const before = (await w.t.db.select().from(remoteAccessRules)).length;
    const response = await w.call(w.sessions.manager, 'POST', '/api/devices/remote-access', {
      data: [item(), item({ device_id: w.foreignDevice.id })],
    });
    expect(response.statusCode, response.body).toBe(404);
    expect(firstError(response.body)?.source).toBe('data.1.device_id');
    expect((await w.t.db.select().from(remoteAccessRules)).length).toBe(before);
  });

  it('refuses writes to a read-only user (403) but lets them read', async () => {
    const id = await w.createRule(w.sessions.manager, w.device.id);
    const viewer = w.sessions.viewer;
    const post = await w.call(viewer, 'POST', '/api/devices/remote-access', { data: [item()] });
    const put = await w.call(viewer, 'PUT', `/api/devices/remote-access/${id}`, { name: 'Mine' });
    const del = await w.call(viewer, 'DELETE', '/api/devices/remote-access', { id: [id] });
    expect([post.statusCode, put.statusCode, del.statusCode]).toEqual([403, 403, 403]);
    const list = await w.call(viewer, 'GET', `/api/devices/remote-access?device_id=${w.device.id}`);
    expect(list.statusCode).toBe(200);
    expect((await ruleRow(id))?.name).toBe('Router UI');
  });
});

describe('listing access rules', () => {
  it("filters by device, searches, pages and never shows another company's rules", async () => {
    const own = await w.createRule(w.sessions.manager, w.device.id, {
      destination_ip: '10.0.0.7',
    });
    const foreign = await w.createRule(w.sessions.stranger, w.foreignDevice.id);

    const all = await w.call(w.sessions.manager, 'GET', '/api/devices/remote-access');
    const ids = all.json<{ data: AccessRule[] }>().data.map((rule) => rule.id);
    expect(ids).toContain(own);
    expect(ids).not.toContain(foreign);
    expect(all.json<{ meta: { total: number } }>().meta.total).toBe(ids.length);

    const probe = async (query: string) =>
      (await w.call(w.sessions.manager, 'GET', `/api/devices/remote-access?${query}`)).json<{
        data: AccessRule[];
        meta: { total: number };
      }>();
    expect((await probe(`device_id=${w.foreignDevice.id}`)).data).toEqual([]);
    expect((await probe(`company_id=${w.other.id}`)).data).toEqual([]);
    expect((await probe('q=10.0.0.7')).data.map((rule) => rule.id)).toEqual([own]);
    const page = await probe('limit=1&offset=0&sort=-id');
    expect(page.data).toHaveLength(1);
    expect(page.data[0]?.id).toBe(Math.max(...ids));
    expect(page.meta.total).toBe(ids.length);
  });

  it('picks fields, and names them with fields_only', async () => {
    const picked = await w.call(
      w.sessions.manager,
      'GET',
      '/api/devices/remote-access?fields=id,name',
    );
    expect(Object.keys(picked.json<{ data: object[] }>().data[0] ?? {})).toEqual(['id', 'name']);
    const names = await w.call(
      w.sessions.manager,
      'GET',
      '/api/devices/remote-access?fields_only=true',
    );
    expect(names.json<{ data: string[] }>().data).toEqual(ACCESS_RULE_FIELDS);
    const unknown = await w.call(
      w.sessions.manager,
      'GET',
      '/api/devices/remote-access?fields=nope',
    );
    expect(unknown.statusCode).toBe(400);
    expect(firstError(unknown.body)?.source).toBe('fields');
  });
});

describe('changing and removing access rules', () => {
  it('updates a rule and answers it with a channel', async () => {
    const id = await w.createRule(w.sessions.manager, w.device.id);
    const response = await w.call(w.sessions.manager, 'PUT', `/api/devices/remote-access/${id}`, {
      name: 'Router SSH',
      protocol: 'ssh',
      destination_port: 22,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ meta: { channel: string }; data: AccessRule }>();
    expect(body.data).toMatchObject({ id, name: 'Router SSH', protocol: 'ssh', is_main: true });
    expect(body.meta.channel).toMatch(/^private-status\./);
  });

  it('refuses a public target on update, naming the field', async () => {
    const id = await w.createRule(w.sessions.manager, w.device.id);
    const response = await w.call(w.sessions.manager, 'PUT', `/api/devices/remote-access/${id}`, {
      destination_ip: '1.1.1.1',
    });
    expect(response.statusCode).toBe(422);
    expect(firstError(response.body)?.source).toBe('destination_ip');
    expect((await ruleRow(id))?.destinationIp).toBe('127.0.0.1');
  });

  it("answers 404 for another company's rule, and changes nothing", async () => {
    const foreign = await w.createRule(w.sessions.stranger, w.foreignDevice.id);
    const put = await w.call(w.sessions.manager, 'PUT', `/api/devices/remote-access/${foreign}`, {
      name: 'Taken over',
    });
    expect(put.statusCode).toBe(404);
    const own = await w.createRule(w.sessions.manager, w.device.id);
    const del = await w.call(w.sessions.manager, 'DELETE', '/api/devices/remote-access', {
      id: [own, foreign],
    });
    expect(del.statusCode).toBe(404);
    expect(firstError(del.body)?.source).toBe('id.1');
    expect(await ruleRow(own)).not.toBeNull();
    expect((await ruleRow(foreign))?.name).toBe('Router UI');
  });

  it('removes rules and answers a channel', async () => {
    const id = await w.createRule(w.sessions.manager, w.device.id);
    const response = await w.call(w.sessions.manager, 'DELETE', '/api/devices/remote-access', {
      id: [id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, meta: { channel: expect.any(String) } });
    expect(await ruleRow(id)).toBeNull();
  });
});

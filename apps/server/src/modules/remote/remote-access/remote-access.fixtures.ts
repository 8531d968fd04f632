import type { StatusChannelData } from '@netfleet/contracts';
import { expect } from 'vitest';
import type { Config } from '@/config';
import { buildTestApp, type TestApp } from '@test/app';
import { createFakeGateway, type FakeGateway, insertDevice } from '@test/fake-gateway';
import { createCompany, createUser } from '@test/factories';
import { loginAs, type TestSession } from '@test/session';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Two companies: A with a manager, a colleague (also a manager) and a read-only viewer, B with
 * its own manager; one device in each. The device gateway is a stand-in: tests say which devices
 * are online (`config.mqttUrl` puts it behind an external broker, shared with other instances).
 */
export const buildRemoteWorld = async (config: Partial<Config> = {}) => {
  const gateway: FakeGateway = createFakeGateway();
  const t: TestApp = await buildTestApp(config, { deviceGateway: gateway });
  const own = await createCompany(t.db, { name: 'Own company' });
  const other = await createCompany(t.db, { name: 'Other company' });
  const users = {
    manager: await createUser(t.db, 'end_user', { company: own }),
    colleague: await createUser(t.db, 'end_user', { company: own }),
    viewer: await createUser(t.db, 'read_only', { company: own }),
    stranger: await createUser(t.db, 'end_user', { company: other }),
  };
  const entries = await Promise.all(
    Object.entries(users).map(async ([name, user]) => [name, await loginAs(t.app, user)] as const),
  );
  const sessions = Object.fromEntries(entries) as Record<keyof typeof users, TestSession>;
  const device = await insertDevice(t.db, own, { name: 'Own router' });
  const foreignDevice = await insertDevice(t.db, other, { name: 'Other router' });

  const call = (as: TestSession, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: as.headers, ...(payload ? { payload } : {}) });

  /** The updates of a status channel, read back as its owner. */
  const readChannel = async (as: TestSession, channel: string) => {
    const response = await call(as, 'GET', `/api/status/channel/${encodeURIComponent(channel)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: StatusChannelData }>().data;
  };

  /** A rule of `deviceId` created through the API as `as`; its id. */
  const createRule = async (
    as: TestSession,
    deviceId: number,
    rule: { destination_ip?: string; destination_port?: number; protocol?: string } = {},
  ) => {
    const response = await call(as, 'POST', '/api/devices/remote-access', {
      data: [
        {
          device_id: deviceId,
          name: 'Router UI',
          destination_ip: '127.0.0.1',
          destination_port: 80,
          protocol: 'http',
          ...rule,
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: { id: number }[] }>().data[0]?.id ?? 0;
  };

  return {
    t,
    gateway,
    own,
    other,
    users,
    sessions,
    device,
    foreignDevice,
    call,
    readChannel,
    createRule,
  };
};

export type RemoteWorld = Awaited<ReturnType<typeof buildRemoteWorld>>;

/** The first error of an error envelope. */
export const firstError = (body: string) =>
  (JSON.parse(body) as { errors: { code: string; message: string; source: string | null }[] })
    .errors[0];

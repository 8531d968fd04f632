import { ERROR_CODES } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceJobs, devices } from '@/db/schema';
import type { CompanyRow, UserRow } from '@/db/types';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import { buildTestApp, type TestApp } from '@test/app';
import { waitFor } from '@test/devices';
import { createCompany, createUser } from '@test/factories';
import { createFakeGateway, insertDevice } from '@test/fake-gateway';
import { createPresence } from '@/modules/fleet/device-gateway/presence';
import { createPresenceRepository } from '@/modules/fleet/device-gateway/presence.repository';
import { createDeviceJobsRepository } from './device-jobs.repository';
import { createDeviceRequests } from './device-requests';
import { createJobArgsRenderers } from './job-args';
import { createJobWaiters } from './job-waiters';

let t: TestApp;
let company: CompanyRow;
let user: UserRow;
const messages = { offline: 'offline!', timeout: 'too slow!' };

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.db);
  user = await createUser(t.db, 'admin', { company });
});
afterAll(() => t.close());

const auth = () => ({ user: { id: user.id } }) as AuthContext;

/** `shared`: behind an external broker, where the database's status counts too. */
const setup = async ({ shared = false } = {}) => {
  const gateway = createFakeGateway();
  const device = await insertDevice(t.db, company);
  gateway.online.add(device.id);
  const requests = createDeviceRequests({
    jobsRepository: createDeviceJobsRepository(t.db),
    link: gateway.link,
    presence: createPresence({
      here: gateway.link.isOnline,
      shared,
      repository: createPresenceRepository(t.db),
    }),
    waiters: createJobWaiters(),
    renderers: createJobArgsRenderers({ warn: () => undefined }),
    now: () => new Date(),
    log: { warn: () => undefined },
  });
  const job = async () =>
    (await t.db.select().from(deviceJobs).where(eq(deviceJobs.deviceId, device.id)))[0];
  return { gateway, deviceId: device.id, requests, job };
};

/** The device connected to another instance: unknown here, online in its row. */
const connectedElsewhere = async (setUp: Awaited<ReturnType<typeof setup>>) => {
  setUp.gateway.online.delete(setUp.deviceId);
  await t.db.update(devices).set({ status: 1 }).where(eq(devices.id, setUp.deviceId));
};

describe('device requests', () => {
  it('times the job out when the device does not answer, so it is never sent again', async () => {
    const { requests, deviceId, job } = await setup();
    await expect(
      requests.ask(auth(), deviceId, 'hotspot_users', { index: 0 }, { timeoutMs: 300, messages }),
    ).rejects.toMatchObject({ statusCode: 504, code: ERROR_CODES.DEVICE_TIMEOUT });
    expect(await job()).toMatchObject({ status: 'timeout', message: 'too slow!' });
  });

  it('finds an answer that another instance applied, by reading the job', async () => {
    const { requests, deviceId, gateway, job } = await setup();
    const asked = requests.ask(
      auth(),
      deviceId,
      'hotspot_users',
      { index: 0 },
      { timeoutMs: 5_000, messages },
    );
    await waitFor(() => gateway.commandsFor(deviceId).length === 1);
    const sent = await job();
    // As another instance's ack handling would: the row moves, this instance hears nothing.
    await t.db
      .update(deviceJobs)
      .set({ status: 'completed', result: '{"users":[]}', finishedAt: new Date() })
      .where(eq(deviceJobs.id, sent?.id ?? 0));
    expect(await asked).toEqual({ status: 'completed', result: '{"users":[]}', message: null });
  });

  it('treats a broker that refuses the command as an offline device', async () => {
    const { requests, deviceId, gateway, job } = await setup();
    gateway.link.sendCommand = () => Promise.reject(new Error('broker down'));
    await expect(
      requests.ask(auth(), deviceId, 'hotspot_users', { index: 0 }, { timeoutMs: 1_000, messages }),
    ).rejects.toMatchObject({ statusCode: 409, code: ERROR_CODES.DEVICE_OFFLINE });
    expect(await job()).toMatchObject({ status: 'failed', message: 'offline!' });
  });

  it('asks a device another instance holds, behind an external broker', async () => {
    const setUp = await setup({ shared: true });
    const { requests, deviceId, gateway, job } = setUp;
    await connectedElsewhere(setUp);
    const asked = requests.ask(
      auth(),
      deviceId,
      'hotspot_users',
      { index: 0 },
      { timeoutMs: 5_000, messages },
    );
    await waitFor(() => gateway.commandsFor(deviceId).length === 1);
    const sent = await job();
    await t.db
      .update(deviceJobs)
      .set({ status: 'completed', result: '{"users":[]}', finishedAt: new Date() })
      .where(eq(deviceJobs.id, sent?.id ?? 0));
    expect(await asked).toMatchObject({ status: 'completed' });
  });

  it('times out on a device the database still calls online but that is gone', async () => {
    const setUp = await setup({ shared: true });
    await connectedElsewhere(setUp);
    await expect(
      setUp.requests.ask(auth(), setUp.deviceId, 'hotspot_users', {}, { timeoutMs: 300, messages }),
    ).rejects.toMatchObject({ statusCode: 504, code: ERROR_CODES.DEVICE_TIMEOUT });
    expect(await setUp.job()).toMatchObject({ status: 'timeout', message: 'too slow!' });
  });

  it('with the embedded broker, goes by this instance alone: no job for an unknown device', async () => {
    const setUp = await setup();
    await connectedElsewhere(setUp);
    await expect(
      setUp.requests.ask(auth(), setUp.deviceId, 'hotspot_users', {}, { timeoutMs: 300, messages }),
    ).rejects.toMatchObject({ statusCode: 409, code: ERROR_CODES.DEVICE_OFFLINE });
    expect(await setUp.job()).toBeUndefined();
  });
});

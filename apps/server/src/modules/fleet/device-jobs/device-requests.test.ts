import { ERROR_CODES } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceJobs } from '@/db/schema';
import type { CompanyRow, UserRow } from '@/db/types';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import { buildTestApp, type TestApp } from '@test/app';
import { waitFor } from '@test/devices';
import { createCompany, createUser } from '@test/factories';
import { createFakeGateway, insertDevice } from '@test/fake-gateway';
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

const setup = async () => {
  const gateway = createFakeGateway();
  const device = await insertDevice(t.db, company);
  gateway.online.add(device.id);
  const requests = createDeviceRequests({
    jobsRepository: createDeviceJobsRepository(t.db),
    link: gateway.link,
    waiters: createJobWaiters(),
    renderers: createJobArgsRenderers({ warn: () => undefined }),
    now: () => new Date(),
    log: { warn: () => undefined },
  });
  const job = async () =>
    (await t.db.select().from(deviceJobs).where(eq(deviceJobs.deviceId, device.id)))[0];
  return { gateway, deviceId: device.id, requests, job };
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
});

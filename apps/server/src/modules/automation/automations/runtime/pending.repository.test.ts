import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automationPending } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { insertDevice } from '@test/fake-gateway';
import { insertSignalRule } from './runtime.fixtures';
import { createRuntimeRepository } from './runtime.repository';

let t: TestApp;
let company: CompanyRow;

beforeAll(async () => {
  t = await buildTestApp();
  company = await createCompany(t.db);
});
afterAll(() => t.close());

describe('pending delays checkpoint (runtime repository)', () => {
  it('upserts, deletes, replaces partitions and skips rows whose rule or device is gone', async () => {
    const repository = createRuntimeRepository(t.db);
    const user = await createUser(t.db, 'admin', { company });
    const one = await insertDevice(t.db, company, { name: 'RUT955-one' });
    const two = await insertDevice(t.db, company, { name: 'RUT955-two' });
    const rule = await insertSignalRule(t.db, {
      companyId: company.id,
      userId: user.id,
      deviceId: one.id,
      actions: [],
    });
    const at = new Date('2026-11-30T08:00:00.123Z');
    const row = (deviceId: number, since = at, count = 1) => ({
      automationId: rule.id,
      deviceId,
      since,
      count,
    });
    const rows = async () =>
      (await repository.pendingDelays())
        .map((r) => `${r.deviceId}@${r.since.toISOString()}x${r.count}`)
        .sort();

    await repository.savePending({
      partitions: null,
      of: 64,
      // The last names a device that does not exist: skipped, not a failed checkpoint.
      upserts: [row(one.id), row(two.id), row(2_000_000_000)],
      deletes: [],
    });
    expect(await rows()).toEqual([
      `${one.id}@${at.toISOString()}x1`,
      `${two.id}@${at.toISOString()}x1`,
    ]);

    const later = new Date(at.getTime() + 60_000);
    await repository.savePending({
      partitions: null,
      of: 64,
      upserts: [row(one.id, later, 3)],
      deletes: [{ automationId: rule.id, deviceId: two.id }],
    });
    expect(await rows()).toEqual([`${one.id}@${later.toISOString()}x3`]);

    // A whole write of the partition of device `one`: what was there goes.
    await repository.savePending({ partitions: [one.id % 64], of: 64, upserts: [], deletes: [] });
    expect(await t.db.select().from(automationPending)).toEqual([]);
  });
});

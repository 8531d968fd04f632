import type { PasswordBatch } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passwordBatches } from '@/db/schema';
import { createSecretBox } from '@/lib/crypto';
import { createDevicePasswordsRepository } from '@/modules/automation/device-passwords/device-passwords.repository';
import { createPasswordSteps } from '@/modules/automation/device-passwords/password-steps';
import { eventually } from '@test/eventually';
import { insertDevice } from '@test/fake-gateway';
import { useTaskWorld } from './device-tasks.fixtures';

// The password_change step: per-device passwords as set_password jobs, in a list downloadable once.
const { w, call, createGroup, execute, runOf, taskLogs, nextCommand } = useTaskWorld();

const passwordStep = (extra: object = {}) => ({
  name: 'New passwords',
  order: 0,
  timeout: 60,
  action: 'password_change',
  data: { password_length: 20, password_special: true },
  ...extra,
});

const batchesOf = async () =>
  (
    (await call('GET', '/api/devices/passwords/generated/tasks?limit=100')).json() as {
      data: PasswordBatch[];
    }
  ).data;

describe('password change steps', () => {
  it('gives each device its own password, in a list downloadable once', async () => {
    const groupId = await createGroup([passwordStep({ retries: 1 })]);
    const a = await insertDevice(w.t.db, w.company);
    const b = await insertDevice(w.t.db, w.company);
    w.gateway.online.add(a.id).add(b.id);
    const before = new Set((await batchesOf()).map((batch) => batch.id));
    const { run_id: runId } = await execute(groupId, { device_id: [a.id, b.id] });

    const sentA = await nextCommand(a.id, 'set_password');
    const sentB = await nextCommand(b.id, 'set_password');
    const [pa, pb] = [String(sentA.args.password), String(sentB.args.password)];
    expect(pa).toHaveLength(20);
    expect(pa).toMatch(/[^A-Za-z0-9]/);
    expect(pa).not.toBe(pb);

    // b fails (its retry waits out the back-off): the list keeps both, with their states.
    await w.gateway.listener.ack(a.id, { id: sentA.id, status: 'completed' });
    await w.gateway.listener.ack(b.id, { id: sentB.id, status: 'failed', message: 'busy' });
    await eventually(async () => {
      expect((await taskLogs(runId, a.id))[0]).toMatchObject({ status: 'completed' });
    });
    const batch = (await batchesOf()).find((entry) => !before.has(entry.id));
    expect(batch).toMatchObject({ total: 2, completed: 1, downloadable: true });

    const download = await call('GET', `/api/tasks/${batch?.id ?? ''}/download/passwords`);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.body).toContain(pa);
    expect(download.body).toContain(pb);
    const again = await call('GET', `/api/tasks/${batch?.id ?? ''}/download/passwords`);
    expect(again.statusCode).toBe(400);
    expect((await runOf(runId)).counts).toMatchObject({ completed: 1 });
  });

  it('starts a new list for a device that changes after the download', async () => {
    const groupId = await createGroup([passwordStep()]);
    const device = await insertDevice(w.t.db, w.company);
    w.gateway.online.add(device.id);
    const before = new Set((await batchesOf()).map((batch) => batch.id));
    const { run_id: runId } = await execute(groupId, { device_id: [device.id] });
    const sent = await nextCommand(device.id, 'set_password');
    const first = (await batchesOf()).find((entry) => !before.has(entry.id));
    expect((await call('GET', `/api/tasks/${first?.id ?? ''}/download/passwords`)).statusCode).toBe(
      200,
    );

    // The step's retry (or a device reached late) after the list was downloaded.
    const steps = createPasswordSteps({
      repository: createDevicePasswordsRepository(w.t.db),
      box: createSecretBox('test-secret', 'device-passwords'),
    });
    const owner = { runId, stepIndex: 0, companyId: w.company.id, userId: null, channel: null };
    await w.t.db.transaction((tx) => steps.record(owner, device.id, sent.id, 'Another1pass', tx));
    const lists = await w.t.db
      .select()
      .from(passwordBatches)
      .where(eq(passwordBatches.runId, runId));
    expect(lists).toHaveLength(2);
    expect(lists.filter((list) => list.deletedAt === null).map((list) => list.id)).not.toContain(
      first?.id,
    );
    expect((await batchesOf()).filter((entry) => entry.downloadable)).toHaveLength(1);
  });
});

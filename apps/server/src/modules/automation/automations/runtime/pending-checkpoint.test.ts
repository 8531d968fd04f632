import { describe, expect, it } from 'vitest';
import type { PendingState } from '@/modules/automation/automations/engine/rule-types';
import { createPendingCheckpoint } from './pending-checkpoint';
import type { PendingChange } from './runtime.repository';

const state = (ruleId: number, deviceId: number, since = 1000, count = 1): PendingState => ({
  ruleId,
  deviceId,
  since: new Date(since),
  count,
});
const pairs = (rows: PendingChange['upserts'] | PendingChange['deletes']) =>
  rows.map((row) => `${row.automationId}:${row.deviceId}`);

const build = (owned: (deviceId: number) => boolean = () => true) => {
  const saved: PendingChange[] = [];
  let pending: PendingState[] = [];
  let failing = false;
  let owns = owned;
  let loading: Promise<void> = Promise.resolve();
  const checkpoint = createPendingCheckpoint({
    repository: {
      savePending: async (change) => {
        if (failing) throw new Error('database away');
        saved.push(change);
      },
    },
    pending: () => pending,
    owns: (deviceId) => owns(deviceId),
    settled: () => loading,
    log: { error: () => undefined },
  });
  return {
    saved,
    checkpoint,
    set: (next: PendingState[]) => void (pending = next),
    fail: (next: boolean) => void (failing = next),
    own: (next: (deviceId: number) => boolean) => void (owns = next),
    load: (next: Promise<void>) => void (loading = next),
  };
};

describe('pending checkpoint', () => {
  it('replaces the owned partitions first, then writes only what changed', async () => {
    const c = build();
    c.set([state(1, 10), state(2, 11)]);
    await c.checkpoint.write();
    expect(c.saved[0]?.partitions).toHaveLength(64);
    expect(pairs(c.saved[0]?.upserts ?? [])).toEqual(['1:10', '2:11']);

    // Unchanged: nothing written. One new, one restarted, one gone.
    await c.checkpoint.write();
    expect(c.saved).toHaveLength(1);
    c.set([state(1, 10, 5000), state(3, 12)]);
    await c.checkpoint.write();
    expect(c.saved[1]).toMatchObject({ partitions: null });
    expect(pairs(c.saved[1]?.upserts ?? [])).toEqual(['1:10', '3:12']);
    expect(pairs(c.saved[1]?.deletes ?? [])).toEqual(['2:11']);
  });

  it('keeps to the devices it evaluates and writes whole again when they change', async () => {
    const c = build((deviceId) => deviceId % 64 < 32);
    c.set([state(1, 10), state(1, 40)]);
    await c.checkpoint.write();
    expect(c.saved[0]?.partitions).toHaveLength(32);
    expect(pairs(c.saved[0]?.upserts ?? [])).toEqual(['1:10']);

    // Partition 10 went to another instance: its rows are that instance's to write.
    c.own((deviceId) => deviceId % 64 < 32 && deviceId % 64 !== 10);
    c.set([]);
    await c.checkpoint.write();
    expect(c.saved[1]?.partitions).toHaveLength(31);
    expect(c.saved[1]?.deletes).toEqual([]);
  });

  it('tries a failed write again in full', async () => {
    const c = build();
    c.set([state(1, 10)]);
    c.fail(true);
    await c.checkpoint.write();
    expect(c.saved).toEqual([]);
    c.fail(false);
    await c.checkpoint.write();
    expect(c.saved[0]?.partitions).toHaveLength(64);
    expect(pairs(c.saved[0]?.upserts ?? [])).toEqual(['1:10']);
  });

  it('writes at stop only once started: before, it holds nothing it could write', async () => {
    const c = build();
    await c.checkpoint.close();
    expect(c.saved).toEqual([]);
    c.checkpoint.start();
    c.set([state(1, 10)]);
    await c.checkpoint.close();
    expect(pairs(c.saved[0]?.upserts ?? [])).toEqual(['1:10']);
  });

  it('waits for a restore in progress before it writes a partition taken over', async () => {
    const c = build();
    await c.checkpoint.write();
    let restored: () => void = () => undefined;
    c.load(new Promise<void>((done) => (restored = done)));
    const writing = c.checkpoint.write();
    await new Promise((wake) => setImmediate(wake));
    // The restore brings the taken-over partition's delay into the evaluator.
    c.set([state(1, 10)]);
    restored();
    await writing;
    expect(pairs(c.saved[1]?.upserts ?? [])).toEqual(['1:10']);
  });
});

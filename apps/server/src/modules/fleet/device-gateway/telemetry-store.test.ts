import { describe, expect, it } from 'vitest';
import type { LatestRow, LivenessRow, TelemetryRow, UsageRow } from './gateway.repository';
import { storeLiveness, storeTelemetry } from './telemetry-store';

const reading = (deviceId: number): TelemetryRow => ({
  deviceId,
  category: 0,
  ts: new Date(0),
  receivedAt: new Date(0),
  json: '{}',
});
const latest = (deviceId: number): LatestRow => ({ deviceId, values: {}, at: new Date(0) });
const usage: UsageRow = { deviceId: 1, day: '2026-01-01', modem: 1, sim: 1, rx: 1, tx: 1 };

/** A repository that records each statement's size and fails the `failAt`-th readings slice. */
const recording = (failAt = -1) => {
  const calls: string[] = [];
  let readingSlices = 0;
  return {
    calls,
    repository: {
      insertReadings: async (rows: TelemetryRow[]) => {
        if (readingSlices++ === failAt) throw new Error('database gone');
        calls.push(`readings ${rows.length}`);
      },
      storeLatest: async (rows: LatestRow[]) => {
        calls.push(`latest ${rows.length}`);
        return new Map(rows.map((row) => [row.deviceId, 7]));
      },
      addUsage: async (rows: UsageRow[]) => {
        calls.push(`usage ${rows.length}`);
      },
    },
  };
};

describe('storeTelemetry', () => {
  it('writes a large batch in slices, each its own statement', async () => {
    const { calls, repository } = recording();
    const outcome = await storeTelemetry(repository, {
      rows: Array.from({ length: 4500 }, (_, i) => reading(i)),
      latest: Array.from({ length: 1200 }, (_, i) => latest(i)),
      usage: [usage],
    });
    expect(calls).toEqual([
      'readings 2000',
      'readings 2000',
      'readings 500',
      'latest 500',
      'latest 500',
      'latest 200',
      'usage 1',
    ]);
    expect(outcome.error).toBeUndefined();
    expect(outcome.written.size).toBe(1200);
    expect(outcome.failed).toEqual({ rows: [], latest: [], usage: [] });
  });

  it('hands back the failed slice and everything after it, and nothing written', async () => {
    const { calls, repository } = recording(1);
    const rows = Array.from({ length: 4500 }, (_, i) => reading(i));
    const outcome = await storeTelemetry(repository, { rows, latest: [latest(1)], usage: [usage] });
    expect(calls).toEqual(['readings 2000']);
    expect(outcome.error).toBeInstanceOf(Error);
    expect(outcome.failed.rows).toEqual(rows.slice(2000));
    expect(outcome.failed.latest).toEqual([latest(1)]);
    expect(outcome.failed.usage).toEqual([usage]);
    expect(outcome.written.size).toBe(0);
  });
});

describe('storeLiveness', () => {
  const row = (deviceId: number): LivenessRow => ({
    deviceId,
    status: 1,
    seenAt: new Date(0),
    connectedAt: new Date(0),
  });

  it('writes status rows in slices and hands back the failed slice and those after it', async () => {
    const sizes: number[] = [];
    const rows = Array.from({ length: 1700 }, (_, i) => row(i));
    const outcome = await storeLiveness(
      {
        applyLiveness: async (part: LivenessRow[]) => {
          if (sizes.length === 2) throw new Error('database gone');
          sizes.push(part.length);
          return new Map(part.map((r) => [r.deviceId, 1]));
        },
      },
      rows,
    );
    expect(sizes).toEqual([500, 500]);
    expect(outcome.written.size).toBe(1000);
    expect(outcome.failed).toEqual(rows.slice(1000));
    expect(outcome.error).toBeInstanceOf(Error);
  });
});

import { describe, expect, it } from 'vitest';
import { createTelemetryBuffer } from './telemetry-buffer';

const DAY_MS = 86_400_000;
const now = new Date('2026-03-01T12:00:00Z');
const gps = (ts: number, longitude = 25) => ({ ts, data: { latitude: 54, longitude } });
const dynamic = (rx: number) => ({
  ts: now.getTime(),
  data: {
    uptime: 1,
    temperature: null,
    wan_state: 'mobile',
    modems: [
      {
        modem: 1,
        sim: 2,
        signal: -80,
        operator: null,
        network_state: null,
        connection_type: null,
        rx,
        tx: 1,
      },
    ],
  },
});

describe('telemetry buffer', () => {
  it('keeps reading times within retention and a day ahead', () => {
    const buffer = createTelemetryBuffer({ retentionDays: 30 });
    expect(buffer.add(1, 'gps', gps(now.getTime() - 365 * DAY_MS), now)).toBe(true);
    expect(buffer.add(1, 'gps', gps(now.getTime() + 365 * DAY_MS), now)).toBe(true);
    expect(buffer.add(1, 'gps', { ts: 'yesterday', data: {} }, now)).toBe(false);
    const { rows } = buffer.drain();
    expect(rows.map((row) => row.ts.getTime() - now.getTime())).toEqual([-30 * DAY_MS, DAY_MS]);
  });

  it('sums data usage per day, modem and SIM and lets the newest reading win', () => {
    const buffer = createTelemetryBuffer({ retentionDays: 30 });
    buffer.add(7, 'dynamic', dynamic(100), now);
    buffer.add(7, 'dynamic', dynamic(50), now);
    buffer.add(7, 'gps', gps(now.getTime(), 1), now);
    buffer.add(7, 'gps', gps(now.getTime(), 2), now);
    const batch = buffer.drain();
    expect(batch.usage).toEqual([
      { deviceId: 7, day: '2026-03-01', modem: 1, sim: 2, rx: 150, tx: 2 },
    ]);
    expect(batch.latest).toHaveLength(1);
    expect(batch.latest[0]?.values).toMatchObject({ signal: -80, longitude: 2 });
    expect(Object.keys(batch.latest[0]?.values.info ?? {}).sort()).toEqual(['dynamic', 'gps']);
  });

  it('retries a failed batch with the newer readings, giving up the oldest past its limit', () => {
    const buffer = createTelemetryBuffer({ retentionDays: 30, maxRows: 3 });
    buffer.add(1, 'dynamic', dynamic(10), now);
    buffer.add(1, 'gps', gps(now.getTime(), 1), now);
    const failed = buffer.drain();
    buffer.add(1, 'dynamic', dynamic(5), now);
    buffer.add(1, 'gps', gps(now.getTime(), 3), now);
    expect(buffer.restore(failed)).toBe(1);
    const retry = buffer.drain();
    expect(retry.rows).toHaveLength(3);
    expect(retry.usage[0]?.rx).toBe(15);
    expect(retry.latest[0]?.values.longitude).toBe(3);
  });
});

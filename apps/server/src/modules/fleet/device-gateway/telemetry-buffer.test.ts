import { parseReading, type TelemetryCategory, toReadingText } from '@netfleet/contracts';
import { describe, expect, it } from 'vitest';
import { latestJson } from './latest-reading';
import { bufferedReading, createTelemetryBuffer } from './telemetry-buffer';

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

/** Validated here, as a reading from an external broker is. */
const valid = (category: TelemetryCategory, message: unknown) =>
  bufferedReading(category, Buffer.from(JSON.stringify(message)), undefined);

describe('buffered readings', () => {
  it('takes the JSON text the broker thread validated, or validates the payload itself', () => {
    const message = { ts: now.getTime(), data: { latitude: 54, longitude: 25, extra: 'dropped' } };
    const checked = parseReading('gps', JSON.stringify(message));
    if (!checked) throw new Error('the reading should be valid');
    const fromWorker = bufferedReading('gps', Buffer.alloc(0), toReadingText(checked));
    const here = valid('gps', message);
    const expected = { ts: now.getTime(), data: { latitude: 54, longitude: 25 } };
    expect(fromWorker).toEqual({ ...expected, json: '{"latitude":54,"longitude":25}' });
    expect(here).toEqual(fromWorker);
    expect(bufferedReading('gps', Buffer.from(JSON.stringify(message)), null)).toBeNull();
    expect(valid('gps', { ts: now.getTime(), data: { latitude: 'north' } })).toBeNull();
  });

  it('keeps only JSON text and splices it into the latest values document', () => {
    const buffer = createTelemetryBuffer({ retentionDays: 30 });
    buffer.add(7, 'dynamic', valid('dynamic', dynamic(100)), now);
    buffer.add(7, 'gps', valid('gps', gps(now.getTime(), 2)), now);
    const { rows, latest } = buffer.drain();
    expect(rows.map((row) => typeof row.json)).toEqual(['string', 'string']);
    expect(JSON.parse(rows[1]?.json ?? '')).toEqual({ latitude: 54, longitude: 2 });
    const values = latest[0]?.values ?? {};
    expect(JSON.parse(latestJson(values))).toMatchObject({
      signal: -80,
      longitude: 2,
      info: { gps: { latitude: 54, longitude: 2 }, dynamic: { uptime: 1, wan_state: 'mobile' } },
    });
    expect(JSON.parse(latestJson({ info: { gps: '{"a":1}' } }))).toEqual({
      info: { gps: { a: 1 } },
    });
    expect(JSON.parse(latestJson({ uptime: 3 }))).toEqual({ uptime: 3 });
  });
});

describe('telemetry buffer', () => {
  it('keeps reading times within retention and a day ahead', () => {
    const buffer = createTelemetryBuffer({ retentionDays: 30 });
    expect(buffer.add(1, 'gps', valid('gps', gps(now.getTime() - 365 * DAY_MS)), now)).toBe(true);
    expect(buffer.add(1, 'gps', valid('gps', gps(now.getTime() + 365 * DAY_MS)), now)).toBe(true);
    expect(buffer.add(1, 'gps', valid('gps', { ts: 'yesterday', data: {} }), now)).toBe(false);
    const { rows } = buffer.drain();
    expect(rows.map((row) => row.ts.getTime() - now.getTime())).toEqual([-30 * DAY_MS, DAY_MS]);
  });

  it('sums data usage per day, modem and SIM and lets the newest reading win', () => {
    const buffer = createTelemetryBuffer({ retentionDays: 30 });
    buffer.add(7, 'dynamic', valid('dynamic', dynamic(100)), now);
    buffer.add(7, 'dynamic', valid('dynamic', dynamic(50)), now);
    buffer.add(7, 'gps', valid('gps', gps(now.getTime(), 1)), now);
    buffer.add(7, 'gps', valid('gps', gps(now.getTime(), 2)), now);
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
    buffer.add(1, 'dynamic', valid('dynamic', dynamic(10)), now);
    buffer.add(1, 'gps', valid('gps', gps(now.getTime(), 1)), now);
    const failed = buffer.drain();
    buffer.add(1, 'dynamic', valid('dynamic', dynamic(5)), now);
    buffer.add(1, 'gps', valid('gps', gps(now.getTime(), 3)), now);
    expect(buffer.restore(failed)).toBe(1);
    const retry = buffer.drain();
    expect(retry.rows).toHaveLength(3);
    expect(retry.usage[0]?.rx).toBe(15);
    expect(retry.latest[0]?.values.longitude).toBe(3);
  });
});

describe('telemetry buffer: latest readings', () => {
  const reading = (deviceId: number, at: Date, buffer: ReturnType<typeof createTelemetryBuffer>) =>
    buffer.add(deviceId, 'gps', valid('gps', gps(at.getTime(), deviceId)), at);

  it('hands out the longest-waiting devices first, only once they waited long enough', () => {
    const buffer = createTelemetryBuffer({ retentionDays: 30 });
    const t0 = now.getTime();
    for (const [i, deviceId] of [3, 1, 2].entries())
      reading(deviceId, new Date(t0 + i * 1000), buffer);
    // A later reading of device 3 merges into its entry and keeps its place in line.
    reading(3, new Date(t0 + 9000), buffer);
    const first = buffer.drain({ before: t0 + 1000, max: 10 }, false);
    expect(first.rows).toHaveLength(4);
    expect(first.latest.map((row) => row.deviceId)).toEqual([3, 1]);
    expect(first.usage).toEqual([]);
    expect(first.latest[0]?.values.longitude).toBe(3);
    expect(first.latest[0]?.at).toEqual(new Date(t0 + 9000));
    expect(buffer.drain({ before: t0 + 1000, max: 10 }, false).latest).toEqual([]);
    // Device 2 has waited long enough, but the budget is spent.
    expect(buffer.drain({ before: t0 + 5000, max: 0 }, false).latest).toEqual([]);
    expect(
      buffer.drain({ before: t0 + 5000, max: 10 }, false).latest.map((r) => r.deviceId),
    ).toEqual([2]);
  });

  it('writes a device that just came online at the next drain, ahead of the line', () => {
    const buffer = createTelemetryBuffer({ retentionDays: 30 });
    const t0 = now.getTime();
    const wait = 15_000;
    reading(1, new Date(t0), buffer);
    buffer.online(2, new Date(t0 + 1000));
    reading(2, new Date(t0 + 2000), buffer);
    // A second later: device 1 still waits its turn, the newly connected device 2 does not.
    const first = buffer.drain({ before: t0 + 3000 - wait, max: 10 }, false);
    expect(first.latest.map((row) => row.deviceId)).toEqual([2]);
    // Readings arriving later in its first moments online go out at once too, within the budget.
    reading(2, new Date(t0 + 4000), buffer);
    expect(buffer.drain({ before: t0 + 5000 - wait, max: 0 }, false).latest).toEqual([]);
    expect(
      buffer.drain({ before: t0 + 5000 - wait, max: 1 }, false).latest.map((r) => r.deviceId),
    ).toEqual([2]);
    // Once it has been online for the whole wait, it is batched like any other device.
    reading(2, new Date(t0 + 17_000), buffer);
    const later = buffer.drain({ before: t0 + 17_000 - wait, max: 10 }, false);
    expect(later.latest.map((row) => row.deviceId)).toEqual([1]);
    expect(buffer.drain().latest.map((row) => row.deviceId)).toEqual([2]);
  });
});

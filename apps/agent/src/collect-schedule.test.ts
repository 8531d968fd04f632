import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DATA_COLLECT_PERIOD_MAX,
  type CollectConfig,
  type CollectMessage,
} from '@netfleet/contracts';
import { CollectSchedule } from './collect-schedule.ts';
import { localApi } from './local-api.ts';

const START = 1_750_000_000_000;

/** An API whose `/counter` answers 1, 2, 3 … on successive calls. */
const countingApi = () => {
  let calls = 0;
  return localApi({ '/counter': () => ({ value: ++calls }) });
};
const config = (id: number, period = 60): CollectConfig => ({
  id,
  period,
  data: [
    { url: '/counter', variables: [{ id: 'n', filter: '$.http_body.data.value', type: 'number' }] },
  ],
});

const start = (configs: CollectConfig[] = []) => {
  const sent: CollectMessage[] = [];
  const schedule = new CollectSchedule({
    api: countingApi(),
    publish: (message) => sent.push(message),
    configs,
  });
  return { schedule, sent };
};

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the data-collect schedule', () => {
  it('runs a new set at once, then every period, while connected', async () => {
    const { schedule, sent } = start();
    schedule.resume();
    schedule.replace([config(7)]);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ ts: START, config_id: 7, data: { '/counter': { n: 1 } }, log: [] }]);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent[1]).toEqual({
      ts: START + 60_000,
      config_id: 7,
      data: { '/counter': { n: 2 } },
      log: [],
    });
  });

  it('skips a run while the previous one of the same config is still reading', async () => {
    const sent: CollectMessage[] = [];
    // The first read takes 90 s (longer than the period); the rest answer at once.
    let calls = 0;
    const api = localApi({
      '/counter': async () => {
        calls += 1;
        if (calls === 1) await new Promise((resolve) => setTimeout(resolve, 90_000));
        return { value: calls };
      },
    });
    const schedule = new CollectSchedule({ api, publish: (m) => sent.push(m), configs: [] });
    schedule.resume();
    schedule.replace([config(7)]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sent.map((m) => m.data['/counter'])).toEqual([{ n: 1 }]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toBe(2);
    expect(sent).toHaveLength(2);
  });

  it('runs nothing while offline, and keeps each cadence across a reconnect', async () => {
    const { schedule, sent } = start([config(1, 60), config(2, 600)]);
    // A restarted device: the saved set runs as soon as it is connected.
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(0);
    schedule.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((m) => m.config_id)).toEqual([1, 2]);
    // Away for 90 s: config 1 fell due meanwhile and runs on return, config 2 waits its turn.
    schedule.pause();
    await vi.advanceTimersByTimeAsync(90_000);
    expect(sent).toHaveLength(2);
    schedule.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((m) => m.config_id)).toEqual([1, 2, 1]);
    await vi.advanceTimersByTimeAsync(510_000);
    expect(sent.map((m) => m.config_id)).toEqual([1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2]);
    expect(sent.at(-1)?.ts).toBe(START + 1000 + 600_000);
  });

  it('stops with an empty set, and drops a run the new set replaced', async () => {
    let release: (() => void) | undefined;
    const sent: CollectMessage[] = [];
    const schedule = new CollectSchedule({
      // An answer that takes its time, as a slow /proc read would.
      api: () =>
        new Promise((resolve) => (release = () => resolve({ http_code: 200, http_body: {} }))),
      publish: (message) => sent.push(message),
      configs: [config(3)],
    });
    schedule.resume();
    await vi.advanceTimersByTimeAsync(0);
    schedule.replace([]);
    release?.();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(sent).toEqual([]);
  });

  it('waits out a period longer than one timer can (a year) without running early', async () => {
    const { schedule, sent } = start([config(4, DATA_COLLECT_PERIOD_MAX)]);
    schedule.resume();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(DATA_COLLECT_PERIOD_MAX * 1000 - 1);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map((m) => m.ts)).toEqual([START, START + DATA_COLLECT_PERIOD_MAX * 1000]);
  });
});

import { describe, expect, it } from 'vitest';
import type { DataUsageDay } from '@netfleet/contracts';
import { latestValues, metricFormatter, readingSeries, usageSeries, usageTotal } from './metrics';
import { moveWidget, removeWidget } from './widgets';

const modem = (n: 1 | 2, signal: number | null) => ({
  modem: n,
  sim: 1,
  signal,
  operator: null,
  network_state: null,
  connection_type: null,
  rx: 10,
  tx: 5,
});
const reading = (datetime: string, data: object) => ({
  datetime,
  data: { uptime: 1, temperature: 400, wan_state: null, ...data },
});

describe('dashboard metrics', () => {
  it('draws a per-modem metric as one series per modem, in time order', () => {
    const chart = readingSeries('signal', [
      reading('2026-11-30T10:05:00Z', { modems: [modem(1, -70), modem(2, -90)] }),
      reading('2026-11-30T10:00:00Z', { modems: [modem(1, -65)] }),
      { datetime: '2026-11-30T10:10:00Z', data: { broken: true } },
    ]);
    expect(chart.timestamps).toEqual([
      Date.parse('2026-11-30T10:00:00Z') / 1000,
      Date.parse('2026-11-30T10:05:00Z') / 1000,
    ]);
    expect(chart.series).toEqual([
      { label: 'Modem 1 · SIM 1', values: [-65, -70] },
      { label: 'Modem 2 · SIM 1', values: [null, -90] },
    ]);
  });

  it('leaves out what the device never reported', () => {
    expect(
      readingSeries('rsrp', [reading('2026-11-30T10:00:00Z', { modems: [modem(1, -65)] })]).series,
    ).toEqual([]);
  });

  it('reads the latest value in degrees and formats it', () => {
    const values = latestValues(
      'temperature',
      reading('2026-11-30T10:00:00Z', { temperature: 415 }),
    );
    expect(values).toEqual([{ label: 'Temperature', value: 41.5 }]);
    expect(metricFormatter('temperature')(41.5)).toBe('41.5 °C');
    expect(latestValues('signal', null)).toEqual([]);
  });

  it('adds up data usage per day and in total', () => {
    const days: DataUsageDay[] = [
      {
        date: '2026-11-29',
        modems: [
          {
            modem_id: '1',
            sims: [
              { sim_id: 1, sim_label: 'SIM 1', data: { rx: 1000, tx: 24 } },
              { sim_id: 2, sim_label: 'SIM 2', data: { rx: 0, tx: 1024 } },
            ],
          },
        ],
      },
    ];
    expect(usageSeries(days).series).toEqual([
      { label: 'Data usage per day', values: [2048], bars: true },
    ]);
    expect(usageTotal(days)).toBe(2048);
    expect(metricFormatter('data_usage')(2048)).toBe('2 KB');
  });
});

describe('widget list edits', () => {
  const list = [
    { kind: 'facts' as const, id: 'a', title: '' },
    { kind: 'facts' as const, id: 'b', title: '' },
  ];
  it('moves one place and stays put at the ends', () => {
    expect(moveWidget(list, 0, 1).map((w) => w.id)).toEqual(['b', 'a']);
    expect(moveWidget(list, 0, -1)).toBe(list);
    expect(removeWidget(list, 0).map((w) => w.id)).toEqual(['b']);
  });
});

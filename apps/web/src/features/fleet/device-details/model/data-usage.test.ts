import { describe, expect, it } from 'vitest';
import { dataUsageChart, usageLabel } from './data-usage';
import type { DataUsageRow } from './readings';

const row = (date: string, modem: number, sim: number, rx: number, tx: number): DataUsageRow => ({
  date,
  modem,
  sim,
  sim_label: sim === 3 ? 'eSIM' : `SIM ${sim}`,
  rx,
  tx,
});

describe('data usage chart', () => {
  it('sums received and sent bytes per day and modem/SIM, as bars', () => {
    const chart = dataUsageChart([
      row('2026-11-19', 1, 1, 100, 50),
      row('2026-11-20', 1, 1, 1000, 24),
      row('2026-11-20', 1, 3, 10, 10),
    ]);
    expect(chart.timestamps).toEqual([
      Date.parse('2026-11-19T00:00:00Z') / 1000,
      Date.parse('2026-11-20T00:00:00Z') / 1000,
    ]);
    expect(chart.series).toEqual([
      { label: 'Modem 1 · SIM 1', bars: true, values: [150, 1024] },
      { label: 'Modem 1 · eSIM', bars: true, values: [null, 20] },
    ]);
    expect(usageLabel(row('2026-11-20', 2, 2, 0, 0))).toBe('Modem 2 · SIM 2');
  });
});

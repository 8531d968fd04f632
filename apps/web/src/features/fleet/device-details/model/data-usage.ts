import type { ChartData } from '@/components/charts';
import { DEVICE_TEXTS } from '../texts';
import type { DataUsageRow } from './readings';

/** 'Modem 1 · SIM 2': the legend and table name of a modem's SIM. */
export const usageLabel = (row: Pick<DataUsageRow, 'modem' | 'sim_label'>): string =>
  DEVICE_TEXTS.modemSim(row.modem, row.sim_label);

/** Bytes per day (received + sent) of each modem and SIM, as bars over the days. */
export function dataUsageChart(rows: readonly DataUsageRow[]): ChartData {
  const days = [...new Set(rows.map((row) => row.date))].sort();
  const labels = [...new Set(rows.map(usageLabel))];
  const totals = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.date}|${usageLabel(row)}`;
    totals.set(key, (totals.get(key) ?? 0) + row.rx + row.tx);
  }
  return {
    // Days are UTC dates (YYYY-MM-DD): their midnight, in epoch seconds.
    timestamps: days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000),
    series: labels.map((label) => ({
      label,
      bars: true,
      values: days.map((day) => totals.get(`${day}|${label}`) ?? null),
    })),
  };
}

import type { ReportDay } from '@netfleet/contracts';
import type { ChartData } from '@/components/charts';
import { REPORT_TEXTS as T } from '../texts';

const NOON_MS = 12 * 60 * 60 * 1000;

/**
 * The epoch seconds a chart places a report day at. Days are dates in the report's zone; noon UTC
 * of that date reads as the same date on the chart's axis in every zone from UTC-11 to UTC+11.
 */
const dayTimestamp = (date: string): number => (Date.parse(`${date}T00:00:00Z`) + NOON_MS) / 1000;

const known = (days: readonly ReportDay[]) =>
  days.filter((day) => Number.isFinite(dayTimestamp(day.date)));

/** Mobile data received and sent per day, as bars. */
export function dataChart(days: readonly ReportDay[]): ChartData {
  const shown = known(days);
  return {
    timestamps: shown.map((day) => dayTimestamp(day.date)),
    series: [
      { label: T.received, bars: true, values: shown.map((day) => day.received) },
      { label: T.sent, bars: true, values: shown.map((day) => day.sent) },
    ],
  };
}

/** Alerts per day, as bars. */
export function alertsChart(days: readonly ReportDay[]): ChartData {
  const shown = known(days);
  return {
    timestamps: shown.map((day) => dayTimestamp(day.date)),
    series: [{ label: T.totalAlerts, bars: true, values: shown.map((day) => day.alerts) }],
  };
}

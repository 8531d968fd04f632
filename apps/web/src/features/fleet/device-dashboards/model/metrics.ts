// What a widget shows of a metric, from the readings the server keeps: chart data (one series per
// modem where the metric is per modem), the latest value and how a value reads. Pure, so it is
// tested without a canvas.
import {
  type DataUsageDay,
  type DeviceDashboardMetric,
  dynamicTelemetrySchema,
  type DynamicTelemetry,
  formatBytes,
  MEASUREMENT_UNITS,
  simLabel,
} from '@netfleet/contracts';
import type { ChartData } from '@/components/charts';
import { formatMeasurement } from '@/lib/format';
import { DASHBOARD_TEXTS as T } from '../texts';

/** A reading of GET /devices/{id}/information/{type}. */
export interface Reading {
  datetime: string;
  data: Record<string, unknown>;
}

type Modem = DynamicTelemetry['modems'][number];
type Values = Record<string, number | null | undefined>;

/** A metric's unit: bytes read as KB/MB/GB, the rest as a number and its unit. */
export const METRIC_UNITS: Record<DeviceDashboardMetric, string> = {
  signal: MEASUREMENT_UNITS.signal,
  rsrp: MEASUREMENT_UNITS.signal,
  rsrq: 'dB',
  sinr: 'dB',
  temperature: MEASUREMENT_UNITS.temperature,
  load: '',
  memory_free: 'bytes',
  mobile_traffic: 'bytes',
  data_usage: 'bytes',
};

/** Whether the metric comes from the data usage per day rather than the dynamic readings. */
export const fromDataUsage = (metric: DeviceDashboardMetric) => metric === 'data_usage';

export const metricTitle = (metric: DeviceDashboardMetric) => T.metrics[metric];

const modemName = (modem: Modem) =>
  T.modem(modem.modem, modem.sim === 'esim' ? simLabel(3) : simLabel(modem.sim));

const perModem = (data: DynamicTelemetry, pick: (modem: Modem) => number | null | undefined) =>
  Object.fromEntries(data.modems.map((modem) => [modemName(modem), pick(modem)]));

/** The named values of one metric in one dynamic reading. */
export function metricValues(metric: DeviceDashboardMetric, data: DynamicTelemetry): Values {
  switch (metric) {
    case 'signal':
      return perModem(data, (m) => m.signal);
    case 'rsrp':
      return perModem(data, (m) => m.rsrp);
    case 'rsrq':
      return perModem(data, (m) => m.rsrq);
    case 'sinr':
      return perModem(data, (m) => m.sinr);
    case 'mobile_traffic':
      return perModem(data, (m) => m.rx + m.tx);
    case 'temperature':
      return { [T.metrics.temperature]: data.temperature === null ? null : data.temperature / 10 };
    case 'load':
      return {
        [T.loadSeries.one]: data.load?.[0],
        [T.loadSeries.five]: data.load?.[1],
        [T.loadSeries.fifteen]: data.load?.[2],
      };
    case 'memory_free':
      return { [T.metrics.memory_free]: data.memory_free };
    case 'data_usage':
      return {};
  }
}

const parse = (reading: Reading) => {
  const parsed = dynamicTelemetrySchema.safeParse(reading.data);
  const ts = Date.parse(reading.datetime);
  return parsed.success && !Number.isNaN(ts) ? { ts: ts / 1000, data: parsed.data } : null;
};

/** Series aligned on the readings' times, in first-seen order; none when nothing was reported. */
function aligned(rows: { ts: number; values: Values }[], bars = false): ChartData {
  rows.sort((a, b) => a.ts - b.ts);
  const labels: string[] = [];
  for (const row of rows) {
    for (const label of Object.keys(row.values)) if (!labels.includes(label)) labels.push(label);
  }
  const series = labels
    .map((label) => ({
      label,
      values: rows.map((row) => row.values[label] ?? null),
      ...(bars ? { bars: true } : {}),
    }))
    .filter((line) => line.values.some((value) => value !== null));
  return { timestamps: rows.map((row) => row.ts), series };
}

/** A dynamic metric over the readings of the period. */
export function readingSeries(
  metric: DeviceDashboardMetric,
  readings: readonly Reading[],
): ChartData {
  const rows = readings.flatMap((reading) => {
    const parsed = parse(reading);
    return parsed ? [{ ts: parsed.ts, values: metricValues(metric, parsed.data) }] : [];
  });
  return aligned(rows);
}

/** Bytes received and sent per day, all modems and SIMs together. */
const dayTotal = (day: DataUsageDay) =>
  day.modems
    .flatMap((modem) => modem.sims)
    .reduce((sum, sim) => sum + sim.data.rx + sim.data.tx, 0);

/** Data usage per day as bars. */
export function usageSeries(days: readonly DataUsageDay[]): ChartData {
  const rows = days.flatMap((day) => {
    const ts = Date.parse(day.date);
    return Number.isNaN(ts)
      ? []
      : [{ ts: ts / 1000, values: { [T.metrics.data_usage]: dayTotal(day) } }];
  });
  return aligned(rows, true);
}

export const usageTotal = (days: readonly DataUsageDay[]) =>
  days.reduce((sum, day) => sum + dayTotal(day), 0);

export const hasData = (chart: ChartData) => chart.series.length > 0;

/** The metric's values in the latest reading, by series name; nulls left out. */
export function latestValues(
  metric: DeviceDashboardMetric,
  reading: Reading | null,
): { label: string; value: number }[] {
  const parsed = reading ? parse(reading) : null;
  if (!parsed) return [];
  return Object.entries(metricValues(metric, parsed.data)).flatMap(([label, value]) =>
    value === null || value === undefined ? [] : [{ label, value }],
  );
}

const formatters = new Map<DeviceDashboardMetric, (value: number) => string>();

/** How a value of the metric reads: '-67 dBm', '41.5 °C', '1.5 MB'; stable per metric. */
export function metricFormatter(metric: DeviceDashboardMetric): (value: number) => string {
  let formatter = formatters.get(metric);
  if (!formatter) {
    const unit = METRIC_UNITS[metric];
    formatter =
      unit === 'bytes'
        ? (value: number) => formatBytes(Math.max(0, value))
        : (value: number) => formatMeasurement(value, unit, 2);
    formatters.set(metric, formatter);
  }
  return formatter;
}

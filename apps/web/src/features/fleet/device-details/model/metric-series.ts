// Readings of GET /devices/{id}/information/{type} as chart data, one chart per unit. Pure, so the
// mapping is tested without a canvas; the charts only draw what these return.
import {
  formatBytes,
  MEASUREMENT_UNITS,
  simLabel,
  TELEMETRY_SCHEMAS,
  type TelemetryCategory,
} from '@netfleet/contracts';
import type { ChartData } from '@/components/charts';
import { ioLevelLabel, relayLabel } from '@/lib/messages';
import { celsiusFromDeci, formatMeasurement } from '@/lib/format';
import { DEVICE_TEXTS } from '../texts';
import type { Reading } from './readings';

const C = DEVICE_TEXTS.charts;

/** How a chart's values read: a unit, bytes, or the spec §4 IO texts. */
export type ValueFormat =
  { kind: 'unit'; unit: string } | { kind: 'bytes' } | { kind: 'level' } | { kind: 'relay' };

export interface MetricChart {
  key: string;
  title: string;
  format: ValueFormat;
  data: ChartData;
}

export const METRIC_KINDS = ['dynamic', 'mobile-data', 'io', 'gps'] as const;
export type MetricKind = (typeof METRIC_KINDS)[number];

/** The information type each metrics sub tab reads (mobile data is part of the dynamic readings). */
export const METRIC_SOURCE: Record<MetricKind, 'dynamic' | 'io' | 'gps'> = {
  dynamic: 'dynamic',
  'mobile-data': 'dynamic',
  io: 'io',
  gps: 'gps',
};

type Values = Record<string, number | null | undefined>;

/** Aligns each reading's named values on the readings' timestamps, series in first-seen order. */
export function collect<C extends TelemetryCategory>(
  readings: readonly Reading[],
  category: C,
  pick: (data: ReturnType<(typeof TELEMETRY_SCHEMAS)[C]['parse']>) => Values,
): ChartData {
  const schema = TELEMETRY_SCHEMAS[category];
  const rows: { ts: number; values: Values }[] = [];
  for (const reading of readings) {
    const parsed = schema.safeParse(reading.data);
    const ts = Date.parse(reading.datetime);
    if (!parsed.success || Number.isNaN(ts)) continue;
    rows.push({
      ts: ts / 1000,
      values: pick(parsed.data as ReturnType<(typeof TELEMETRY_SCHEMAS)[C]['parse']>),
    });
  }
  rows.sort((a, b) => a.ts - b.ts);
  const labels: string[] = [];
  for (const row of rows) {
    for (const label of Object.keys(row.values)) if (!labels.includes(label)) labels.push(label);
  }
  return {
    timestamps: rows.map((row) => row.ts),
    series: labels.map((label) => ({
      label,
      values: rows.map((row) => row.values[label] ?? null),
    })),
  };
}

/** Charts with at least one reading: a device without a sensor gets no empty chart for it. */
const present = (charts: MetricChart[]): MetricChart[] =>
  charts.filter((chart) =>
    chart.data.series.some((series) => series.values.some((value) => value !== null)),
  );

const unit = (value: string): ValueFormat => ({ kind: 'unit', unit: value });

/** Modem and SIM of a reading, as the legend names it: 'Modem 1 · SIM 2'. */
const modemName = (modem: number, sim: number | 'esim') =>
  DEVICE_TEXTS.modemSim(modem, sim === 'esim' ? simLabel(3) : simLabel(sim));

export function dynamicCharts(readings: readonly Reading[]): MetricChart[] {
  return present([
    {
      key: 'temperature',
      title: C.temperature,
      format: unit(MEASUREMENT_UNITS.temperature),
      data: collect(readings, 'dynamic', (d) => ({
        [C.temperature]: celsiusFromDeci(d.temperature),
      })),
    },
    {
      key: 'load',
      title: C.systemLoad,
      format: unit(''),
      data: collect(readings, 'dynamic', (d) => ({
        [C.loadMinutes(1)]: d.load?.[0],
        [C.loadMinutes(5)]: d.load?.[1],
        [C.loadMinutes(15)]: d.load?.[2],
      })),
    },
    {
      key: 'memory',
      title: C.freeMemory,
      format: { kind: 'bytes' },
      data: collect(readings, 'dynamic', (d) => ({ [C.freeMemory]: d.memory_free })),
    },
  ]);
}

export function mobileCharts(readings: readonly Reading[]): MetricChart[] {
  const perModem = (value: (m: ModemValues) => number | null | undefined) =>
    collect(readings, 'dynamic', (d) =>
      Object.fromEntries(d.modems.map((m) => [modemName(m.modem, m.sim), value(m)])),
    );
  return present([
    {
      key: 'signal',
      title: C.signalStrength,
      format: unit(MEASUREMENT_UNITS.signal),
      data: perModem((m) => m.signal),
    },
    {
      key: 'rsrp',
      title: 'RSRP',
      format: unit(MEASUREMENT_UNITS.signal),
      data: perModem((m) => m.rsrp),
    },
    { key: 'rsrq', title: 'RSRQ', format: unit('dB'), data: perModem((m) => m.rsrq) },
    { key: 'sinr', title: 'SINR', format: unit('dB'), data: perModem((m) => m.sinr) },
    {
      key: 'traffic',
      title: C.mobileDataPerReading,
      format: { kind: 'bytes' },
      data: perModem((m) => m.rx + m.tx),
    },
  ]);
}

type ModemValues = ReturnType<(typeof TELEMETRY_SCHEMAS)['dynamic']['parse']>['modems'][number];

export function ioCharts(readings: readonly Reading[]): MetricChart[] {
  const stepped = (chart: MetricChart): MetricChart => ({
    ...chart,
    data: {
      ...chart.data,
      series: chart.data.series.map((series) => ({ ...series, stepped: true })),
    },
  });
  const analog = (which: 'V' | 'mA') =>
    collect(readings, 'io', (d) =>
      Object.fromEntries(d.analog.filter((a) => a.unit === which).map((a) => [a.name, a.value])),
    );
  return present([
    stepped({
      key: 'inputs',
      title: C.digitalInputs,
      format: { kind: 'level' },
      data: collect(readings, 'io', (d) =>
        Object.fromEntries(d.inputs.map((input) => [input.name, input.level])),
      ),
    }),
    stepped({
      key: 'relays',
      title: C.relays,
      format: { kind: 'relay' },
      data: collect(readings, 'io', (d) =>
        Object.fromEntries(d.relays.map((relay) => [relay.name, relay.state])),
      ),
    }),
    {
      key: 'voltage',
      title: C.analogVoltage,
      format: unit(MEASUREMENT_UNITS.voltage),
      data: analog('V'),
    },
    {
      key: 'current',
      title: C.analogCurrent,
      format: unit(MEASUREMENT_UNITS.current),
      data: analog('mA'),
    },
  ]);
}

export function gpsCharts(readings: readonly Reading[]): MetricChart[] {
  return present([
    {
      key: 'speed',
      title: C.speed,
      format: unit('km/h'),
      data: collect(readings, 'gps', (d) => ({ [C.speed]: d.speed })),
    },
    {
      key: 'altitude',
      title: C.altitude,
      format: unit('m'),
      data: collect(readings, 'gps', (d) => ({ [C.altitude]: d.altitude })),
    },
    {
      key: 'satellites',
      title: C.satellites,
      format: unit(''),
      data: collect(readings, 'gps', (d) => ({ [C.satellites]: d.satellites })),
    },
  ]);
}

export const METRIC_CHARTS: Record<MetricKind, (readings: readonly Reading[]) => MetricChart[]> = {
  dynamic: dynamicCharts,
  'mobile-data': mobileCharts,
  io: ioCharts,
  gps: gpsCharts,
};

const FORMATTERS = {
  bytes: (value: number) => formatBytes(Math.max(0, value)),
  level: (value: number) => ioLevelLabel(Math.round(value)) || String(value),
  relay: (value: number) => relayLabel(Math.round(value)) || String(value),
};
const unitFormatters = new Map<string, (value: number) => string>();

/** A stable formatter per format (the chart is rebuilt when its formatter changes). */
export function formatterFor(format: ValueFormat): (value: number) => string {
  if (format.kind !== 'unit') return FORMATTERS[format.kind];
  let formatter = unitFormatters.get(format.unit);
  if (!formatter) {
    const { unit: text } = format;
    formatter = (value: number) => formatMeasurement(value, text, 2);
    unitFormatters.set(text, formatter);
  }
  return formatter;
}

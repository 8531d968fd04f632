// What an IO widget shows of the device's IO readings: every pin's latest level, or one pin's
// state over the period as a stepped chart (analog inputs as a line). Pure.
import {
  type DeviceDashboardIoPin,
  type DeviceDashboardIoPinType,
  ioTelemetrySchema,
} from '@netfleet/contracts';
import type { ChartData } from '@/components/charts';
import { formatMeasurement } from '@/lib/format';
import { ioLevelLabel, relayLabel } from '@/lib/messages';
import type { Reading } from './metrics';

/** One pin of a reading with its value: a level (input), a state (relay) or a measurement. */
export interface PinValue extends DeviceDashboardIoPin {
  value: number;
  /** The analog input's unit; '' for levels and states. */
  unit: string;
}

/** Every pin of an IO reading, inputs first, then relays and analog inputs; none if unreadable. */
export function readingPins(reading: Reading | null): PinValue[] {
  const parsed = reading ? ioTelemetrySchema.safeParse(reading.data) : null;
  if (!parsed?.success) return [];
  const { inputs, relays, analog } = parsed.data;
  return [
    ...inputs.map((pin) => ({
      type: 'input' as const,
      name: pin.name,
      value: pin.level,
      unit: '',
    })),
    ...relays.map((pin) => ({
      type: 'relay' as const,
      name: pin.name,
      value: pin.state,
      unit: '',
    })),
    ...analog.map((pin) => ({
      type: 'analog' as const,
      name: pin.name,
      value: pin.value,
      unit: pin.unit,
    })),
  ];
}

export const samePin = (a: DeviceDashboardIoPin, b: DeviceDashboardIoPin) =>
  a.type === b.type && a.name === b.name;

/** How a pin's value reads: Low/High, a relay's state, or '12.1 V'. */
export function pinFormatter(type: DeviceDashboardIoPinType, unit: string) {
  if (type === 'input') return (value: number) => ioLevelLabel(value);
  if (type === 'relay') return (value: number) => relayLabel(value);
  return (value: number) => formatMeasurement(value, unit, 2);
}

/** A pin's values over the readings of the period; no series when it never reported. */
export function pinSeries(pin: DeviceDashboardIoPin, readings: readonly Reading[]): ChartData {
  const rows = readings
    .map((reading) => {
      const ts = Date.parse(reading.datetime);
      const found = readingPins(reading).find((candidate) => samePin(candidate, pin));
      return { ts: ts / 1000, value: found?.value ?? null };
    })
    .filter((row) => !Number.isNaN(row.ts))
    .sort((a, b) => a.ts - b.ts);
  const values = rows.map((row) => row.value);
  return {
    timestamps: rows.map((row) => row.ts),
    series: values.some((value) => value !== null)
      ? [{ label: pin.name, values, ...(pin.type === 'analog' ? {} : { stepped: true }) }]
      : [],
  };
}

/** The analog unit a pin last reported ('' for levels), for its chart's values. */
export const pinUnit = (pin: DeviceDashboardIoPin, readings: readonly Reading[]): string => {
  if (pin.type !== 'analog') return '';
  for (const reading of [...readings].reverse()) {
    const found = readingPins(reading).find((candidate) => samePin(candidate, pin));
    if (found) return found.unit;
  }
  return '';
};

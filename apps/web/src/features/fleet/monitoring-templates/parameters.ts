// Monitoring parameters as the template form edits them (spec §9 entries, periods and byte costs).
import {
  isMonitoringPeriod,
  MONITORING,
  type MonitoringEntry,
  type MonitoringParameter,
} from '@netfleet/contracts';
import { TEMPLATE_TEXTS } from './texts';

const DAY_SECONDS = 24 * 60 * 60;

export const entryOf = (key: string): MonitoringEntry | undefined =>
  MONITORING.find((entry) => entry.key === key);

/** A new template monitors every category at its default period. */
export const defaultParameters = (): MonitoringParameter[] =>
  MONITORING.map((entry) => ({ key: entry.key, period: entry.defaultPeriod, enabled: true }));

export const activeCount = (parameters: readonly MonitoringParameter[]): number =>
  parameters.filter((parameter) => parameter.enabled).length;

/** Bytes one message of the parameter costs down and up (spec §9, MONITORING); null for no entry. */
export const messageBytes = (key: string): MonitoringEntry['bytes'] | null =>
  entryOf(key)?.bytes ?? null;

/** Bytes a day of one parameter; 0 when off, null without an entry or a valid period. */
export const parameterBytesPerDay = (parameter: MonitoringParameter): number | null => {
  const bytes = messageBytes(parameter.key);
  if (bytes === null || !isMonitoringPeriod(parameter.period)) return null;
  const perMessage = bytes.down + bytes.up;
  return parameter.enabled ? Math.round((DAY_SECONDS / parameter.period) * perMessage) : 0;
};

/** The day's total over the parameters with a valid period (what the server reports too). */
export const bytesPerDay = (parameters: readonly MonitoringParameter[]): number =>
  parameters.reduce((sum, parameter) => sum + (parameterBytesPerDay(parameter) ?? 0), 0);

/** A category's label in the shown language (the spec's English one for an unknown key). */
export const parameterLabel = (key: string): string =>
  (TEMPLATE_TEXTS.parameterLabels as Record<string, string>)[key] ?? entryOf(key)?.label ?? key;

const UNITS: readonly [seconds: number, text: (count: number) => string][] = [
  [DAY_SECONDS, TEMPLATE_TEXTS.units.days],
  [3600, TEMPLATE_TEXTS.units.hours],
  [60, TEMPLATE_TEXTS.units.minutes],
  [1, TEMPLATE_TEXTS.units.seconds],
];

/** '5 min', '15 days', '1 h 30 min'. */
export function humanPeriod(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '';
  let rest = Math.round(seconds);
  const parts: string[] = [];
  for (const [size, text] of UNITS) {
    const count = Math.floor(rest / size);
    if (count > 0) parts.push(text(count));
    rest -= count * size;
  }
  return parts.join(' ');
}

// Spec §9 units of device readings. Missing readings show as an empty string, so a table cell
// stays blank rather than claiming a value. Numbers follow the shown language's locale (36,5 °C in
// Norwegian); the units are not translated.
import { formatBytes } from '@netfleet/contracts';
import { formatLocale, formatNumber, numberFormat } from './locale';
import { FORMAT_TEXTS } from './texts';

/** Signal strength: '-67 dBm'. */
export function formatDbm(value: number | null | undefined, locale = formatLocale()): string {
  return value === null || value === undefined ? '' : `${formatNumber(value, locale)} dBm`;
}

/** RMS temperatures are deci-degrees Celsius: 415 → '41.5 °C'. */
export function formatDeciCelsius(
  value: number | null | undefined,
  locale = formatLocale(),
): string {
  if (value === null || value === undefined) return '';
  const format = numberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    useGrouping: false,
  });
  return `${format.format(Number((value / 10).toFixed(1)))} °C`;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Seconds as '3d 4h 5m'; under a minute '42s'. Zero-valued leading units are left out. */
export function formatUptime(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || seconds < 0) return '';
  const { days: d, hours: h, minutes: m, seconds: s } = FORMAT_TEXTS.uptime;
  if (seconds < MINUTE) return s(Math.floor(seconds));
  const days = Math.floor(seconds / DAY);
  const hours = Math.floor((seconds % DAY) / HOUR);
  const minutes = Math.floor((seconds % HOUR) / MINUTE);
  if (days > 0) return `${d(days)} ${h(hours)} ${m(minutes)}`;
  if (hours > 0) return `${h(hours)} ${m(minutes)}`;
  return m(minutes);
}

/**
 * Contracts formatBytes ('12.5 GB', spec §9 units) with the number in the locale ('12,5 GB' in
 * Norwegian); the unit is not translated.
 */
export function formatBytesLocalized(bytes: number, decimals = 2, locale = formatLocale()): string {
  const [value = '', unit = ''] = formatBytes(bytes, decimals).split(' ');
  const format = numberFormat(locale, { maximumFractionDigits: decimals, useGrouping: false });
  return `${format.format(Number(value))} ${unit}`;
}

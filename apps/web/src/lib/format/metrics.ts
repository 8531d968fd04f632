// Spec §9 measurement display: a value and its unit (dBm, °C, mA, V...), as charts and detail
// tables show them. Missing readings render as an empty string, never as 0. The value follows the
// shown language's locale (36,5 °C in Norwegian); units are not translated.
import { formatLocale, numberFormat } from './locale';

/** '-67 dBm', '36.5 °C'; at most `decimals` places, trailing zeros dropped. */
export function formatMeasurement(
  value: number | null | undefined,
  unit: string,
  decimals = 1,
  locale = formatLocale(),
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const rounded = Number(value.toFixed(decimals));
  const text = numberFormat(locale, { maximumFractionDigits: decimals, useGrouping: false }).format(
    rounded,
  );
  return unit ? `${text} ${unit}` : text;
}

/** Devices report temperatures in deci-degrees Celsius (RMS): 365 → 36.5. */
export function celsiusFromDeci(value: number | null | undefined): number | null {
  return value === null || value === undefined ? null : value / 10;
}

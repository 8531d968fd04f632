// Spec §9 units of device readings. Missing readings show as an empty string, so a table cell
// stays blank rather than claiming a value.

/** Signal strength: '-67 dBm'. */
export function formatDbm(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : `${value} dBm`;
}

/** RMS temperatures are deci-degrees Celsius: 415 → '41.5 °C'. */
export function formatDeciCelsius(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : `${(value / 10).toFixed(1)} °C`;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Seconds as '3d 4h 5m'; under a minute '42s'. Zero-valued leading units are left out. */
export function formatUptime(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || seconds < 0) return '';
  if (seconds < MINUTE) return `${Math.floor(seconds)}s`;
  const days = Math.floor(seconds / DAY);
  const hours = Math.floor((seconds % DAY) / HOUR);
  const minutes = Math.floor((seconds % HOUR) / MINUTE);
  if (days > 0) return `${days}d ${hours}h ${minutes}m`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  return `${minutes}m`;
}

import {
  type DataLimitPeriod,
  type DeviceAlertConfig,
  DEVICE_ALERT_DATA_LIMIT_SUBTYPE,
  deviceAlertUsageKey,
  type DeviceAlertValues,
} from './device-alerts.ts';

// Data usage for the data limit alert (subtype 15): a device sums the bytes its readings carry per
// SIM since the config's period started, so `evaluateDeviceAlerts` can compare it to `data_limit`.

const DAY_MS = 86_400_000;

/**
 * When the period containing `now` started (UTC): `day` at hour `starts`, `week` on weekday
 * `starts` (1 Monday … 7 Sunday), `month` on day `starts` (the month's last day when shorter).
 */
export const dataPeriodStart = (now: number, period: DataLimitPeriod, starts: number): number => {
  const date = new Date(now);
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  if (period === 'day') {
    const start = midnight + Math.min(Math.max(starts, 0), 23) * 3_600_000;
    return start <= now ? start : start - DAY_MS;
  }
  if (period === 'week') {
    const weekday = ((date.getUTCDay() + 6) % 7) + 1;
    const back = (weekday - Math.min(Math.max(starts, 1), 7) + 7) % 7;
    return midnight - back * DAY_MS;
  }
  const onDay = (year: number, month: number) => {
    const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    return Date.UTC(year, month, Math.min(Math.max(starts, 1), last));
  };
  const thisMonth = onDay(date.getUTCFullYear(), date.getUTCMonth());
  return thisMonth <= now ? thisMonth : onDay(date.getUTCFullYear(), date.getUTCMonth() - 1);
};

/** Bytes per data limit config since its period started. */
export type DataUsageState = Record<string, { since: number; bytes: number }>;

/**
 * Adds one reading's bytes per SIM slot (`rx + tx` of each modem, slot 1 or 2) to every data
 * limit config on that SIM, starting again when a new period began; answers the values to
 * evaluate (`deviceAlertUsageKey(config)` → bytes) and the next state.
 */
export const addDataUsage = (
  state: DataUsageState,
  configs: readonly DeviceAlertConfig[],
  bytesBySim: ReadonlyMap<number, number>,
  now: number,
): { values: DeviceAlertValues; state: DataUsageState } => {
  const next: DataUsageState = {};
  const values: DeviceAlertValues = {};
  for (const config of configs) {
    if (config.alert_subtype_id !== DEVICE_ALERT_DATA_LIMIT_SUBTYPE) continue;
    const key = deviceAlertUsageKey(config);
    const since = dataPeriodStart(now, config.period ?? 'month', config.starts ?? 1);
    const before = state[key];
    const bytes =
      (before && before.since === since ? before.bytes : 0) +
      (bytesBySim.get(config.sim ?? 1) ?? 0);
    next[key] = { since, bytes };
    values[key] = bytes;
  }
  return { values, state: next };
};

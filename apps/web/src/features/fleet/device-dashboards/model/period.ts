// The period a dashboard shows, remembered per dashboard: in the URL (?period=7d, or
// ?from=…&to=… for a custom range) so a link keeps it, and the last one chosen in local storage
// as that dashboard's default. Neither: the period saved with the dashboard.
import type { DeviceDashboardRange } from '@netfleet/contracts';
import type { DateRange } from '@/components/date-range';
import { isRange } from './ranges';

export const PERIOD_PARAM = 'period';
export const FROM_PARAM = 'from';
export const TO_PARAM = 'to';

/** The local storage key of a dashboard's last period. */
export const periodStorageKey = (dashboardId: number) => `device_dashboard_period_${dashboardId}`;

/** A preset, or a custom range whose ends are dates, the start first; null for anything else. */
function checked(preset: string | null, from: string | null, to: string | null): DateRange | null {
  if (isRange(preset)) return { preset };
  if (from === null || to === null) return null;
  const start = Date.parse(from);
  const end = Date.parse(to);
  if (Number.isNaN(start) || Number.isNaN(end) || start >= end) return null;
  return { from: new Date(start).toISOString(), to: new Date(end).toISOString() };
}

export const periodFromParams = (params: URLSearchParams): DateRange | null =>
  checked(params.get(PERIOD_PARAM), params.get(FROM_PARAM), params.get(TO_PARAM));

/** The search params with the period in them (the other params kept). */
export function withPeriod(params: URLSearchParams, period: DateRange): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of [PERIOD_PARAM, FROM_PARAM, TO_PARAM]) next.delete(key);
  if ('preset' in period) next.set(PERIOD_PARAM, period.preset);
  else {
    next.set(FROM_PARAM, period.from);
    next.set(TO_PARAM, period.to);
  }
  return next;
}

/** The period last chosen on this dashboard in this browser, if it is still a valid one. */
export function storedPeriod(dashboardId: number): DateRange | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(periodStorageKey(dashboardId));
  } catch {
    // Storage may be off (private windows, policies): the dashboard's own period applies.
    return null;
  }
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as { preset?: unknown; from?: unknown; to?: unknown };
    const text = (item: unknown) => (typeof item === 'string' ? item : null);
    return checked(text(value.preset), text(value.from), text(value.to));
  } catch {
    return null;
  }
}

export function storePeriod(dashboardId: number, period: DateRange): void {
  try {
    localStorage.setItem(periodStorageKey(dashboardId), JSON.stringify(period));
  } catch {
    // Not remembered where storage is off; the URL still carries it.
  }
}

/** The period to show: the link's, else the last chosen here, else the dashboard's own. */
export const initialPeriod = (
  params: URLSearchParams,
  dashboardId: number,
  saved: DeviceDashboardRange,
): DateRange => periodFromParams(params) ?? storedPeriod(dashboardId) ?? { preset: saved };

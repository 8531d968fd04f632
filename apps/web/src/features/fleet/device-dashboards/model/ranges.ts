// The periods a dashboard shows (the contract's ranges), as date-range presets.
import { DEVICE_DASHBOARD_RANGES, type DeviceDashboardRange } from '@netfleet/contracts';
import { DAY_MS, HOUR_MS, type RangePreset } from '@/components/date-range';
import { DASHBOARD_TEXTS as T } from '../texts';

const SPANS: Record<DeviceDashboardRange, number> = {
  '1h': HOUR_MS,
  '6h': 6 * HOUR_MS,
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
};

export const DASHBOARD_PRESETS: readonly RangePreset[] = DEVICE_DASHBOARD_RANGES.map((value) => ({
  value,
  label: T.ranges[value],
  ms: SPANS[value],
}));

export const RANGE_OPTIONS = DEVICE_DASHBOARD_RANGES.map((value) => ({
  value,
  label: T.ranges[value],
}));

export const isRange = (value: string | null): value is DeviceDashboardRange =>
  (DEVICE_DASHBOARD_RANGES as readonly (string | null)[]).includes(value);

// The preset periods of the device page's charts, map and data usage.
import { DAY_MS, HOUR_MS, type RangePreset } from '@/components/date-range';

export const METRIC_PRESETS: readonly RangePreset[] = [
  { value: '1h', label: 'Last hour', ms: HOUR_MS },
  { value: '6h', label: 'Last 6 hours', ms: 6 * HOUR_MS },
  { value: '24h', label: 'Last 24 hours', ms: DAY_MS },
  { value: '7d', label: 'Last 7 days', ms: 7 * DAY_MS },
  { value: '30d', label: 'Last 30 days', ms: 30 * DAY_MS },
];

export const USAGE_PRESETS: readonly RangePreset[] = [
  { value: '7d', label: 'Last 7 days', ms: 7 * DAY_MS },
  { value: '30d', label: 'Last 30 days', ms: 30 * DAY_MS },
  { value: '90d', label: 'Last 90 days', ms: 90 * DAY_MS },
];

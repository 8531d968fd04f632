// The preset periods of the device page's charts, map and data usage.
import { DAY_MS, HOUR_MS, type RangePreset } from '@/components/date-range';
import { DEVICE_TEXTS } from '../texts';

const P = DEVICE_TEXTS.presets;

export const METRIC_PRESETS: readonly RangePreset[] = [
  { value: '1h', label: P.lastHour, ms: HOUR_MS },
  { value: '6h', label: P.last6Hours, ms: 6 * HOUR_MS },
  { value: '24h', label: P.last24Hours, ms: DAY_MS },
  { value: '7d', label: P.last7Days, ms: 7 * DAY_MS },
  { value: '30d', label: P.last30Days, ms: 30 * DAY_MS },
];

export const USAGE_PRESETS: readonly RangePreset[] = [
  { value: '7d', label: P.last7Days, ms: 7 * DAY_MS },
  { value: '30d', label: P.last30Days, ms: 30 * DAY_MS },
  { value: '90d', label: P.last90Days, ms: 90 * DAY_MS },
];

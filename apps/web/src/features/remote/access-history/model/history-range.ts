import { DAY_MS, type RangePreset } from '@/components/date-range';

export const HISTORY_PRESETS: readonly RangePreset[] = [
  { value: '24h', label: 'Last 24 hours', ms: DAY_MS },
  { value: '7d', label: 'Last 7 days', ms: 7 * DAY_MS },
  { value: '30d', label: 'Last 30 days', ms: 30 * DAY_MS },
  { value: '90d', label: 'Last 90 days', ms: 90 * DAY_MS },
];

/** A week: what someone looking into "who was on this router" usually means. */
export const DEFAULT_PRESET = '7d';

/** The longest custom range: a year of sessions is already more than one reads in a table. */
export const MAX_RANGE_MS = 366 * DAY_MS;

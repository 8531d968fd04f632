import { DAY_MS, type RangePreset } from '@/components/date-range';
import { ACCESS_HISTORY_TEXTS as T } from '../texts';

export const HISTORY_PRESETS: readonly RangePreset[] = [
  { value: '24h', label: T.presets['24h'], ms: DAY_MS },
  { value: '7d', label: T.presets['7d'], ms: 7 * DAY_MS },
  { value: '30d', label: T.presets['30d'], ms: 30 * DAY_MS },
  { value: '90d', label: T.presets['90d'], ms: 90 * DAY_MS },
];

/** A week: what someone looking into "who was on this router" usually means. */
export const DEFAULT_PRESET = '7d';

/** The longest custom range: a year of sessions is already more than one reads in a table. */
export const MAX_RANGE_MS = 366 * DAY_MS;

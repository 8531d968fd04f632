import { formatDateTime } from '@/components/data-table';
import type { OnlineSample } from '../api/types';

export interface OnlineBucket {
  /** 'YYYY-MM-DD HH:00' per hour, 'YYYY-MM-DD' per day, in the display time zone. */
  period: string;
  /** The most devices online at once during the period, and the total at that sample. */
  online: number;
  total: number;
}

/**
 * Samples (one every few minutes) grouped per hour or per day: a bar per sample would be
 * thousands of bars.
 */
export function onlineBuckets(
  samples: readonly OnlineSample[],
  per: 'hour' | 'day',
): OnlineBucket[] {
  const buckets = new Map<string, OnlineBucket>();
  for (const sample of samples) {
    const shown = formatDateTime(sample.datetime);
    const period = per === 'hour' ? `${shown.slice(0, 13)}:00` : shown.slice(0, 10);
    const bucket = buckets.get(period);
    if (!bucket || sample.online > bucket.online) {
      buckets.set(period, { period, online: sample.online, total: sample.total });
    }
  }
  return [...buckets.values()];
}

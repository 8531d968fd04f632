import { Stack, Text } from '@mantine/core';
import { ONLINE_STATISTICS_MAX_DAYS } from '@netfleet/contracts';
import { DAY_MS, RangePicker } from '@/components/date-range';
import { QueryState } from '@/components/query-state';
import { useOnlineStatistics } from '../api/get-online-statistics';
import { presetsOf } from '../ranges';
import { STATISTICS_TEXTS } from '../texts';
import { BarTable } from './bar-table';
import { onlineBuckets } from './online-buckets';
import { STATISTICS_QUERY_STATE } from './query-state-options';
import { useRange } from './use-range';

const PRESETS = presetsOf(['1d', '7d', '30d', '90d']);
const MAX_RANGE_MS = ONLINE_STATISTICS_MAX_DAYS * DAY_MS;
// Up to two days reads per hour (48 bars at most); longer ranges per day.
const HOURLY_MAX_MS = 2 * DAY_MS;

const SERIES = [
  { key: 'online', label: STATISTICS_TEXTS.online },
  { key: 'total', label: STATISTICS_TEXTS.total },
];

/** Tab `online-devices`: devices online over time, from the gateway's samples. */
export function OnlineDevicesTab() {
  const { range, query, choose } = useRange('1d', PRESETS);
  const result = useOnlineStatistics(query);
  const span = Date.parse(query.end_date) - Date.parse(query.start_date);
  return (
    <Stack gap="md">
      <RangePicker
        label={STATISTICS_TEXTS.range}
        presets={PRESETS}
        value={range}
        onChange={choose}
        maxMs={MAX_RANGE_MS}
      />
      <QueryState {...STATISTICS_QUERY_STATE} result={result} isEmpty={(data) => data.length === 0}>
        {(data) => {
          const latest = data.at(-1);
          const buckets = onlineBuckets(data, span <= HOURLY_MAX_MS ? 'hour' : 'day');
          return (
            <Stack gap="sm">
              {latest && (
                <Text fw={500}>{STATISTICS_TEXTS.latestOnline(latest.online, latest.total)}</Text>
              )}
              <BarTable
                caption={STATISTICS_TEXTS.onlineCaption}
                rowHeader={STATISTICS_TEXTS.time}
                series={SERIES}
                rows={buckets.map((bucket) => ({
                  key: bucket.period,
                  label: bucket.period,
                  values: { online: bucket.online, total: bucket.total },
                }))}
              />
            </Stack>
          );
        }}
      </QueryState>
    </Stack>
  );
}

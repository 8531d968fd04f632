import { Stack } from '@mantine/core';
import { RangePicker } from '@/components/date-range';
import { QueryState } from '@/components/query-state';
import { useMonthStatistics } from '../api/get-month-statistics';
import { presetsOf, requestTimeZone } from '../ranges';
import { STATISTICS_TEXTS } from '../texts';
import { BarTable } from './bar-table';
import { STATISTICS_QUERY_STATE } from './query-state-options';
import { useRange } from './use-range';

const PRESETS = presetsOf(['90d', '365d', '730d']);

const SERIES = [
  { key: 'added', label: STATISTICS_TEXTS.added },
  { key: 'connected', label: STATISTICS_TEXTS.connected },
];

/** Tab `months-stats`: devices added and devices that connected, per month. */
export function MonthsTab() {
  const { range, query, choose } = useRange('365d', PRESETS);
  const result = useMonthStatistics({ ...query, timezone: requestTimeZone() });
  return (
    <Stack gap="md">
      <RangePicker
        label={STATISTICS_TEXTS.range}
        presets={PRESETS}
        value={range}
        onChange={choose}
      />
      <QueryState {...STATISTICS_QUERY_STATE} result={result} isEmpty={(data) => data.length === 0}>
        {(data) => (
          <BarTable
            caption={STATISTICS_TEXTS.monthsCaption}
            rowHeader={STATISTICS_TEXTS.month}
            series={SERIES}
            rows={data.map((row) => ({
              key: row.month,
              label: row.month,
              values: { added: row.added, connected: row.connected },
            }))}
          />
        )}
      </QueryState>
    </Stack>
  );
}

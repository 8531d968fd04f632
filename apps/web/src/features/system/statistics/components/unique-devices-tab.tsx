import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { STATISTICS_INTERVALS, type StatisticsInterval } from '@netfleet/contracts';
import { RangePicker } from '@/components/date-range';
import { QueryState } from '@/components/query-state';
import { useUniqueDevices } from '../api/get-unique-devices';
import { MAX_DAILY_RANGE_MS, presetsOf, requestTimeZone } from '../ranges';
import { STATISTICS_TEXTS } from '../texts';
import { BarTable } from './bar-table';
import { STATISTICS_QUERY_STATE } from './query-state-options';
import { useRange } from './use-range';

const PRESETS = presetsOf(['7d', '30d', '90d', '365d']);

const SERIES = [{ key: 'devices', label: STATISTICS_TEXTS.devices }];

/** Tab `unique-devices`: distinct devices that connected per day or month. */
export function UniqueDevicesTab() {
  const { range, query, choose } = useRange('30d', PRESETS);
  const [interval, chooseInterval] = useState<StatisticsInterval>('day');
  const result = useUniqueDevices({ ...query, timezone: requestTimeZone(), interval });
  return (
    <Stack gap="md">
      <Group align="flex-start">
        <RangePicker
          label={STATISTICS_TEXTS.range}
          presets={PRESETS}
          value={range}
          onChange={choose}
          maxMs={interval === 'day' ? MAX_DAILY_RANGE_MS : undefined}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="unique-interval-label">
            {STATISTICS_TEXTS.interval}
          </Text>
          <SegmentedControl
            aria-labelledby="unique-interval-label"
            value={interval}
            onChange={(value) => {
              const next = STATISTICS_INTERVALS.find((candidate) => candidate === value);
              if (next) chooseInterval(next);
            }}
            data={[
              { value: 'day', label: STATISTICS_TEXTS.day },
              { value: 'month', label: STATISTICS_TEXTS.month },
            ]}
          />
        </Stack>
      </Group>
      <QueryState {...STATISTICS_QUERY_STATE} result={result} isEmpty={(data) => data.length === 0}>
        {(data) => (
          <BarTable
            caption={STATISTICS_TEXTS.uniqueCaption}
            rowHeader={STATISTICS_TEXTS.period}
            series={SERIES}
            rows={data.map((row) => ({
              key: row.period,
              label: row.period,
              values: { devices: row.devices },
            }))}
          />
        )}
      </QueryState>
    </Stack>
  );
}

import { Paper, SimpleGrid, Title } from '@mantine/core';
import { DEVICE_STATISTIC_CHARTS, STATISTICS_UNKNOWN } from '@netfleet/contracts';
import { QueryState } from '@/components/query-state';
import { useDeviceStatistics } from '../api/get-device-statistics';
import type { DeviceStatistics } from '../api/types';
import { STATISTICS_TEXTS } from '../texts';
import { BarTable } from './bar-table';
import { STATISTICS_QUERY_STATE } from './query-state-options';

type Chart = (typeof DEVICE_STATISTIC_CHARTS)[number];

const SERIES = [{ key: 'count', label: STATISTICS_TEXTS.devices }];

/** Charts counted by RMS classes (online, excellent, ...) rather than reported values. */
const CLASS_CHARTS = new Set<Chart>([
  'status',
  'signal',
  'signal_2',
  'information_updated',
  'task',
]);

/** How a chart's key reads: RMS classes by their text, reported values as they are. */
function valueLabel(chart: Chart, value: string): string {
  if (value === STATISTICS_UNKNOWN || value === '') return STATISTICS_TEXTS.unknown;
  if (CLASS_CHARTS.has(chart)) return STATISTICS_TEXTS.classes[value] ?? value;
  return value;
}

const entriesOf = (data: DeviceStatistics, chart: Chart) => Object.entries(data[chart] ?? {});

const chartsWithData = (data: DeviceStatistics) =>
  DEVICE_STATISTIC_CHARTS.filter((chart) => entriesOf(data, chart).length > 0);

/** Tab `general`: device counts per status, model, firmware, operator... of the visible fleet. */
export function GeneralTab() {
  const result = useDeviceStatistics();
  return (
    <QueryState
      {...STATISTICS_QUERY_STATE}
      result={result}
      isEmpty={(data) => chartsWithData(data).length === 0}
    >
      {(data) => (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          {chartsWithData(data).map((chart) => (
            <Paper key={chart} withBorder p="sm">
              <Title order={3} size="h5" mb="xs">
                {STATISTICS_TEXTS.charts[chart]}
              </Title>
              <BarTable
                caption={STATISTICS_TEXTS.charts[chart]}
                rowHeader={STATISTICS_TEXTS.value}
                series={SERIES}
                rows={entriesOf(data, chart).map(([value, count]) => ({
                  key: value,
                  label: valueLabel(chart, value),
                  values: { count },
                }))}
              />
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </QueryState>
  );
}

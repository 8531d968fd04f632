import { Paper, SimpleGrid, Title } from '@mantine/core';
import { DEVICE_STATISTIC_CHARTS, deviceStatusLabel, MEASUREMENT_UNITS } from '@netfleet/contracts';
import { useDeviceStatistics } from '../api/get-device-statistics';
import type { DeviceStatistics } from '../api/types';
import { STATISTICS_TEXTS } from '../texts';
import { BarTable } from './bar-table';
import { QueryState } from './query-state';

type Chart = (typeof DEVICE_STATISTIC_CHARTS)[number];

const SERIES = [{ key: 'count', label: STATISTICS_TEXTS.devices }];

/** How a chart's raw value reads: status codes by their spec §4 text, signal in dBm. */
function valueLabel(chart: Chart, value: string | number | null): string {
  if (value === null || value === '') return STATISTICS_TEXTS.unknown;
  if (chart === 'status') return deviceStatusLabel(Number(value));
  if (chart === 'signal') return `${value} ${MEASUREMENT_UNITS.signal}`;
  return String(value);
}

const chartsWithData = (data: DeviceStatistics) =>
  DEVICE_STATISTIC_CHARTS.filter((chart) => (data[chart]?.length ?? 0) > 0);

/** Tab `general`: device counts per status, model, firmware, operator... of the visible fleet. */
export function GeneralTab() {
  const result = useDeviceStatistics();
  return (
    <QueryState result={result} isEmpty={(data) => chartsWithData(data).length === 0}>
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
                rows={(data[chart] ?? []).map((entry) => ({
                  key: String(entry.value),
                  label: valueLabel(chart, entry.value),
                  values: { count: entry.count },
                }))}
              />
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </QueryState>
  );
}

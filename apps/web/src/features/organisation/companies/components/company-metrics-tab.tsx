import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { hasPermission, STATISTICS_UNKNOWN, type OnlineSample } from '@netfleet/contracts';
import { TimeChart, type ChartData } from '@/components/charts';
import { QueryState } from '@/components/query-state';
import { useCurrentUser } from '@/lib/current-user';
import {
  COMPANY_METRIC_CHARTS,
  useCompanyDeviceCounts,
  useCompanyOnline,
} from '../api/get-company-metrics';
import { COMPANY_TEXTS as T } from '../texts';
import type { CompanyTabProps } from './company-tabs';

type Chart = (typeof COMPANY_METRIC_CHARTS)[number];
type Counts = Partial<Record<Chart, Record<string, number>>>;

const label = (chart: Chart, value: string) => {
  if (value === STATISTICS_UNKNOWN || value === '') return T.metricsUnknown;
  return chart === 'status' ? (T.metricsStatus[value] ?? value) : value;
};

function CountTable({ chart, counts }: { chart: Chart; counts: Record<string, number> }) {
  return (
    <Paper withBorder p="sm">
      <Title order={3} size="h5" mb="xs">
        {T.metricsCharts[chart]}
      </Title>
      <Table aria-label={T.metricsCharts[chart]} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{T.metricsValue}</Table.Th>
            <Table.Th ta="right">{T.metricsDevices}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {Object.entries(counts).map(([value, count]) => (
            <Table.Tr key={value}>
              <Table.Td>{label(chart, value)}</Table.Td>
              <Table.Td ta="right">{count}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

const onlineChart = (samples: readonly OnlineSample[]): ChartData => ({
  timestamps: samples.map((sample) => Date.parse(sample.datetime) / 1000),
  series: [
    { label: T.metricsOnline, values: samples.map((sample) => sample.online) },
    { label: T.metricsTotal, values: samples.map((sample) => sample.total) },
  ],
});

const hasCounts = (data: Counts) =>
  COMPANY_METRIC_CHARTS.some((chart) => Object.keys(data[chart] ?? {}).length > 0);

/** Tab `metrics`: the company's own devices by status, model, firmware, connection; online over time. */
export function CompanyMetricsTab({ company }: CompanyTabProps) {
  const { permissions } = useCurrentUser();
  const withHistory = hasPermission(permissions, 'view_statistics');
  const counts = useCompanyDeviceCounts(company.id);
  const online = useCompanyOnline(company.id, withHistory);
  return (
    <Stack gap="md">
      {withHistory && (
        <QueryState
          result={online}
          emptyText={T.metricsNoHistory}
          isEmpty={(samples) => samples.length === 0}
        >
          {(samples) => <TimeChart title={T.metricsOnlineTitle} data={onlineChart(samples)} />}
        </QueryState>
      )}
      <QueryState
        result={counts}
        emptyText={T.metricsNoDevices}
        isEmpty={(data) => !hasCounts(data)}
      >
        {(data: Counts) => (
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            {COMPANY_METRIC_CHARTS.filter((chart) => data[chart]).map((chart) => (
              <CountTable key={chart} chart={chart} counts={data[chart] ?? {}} />
            ))}
          </SimpleGrid>
        )}
      </QueryState>
      <Text size="xs" c="dimmed">
        {T.metricsNote}
      </Text>
    </Stack>
  );
}

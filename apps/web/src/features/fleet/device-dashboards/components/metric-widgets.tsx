import { Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Device, DeviceDashboardMetric } from '@netfleet/contracts';
import { TimeChart } from '@/components/charts';
import { formatDateTime } from '@/components/data-table';
import type { DateRange } from '@/components/date-range';
import { formatUptime } from '@/lib/format';
import { deviceStatusLabel } from '@/lib/messages';
import { useDataUsage, useLatestReading, useReadings } from '../api/get-widget-data';
import {
  fromDataUsage,
  hasData,
  latestValues,
  metricFormatter,
  readingSeries,
  usageSeries,
  usageTotal,
} from '../model/metrics';
import { DASHBOARD_TEXTS as T } from '../texts';
import { Empty, LoadError, Loading } from './states';

// The chart, current value and key facts widgets: the device's dynamic readings, data usage and
// its own fields.

export interface MetricProps {
  deviceId: number;
  metric: DeviceDashboardMetric;
  period: DateRange;
  title: string;
}

export function ChartBody({ deviceId, metric, period, title }: MetricProps) {
  const usage = fromDataUsage(metric);
  const readings = useReadings(deviceId, 'dynamic', period, !usage);
  const days = useDataUsage(deviceId, period, usage);
  const query = usage ? days : readings;
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError message={T.readingFailed} />;
  const data = usage ? usageSeries(days.data ?? []) : readingSeries(metric, readings.data ?? []);
  if (!hasData(data)) return <Empty message={T.noReadings} />;
  return <TimeChart title={title} data={data} formatValue={metricFormatter(metric)} height={200} />;
}

function BigValue({ children }: { children: ReactNode }) {
  return (
    <Text fz={28} fw={600} lh={1.2}>
      {children}
    </Text>
  );
}

export function ValueBody({ deviceId, metric, period }: MetricProps) {
  const usage = fromDataUsage(metric);
  const latest = useLatestReading(deviceId, 'dynamic', !usage);
  const days = useDataUsage(deviceId, period, usage);
  const format = metricFormatter(metric);
  if (usage) {
    if (days.isPending) return <Loading />;
    if (days.isError) return <LoadError message={T.readingFailed} />;
    return (
      <Stack gap={2}>
        <BigValue>{format(usageTotal(days.data))}</BigValue>
        <Text size="xs" c="dimmed">
          {T.periodTotal}
        </Text>
      </Stack>
    );
  }
  if (latest.isPending) return <Loading />;
  if (latest.isError) return <LoadError message={T.readingFailed} />;
  const values = latestValues(metric, latest.data);
  if (values.length === 0 || !latest.data) return <Empty message={T.noValue} />;
  const single = values.length === 1;
  return (
    <Stack gap={4}>
      {values.map(({ label, value }) => (
        <Group key={label} justify="space-between" align="baseline" wrap="nowrap">
          {!single && (
            <Text size="sm" c="dimmed">
              {label}
            </Text>
          )}
          <BigValue>{format(value)}</BigValue>
        </Group>
      ))}
      <Text size="xs" c="dimmed">
        {T.latestAt(formatDateTime(latest.data.datetime))}
      </Text>
    </Stack>
  );
}

export function FactsBody({ device }: { device: Device }) {
  const rows: [string, string][] = [
    [T.facts.status, deviceStatusLabel(device.status)],
    [T.facts.model, device.model ?? ''],
    [T.facts.firmware, device.firmware ?? ''],
    [T.facts.serial, device.serial],
    [T.facts.mac, device.mac ?? ''],
    [T.facts.wanIp, device.wan_ip ?? ''],
    [T.facts.operator, device.operator ?? ''],
    [T.facts.connectionType, device.connection_type ?? ''],
    [T.facts.uptime, formatUptime(device.uptime)],
    [
      T.facts.lastConnection,
      device.last_connection_at ? formatDateTime(device.last_connection_at) : '',
    ],
  ];
  return (
    <Table withRowBorders={false} verticalSpacing={4}>
      <Table.Tbody>
        {rows
          .filter(([, value]) => value !== '')
          .map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th fw={500} c="dimmed" w="45%">
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
      </Table.Tbody>
    </Table>
  );
}

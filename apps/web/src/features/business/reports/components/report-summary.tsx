import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatBytes, type ReportData, type ReportExtreme } from '@netfleet/contracts';
import { formatDbm, formatDeciCelsius, formatUptime } from '@/lib/format';
import { formatNumber } from '../model/format-number';
import { REPORT_TEXTS as T } from '../texts';

interface Figure {
  label: string;
  value: string;
  /** The device that holds an extreme, or a breakdown. */
  detail?: string;
}

const extreme = (label: string, item: ReportExtreme, format: (value: number) => string) =>
  item ? [{ label, value: format(item.value), detail: item.name || item.serial }] : [];

const figure = (label: string, value: number | null, format: (value: number) => string) =>
  value === null ? [] : [{ label, value: format(value) }];

/** The report's totals, averages and extremes; what the report does not hold is left out. */
export function summaryFigures({ all }: ReportData): Figure[] {
  const averages = all.average_values;
  const count = formatNumber;
  return [
    { label: T.devices, value: formatNumber(all.devices) },
    ...(all.mobile_data
      ? [
          { label: T.received, value: formatBytes(all.mobile_data.received) },
          { label: T.sent, value: formatBytes(all.mobile_data.sent) },
          { label: T.total, value: formatBytes(all.mobile_data.total) },
        ]
      : []),
    ...figure(T.averageSignal, averages.signal, formatDbm),
    ...extreme(T.strongestSignal, all.max_signal, formatDbm),
    ...extreme(T.weakestSignal, all.min_signal, formatDbm),
    ...figure(T.averageTemperature, averages.temperature, formatDeciCelsius),
    ...extreme(T.hottest, all.max_temperature, formatDeciCelsius),
    ...extreme(T.coldest, all.min_temperature, formatDeciCelsius),
    ...figure(T.averageRouterUptime, averages.router_uptime, formatUptime),
    ...extreme(T.longestUptime, all.max_router_uptime, formatUptime),
    ...figure(T.averageConnectionUptime, averages.connection_uptime, formatUptime),
    ...extreme(T.longestConnection, all.max_connection_uptime, formatUptime),
    ...figure(T.totalAlerts, all.alerts, count),
    ...(all.tasks === null
      ? []
      : [
          {
            label: T.totalTasks,
            value: formatNumber(all.tasks),
            detail: T.tasksOutcome(all.tasks_succeeded ?? 0, all.tasks_failed ?? 0),
          },
        ]),
    ...(all.remote_sessions === null
      ? []
      : [
          {
            label: T.remoteSessions,
            value: formatNumber(all.remote_sessions),
            ...(all.remote_bytes === null ? {} : { detail: formatBytes(all.remote_bytes) }),
          },
        ]),
    ...figure(T.creditsUsed, all.credits_used, count),
  ];
}

/** The summary as cards, each named by its figure. */
export function ReportSummary({ data }: { data: ReportData }) {
  return (
    <section aria-label={T.summary}>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        {summaryFigures(data).map((item) => (
          <Paper key={item.label} withBorder p="sm" role="group" aria-label={item.label}>
            <Text size="xs" c="dimmed" fw={600}>
              {item.label}
            </Text>
            <Text size="lg" fw={700}>
              {item.value}
            </Text>
            {item.detail && (
              <Text size="xs" c="dimmed" truncate>
                {item.detail}
              </Text>
            )}
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}

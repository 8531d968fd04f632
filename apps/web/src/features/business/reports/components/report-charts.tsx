import { SimpleGrid } from '@mantine/core';
import { formatBytes, type ReportData, type ReportParameter } from '@netfleet/contracts';
import { TimeChart } from '@/components/charts';
import { alertsChart, dataChart } from '../model/daily-chart';
import { REPORT_TEXTS as T } from '../texts';

const bytes = (value: number) => (value >= 0 ? formatBytes(value) : String(value));

interface ReportChartsProps {
  data: ReportData;
  parameters: readonly ReportParameter[];
}

/**
 * The report's days as the PDF draws them: mobile data received and sent, and alerts, per day
 * (of the parameters it holds). A report of one day or less has no series worth a chart.
 */
export function ReportCharts({ data, parameters }: ReportChartsProps) {
  if (data.daily.length < 2) return null;
  const charts = [
    ...(parameters.includes('data_usage')
      ? [{ title: T.dataPerDay, chart: dataChart(data.daily), format: bytes }]
      : []),
    ...(parameters.includes('alerts')
      ? [{ title: T.alertsPerDay, chart: alertsChart(data.daily), format: String }]
      : []),
  ];
  if (charts.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, lg: charts.length }} spacing="md">
      {charts.map(({ title, chart, format }) => (
        <TimeChart key={title} title={title} data={chart} formatValue={format} height={220} />
      ))}
    </SimpleGrid>
  );
}

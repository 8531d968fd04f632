import { Alert, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import type { GeneratedReportDetail } from '@netfleet/contracts';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { QueryState } from '@/components/query-state';
import { useGeneratedReport } from '../api/get-generated-report';
import { GeneratedReportHeader } from '../components/generated-report-header';
import { ReportCharts } from '../components/report-charts';
import { ReportDevicesTable } from '../components/report-devices-table';
import { ReportStats } from '../components/report-stats';
import { ReportSummary } from '../components/report-summary';
import { REPORTS_ROUTES } from '../paths';
import { REPORT_TEXTS as T } from '../texts';

const ID_PATTERN = /^[1-9]\d{0,9}$/;

function GeneratedReportView({ detail }: { detail: GeneratedReportDetail }) {
  const { report } = detail;
  return (
    <Stack gap="lg">
      <GeneratedReportHeader report={report} />
      <ReportSummary data={detail} />
      <ReportCharts data={detail} parameters={report.parameters} />
      <Stack gap="xs">
        <Title order={3}>{T.perDevice}</Title>
        <ReportDevicesTable data={detail} parameters={report.parameters} />
      </Stack>
      <ReportStats data={detail} />
    </Stack>
  );
}

function GeneratedReport({ id }: { id: string }) {
  const result = useGeneratedReport(id);
  return (
    <QueryState
      result={result}
      errorTitle={T.loadFailed}
      notFoundTitle={T.notFound}
      hideNotFoundMessage
      loaderSize="md"
    >
      {(detail) => <GeneratedReportView detail={detail} />}
    </QueryState>
  );
}

/**
 * Route `reports.generated` (/report/generated/{id}): a generated report's figures as the PDF
 * holds them (summary, charts per day, a row per device, operators and connection types) with
 * its PDF and CSV downloads.
 */
export function GeneratedReportPage() {
  const { id = '' } = useParams();
  if (!ID_PATTERN.test(id)) {
    return (
      <Stack gap="md">
        <PageBreadcrumbs
          items={[{ label: T.reports, to: REPORTS_ROUTES.single }, { label: T.notFound }]}
        />
        <Alert color="red" title={T.notFound} />
      </Stack>
    );
  }
  return <GeneratedReport key={id} id={id} />;
}

import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { GeneratedReport } from '@netfleet/contracts';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { formatDateTime } from '@/components/data-table';
import { downloadGeneratedReport } from '../api/downloads';
import { kindOf } from '../model/report-kind';
import { REPORTS_ROUTES } from '../paths';
import { REPORT_TEXTS as T } from '../texts';
import { coveredRange } from './generated-list-dialog';

/** The generated report's title, what it covers, its downloads and whether mailing it failed. */
export function GeneratedReportHeader({ report }: { report: GeneratedReport }) {
  const list = REPORTS_ROUTES[kindOf(report)];
  return (
    <Stack gap="sm">
      <PageBreadcrumbs
        items={[
          { label: T.management },
          { label: T.reports, to: list },
          { label: report.report_template_name || T.generatedReport },
          { label: report.name },
        ]}
      />
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          <Title order={2}>{report.name}</Title>
          {report.description && <Text c="dimmed">{report.description}</Text>}
          <Text size="sm">
            {T.periodRange}: {coveredRange(report)} · {T.timeZoneOf(report.time_zone)}
          </Text>
          <Text size="sm" c="dimmed">
            {T.generatedAt} {formatDateTime(report.created_at)} · {report.company_name}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void downloadGeneratedReport(report.id, 'pdf')}
          >
            {T.downloadPdf}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void downloadGeneratedReport(report.id, 'csv')}
          >
            {T.downloadCsv}
          </Button>
        </Group>
      </Group>
      {report.mail_status === 'failed' && (
        <Alert color="yellow" title={T.mailFailed(report.mail_error ?? '')} />
      )}
    </Stack>
  );
}

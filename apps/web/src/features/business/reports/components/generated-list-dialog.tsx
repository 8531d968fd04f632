import { Anchor, Badge, Group, Pagination, Stack, Table } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { GeneratedReport, ReportTemplate } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { dialogs, useDialog, type DialogOptions } from '@/components/dialogs';
import { QueryState } from '@/components/query-state';
import { GENERATED_PAGE_SIZE, useGeneratedReports } from '../api/get-generated-reports';
import { generatedReportPath } from '../paths';
import { formatNumber } from '../model/format-number';
import { REPORT_TEXTS as T } from '../texts';
import { GeneratedRowMenu } from './generated-row-menu';

const MAIL_COLORS: Readonly<Record<GeneratedReport['mail_status'], string>> = {
  none: 'gray',
  sent: 'green',
  failed: 'red',
};

/** What a generated report covers, from its start to its end (excluded). */
export const coveredRange = (report: Pick<GeneratedReport, 'period_start' | 'period_end'>) =>
  `${formatDateTime(report.period_start)} – ${formatDateTime(report.period_end)}`;

function GeneratedRow({ report }: { report: GeneratedReport }) {
  const dialog = useDialog();
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={generatedReportPath(report.id)} onClick={dialog?.close}>
          {report.name}
        </Anchor>
      </Table.Td>
      <Table.Td>{coveredRange(report)}</Table.Td>
      <Table.Td>{formatDateTime(report.created_at)}</Table.Td>
      <Table.Td>{formatNumber(report.devices_count)}</Table.Td>
      <Table.Td>
        <Badge
          variant="light"
          color={MAIL_COLORS[report.mail_status]}
          title={report.mail_error ?? undefined}
        >
          {T.mailStatuses[report.mail_status]}
        </Badge>
      </Table.Td>
      <Table.Td>
        <GeneratedRowMenu report={report} />
      </Table.Td>
    </Table.Tr>
  );
}

/** The reports generated from one template, newest first, a page at a time. */
export function GeneratedList({ templateId }: { templateId: number }) {
  const [page, setPage] = useState(1);
  const result = useGeneratedReports(templateId, (page - 1) * GENERATED_PAGE_SIZE);
  return (
    <QueryState
      result={result}
      errorTitle={T.loadFailed}
      isEmpty={(list) => list.total === 0}
      emptyText={T.generatedEmpty}
    >
      {(list) => (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label={T.generatedReports} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{T.name}</Table.Th>
                  <Table.Th>{T.periodRange}</Table.Th>
                  <Table.Th>{T.generatedAt}</Table.Th>
                  <Table.Th>{T.devices}</Table.Th>
                  <Table.Th>{T.mail}</Table.Th>
                  <Table.Th aria-label={T.actions} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.rows.map((report) => (
                  <GeneratedRow key={report.id} report={report} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {list.total > GENERATED_PAGE_SIZE && (
            <Group justify="flex-end">
              <Pagination
                size="sm"
                total={Math.ceil(list.total / GENERATED_PAGE_SIZE)}
                value={page}
                onChange={setPage}
              />
            </Group>
          )}
        </Stack>
      )}
    </QueryState>
  );
}

/**
 * Spec dialog "reports generated list": a template's generated reports. Not a main dialog, so
 * the forms opened from it (rename) stack on it; also the named dialog 'reports.generated-list'.
 */
export function generatedListDialog(template: Pick<ReportTemplate, 'id' | 'name'>): DialogOptions {
  return {
    id: 'reports.generated-list',
    title: T.generatedReports,
    subtitle: template.name,
    size: 'xl',
    content: <GeneratedList templateId={template.id} />,
  };
}

export const openGeneratedListDialog = (template: Pick<ReportTemplate, 'id' | 'name'>) =>
  dialogs.open(generatedListDialog(template));

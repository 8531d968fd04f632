import { Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Company } from '@netfleet/contracts';
import { REPORT_KINDS, type ReportKind } from '../model/report-kind';
import { REPORT_TEXTS as T } from '../texts';
import { KIND_LABELS } from './reports-nav';
import { TemplatesTable } from './templates-table';
import { useTemplateActions } from './use-template-actions';

interface CompanyReportsPanelProps {
  company: Company;
  /** The sub tab (single, day, week, month), checked by the company page. */
  sub: string | undefined;
}

/** The company page's reports tab: the company's templates of the sub tab's kind. */
export function CompanyReportsPanel({ company, sub }: CompanyReportsPanelProps) {
  const kind: ReportKind = REPORT_KINDS.find((candidate) => candidate === sub) ?? 'single';
  const actions = useTemplateActions(kind, company.id);
  return (
    <Stack gap="md">
      {actions.allowed && (
        <Group>
          <Button
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={actions.create}
          >
            {T.newReport}
          </Button>
        </Group>
      )}
      <TemplatesTable
        key={`${company.id}-${kind}`}
        kind={kind}
        actions={actions}
        companyId={company.id}
      />
    </Stack>
  );
}

/**
 * The tab the app layer adds to the company page (its CompanyTab shape): /companies/{id}/reports/
 * {single,day,week,month} (spec: company tab "reports (single, periodic day/week/month)").
 */
export const companyReportsTab = {
  value: 'reports',
  label: T.reports,
  permission: 'view_reports',
  subs: REPORT_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] })),
  panel: CompanyReportsPanel,
} as const;

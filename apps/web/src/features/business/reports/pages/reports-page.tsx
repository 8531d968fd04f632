import { Button, Stack } from '@mantine/core';
import { IconCoins, IconPlus } from '@tabler/icons-react';
import { hasPermission } from '@netfleet/contracts';
import { dialogs } from '@/components/dialogs';
import { useCurrentUser } from '@/lib/current-user';
import { creditReportDialog } from '../components/credit-report-dialog';
import { ReportsHeader } from '../components/reports-header';
import { TemplatesTable } from '../components/templates-table';
import { useTemplateActions } from '../components/use-template-actions';
import type { ReportKind } from '../model/report-kind';
import { REPORT_TEXTS as T } from '../texts';

/**
 * Routes `reports.single` (/reports) and `reports.periodic.day|week|month`
 * (/reports/periodic/{period}): the templates of that kind, New report, and the credit report for
 * users who see resources.
 */
export function ReportsPage({ kind }: { kind: ReportKind }) {
  const { permissions } = useCurrentUser();
  const actions = useTemplateActions(kind, null);
  const header = (
    <>
      {hasPermission(permissions, 'view_credits') && (
        <Button
          variant="default"
          leftSection={<IconCoins size={16} aria-hidden />}
          onClick={() => dialogs.open(creditReportDialog())}
        >
          {T.creditReport}
        </Button>
      )}
      {actions.allowed && (
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={actions.create}>
          {T.newReport}
        </Button>
      )}
    </>
  );
  return (
    <Stack gap="md">
      <ReportsHeader kind={kind} actions={header} />
      <TemplatesTable key={kind} kind={kind} actions={actions} />
    </Stack>
  );
}

export const SingleReportsPage = () => <ReportsPage kind="single" />;
export const DailyReportsPage = () => <ReportsPage kind="day" />;
export const WeeklyReportsPage = () => <ReportsPage kind="week" />;
export const MonthlyReportsPage = () => <ReportsPage kind="month" />;

import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { hasPermission } from '@netfleet/contracts';
import { CompanySelect } from '@/components/company-select';
import { formatDateTime } from '@/components/data-table';
import type { DialogOptions } from '@/components/dialogs';
import { QueryState } from '@/components/query-state';
import { useCurrentUser } from '@/lib/current-user';
import { downloadCreditReport } from '../api/downloads';
import { useCreditReport } from '../api/get-credit-report';
import type { CreditReportRequest } from '../api/keys';
import { dayRange, zonedDay, type DayRangeErrors } from '../model/day-range';
import { REPORT_TEXTS as T } from '../texts';
import { CreditTotals } from './credit-totals';

/** The days a report starts with: the last 30, today included. */
const DEFAULT_DAYS = 29;

/**
 * Spec dialog "reports credit report" (RMS GET /credits/report): a company's credit usage between
 * two days, its totals shown (the JSON answer) and the whole report downloadable as a PDF.
 */
export function CreditReportForm() {
  const me = useCurrentUser();
  const canPick = hasPermission(me.permissions, 'view_companies');
  const [company, setCompany] = useState<string | null>(String(me.company_id));
  const [from, setFrom] = useState(() => zonedDay(DEFAULT_DAYS));
  const [to, setTo] = useState(() => zonedDay());
  const [errors, setErrors] = useState<DayRangeErrors>({});
  const [request, setRequest] = useState<CreditReportRequest | null>(null);
  const result = useCreditReport(request);

  const show = () => {
    const found: DayRangeErrors = {};
    if (!from) found.from = T.chooseDays;
    if (!to) found.to = T.chooseDays;
    if (from && to && to < from) found.to = T.endBeforeStart;
    setErrors(found);
    const range = found.from || found.to ? null : dayRange(from, to);
    if (!range) return;
    setRequest({ ...range, ...(company ? { company_id: Number(company) } : {}) });
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {T.creditReportHint}
      </Text>
      <Group align="flex-start" gap="xs">
        <CompanySelect
          label={T.company}
          w={220}
          value={company}
          onChange={setCompany}
          searchable={canPick}
          allowDeselect={false}
          fallback={{ value: String(me.company_id), label: me.company_name }}
        />
        <TextInput
          type="date"
          label={T.from}
          value={from}
          onChange={(event) => setFrom(event.currentTarget.value)}
          error={errors.from}
        />
        <TextInput
          type="date"
          label={T.to}
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
          error={errors.to}
        />
        <Button mt={25} onClick={show}>
          {T.show}
        </Button>
      </Group>
      {request && (
        <QueryState result={result} errorTitle={T.creditReportFailed}>
          {(report) => (
            <Stack gap="sm">
              <Group justify="space-between">
                <Text fw={600}>
                  {report.company_name}: {formatDateTime(report.start_date)} –{' '}
                  {formatDateTime(report.end_date)}
                </Text>
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} aria-hidden />}
                  onClick={() => void downloadCreditReport(request)}
                >
                  {T.downloadPdf}
                </Button>
              </Group>
              <CreditTotals report={report} />
            </Stack>
          )}
        </QueryState>
      )}
    </Stack>
  );
}

/** The dialog, also the named dialog 'reports.credit-report' (the resources pages open it). */
export function creditReportDialog(): DialogOptions {
  return {
    id: 'reports.credit-report',
    title: T.creditReport,
    size: 'xl',
    main: true,
    content: <CreditReportForm />,
  };
}

import { Tabs } from '@mantine/core';
import { useNavigate } from 'react-router';
import { REPORT_KINDS, type ReportKind } from '../model/report-kind';
import { REPORTS_ROUTES } from '../paths';
import { REPORT_TEXTS } from '../texts';

export const KIND_LABELS: Readonly<Record<ReportKind, string>> = {
  single: REPORT_TEXTS.single,
  day: REPORT_TEXTS.daily,
  week: REPORT_TEXTS.weekly,
  month: REPORT_TEXTS.monthly,
};

/**
 * The /reports lists as tabs (as the resources and automations pages do): each is its own route
 * (reports.single, reports.periodic.day/week/month), so each keeps its paging and search in the
 * URL. All four need view_reports, so all are shown.
 */
export function ReportsNav({ active }: { active: ReportKind }) {
  const navigate = useNavigate();
  return (
    <Tabs
      value={active}
      onChange={(value) => {
        const next = REPORT_KINDS.find((kind) => kind === value);
        if (next && next !== active) void navigate(REPORTS_ROUTES[next]);
      }}
    >
      <Tabs.List aria-label={REPORT_TEXTS.sectionsLabel}>
        {REPORT_KINDS.map((kind) => (
          <Tabs.Tab key={kind} value={kind}>
            {KIND_LABELS[kind]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

import { Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageBreadcrumbs, type BreadcrumbItem } from '@/components/breadcrumbs';
import type { ReportKind } from '../model/report-kind';
import { REPORTS_ROUTES } from '../paths';
import { REPORT_TEXTS as T } from '../texts';
import { KIND_LABELS, ReportsNav } from './reports-nav';

const MANAGEMENT: BreadcrumbItem = { label: T.management };

/** Breadcrumbs, title, actions and the list tabs shared by the /reports pages. */
export function ReportsHeader({ kind, actions }: { kind: ReportKind; actions?: ReactNode }) {
  const items: BreadcrumbItem[] =
    kind === 'single'
      ? [MANAGEMENT, { label: T.reports }]
      : [MANAGEMENT, { label: T.reports, to: REPORTS_ROUTES.single }, { label: KIND_LABELS[kind] }];
  return (
    <Stack gap="sm">
      <PageBreadcrumbs items={items} />
      <Group justify="space-between" gap="sm">
        <Title order={2}>{T.reports}</Title>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      <ReportsNav active={kind} />
    </Stack>
  );
}

import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReportTemplate } from '@netfleet/contracts';
import { formatDateTime, type DataTableColumn } from '@/components/data-table';
import { PARAMETER_LABELS, PERIOD_LABELS, REPEAT_LABELS, REPORT_TEXTS as T } from '../texts';
import { AppliedToCell } from './applied-to-cell';

const dateOr = (value: string | null, fallback: string) =>
  value ? formatDateTime(value) : fallback;

/** Single: the period (a custom one with its dates); periodic: how it repeats. */
export function periodText(template: ReportTemplate): string {
  if (template.type === 'periodic' && template.period !== 'custom')
    return REPEAT_LABELS[template.period];
  if (template.period === 'custom' && template.start_date && template.end_date)
    return `${formatDateTime(template.start_date)} – ${formatDateTime(template.end_date)}`;
  return PERIOD_LABELS[template.period];
}

const parametersText = (template: ReportTemplate) =>
  template.parameter_names.map((name) => PARAMETER_LABELS[name]).join(', ');

function NameCell({ template }: { template: ReportTemplate }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {template.name}
      </Text>
      {template.description && (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {template.description}
        </Text>
      )}
    </Stack>
  );
}

function LastGeneratedCell({ template }: { template: ReportTemplate }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm">{dateOr(template.generated_at, T.never)}</Text>
      {template.last_error && (
        <Tooltip label={T.lastError(template.last_error)} multiline maw={360}>
          <IconAlertTriangle
            size={16}
            color="var(--mantine-color-red-6)"
            aria-label={T.lastError(template.last_error)}
          />
        </Tooltip>
      )}
    </Group>
  );
}

export const TEMPLATE_COLUMNS: DataTableColumn<ReportTemplate>[] = [
  {
    key: 'name',
    header: T.name,
    sortable: true,
    hideable: false,
    render: (row) => <NameCell template={row} />,
  },
  { key: 'period', header: T.period, sortable: true, render: periodText, csv: periodText },
  {
    key: 'apply_list_names',
    header: T.applyTo,
    render: (row) => <AppliedToCell template={row} />,
    csv: (row) => `${row.applied_by}: ${row.apply_list_names.join(', ')}`,
  },
  { key: 'parameters', header: T.parameters, render: parametersText, csv: parametersText },
  {
    key: 'generated_at',
    header: T.lastGenerated,
    render: (row) => <LastGeneratedCell template={row} />,
    csv: (row) => dateOr(row.generated_at, ''),
  },
  {
    key: 'next_run_at',
    header: T.nextRun,
    defaultHidden: true,
    render: (row) => dateOr(row.next_run_at, T.none),
    csv: (row) => dateOr(row.next_run_at, ''),
  },
  {
    key: 'is_active',
    header: T.active,
    width: 90,
    render: (row) => (
      <Badge variant="light" color={row.is_active ? 'green' : 'gray'}>
        {row.is_active ? T.yes : T.no}
      </Badge>
    ),
    csv: (row) => (row.is_active ? T.yes : T.no),
  },
  { key: 'company_name', header: T.company, defaultHidden: true },
  {
    key: 'created_at',
    header: T.createdAt,
    sortable: true,
    defaultHidden: true,
    render: (row) => formatDateTime(row.created_at),
    csv: (row) => formatDateTime(row.created_at),
  },
];

import { Text } from '@mantine/core';
import { IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { templateRequests, type ConfigTemplate } from '@netfleet/contracts';
import {
  DataTable,
  formatDateTime,
  RowMenu,
  useTableQueryState,
  type DataTableColumn,
  type RowMenuItem,
} from '@/components/data-table';
import { getTemplates, useTemplates } from '../api/get-templates';
import { firmwareRangeText } from '../model/template-range';
import { CONFIG_TEXTS as T } from '../texts';
import { EmptyTemplates } from './empty-templates';
import type { TemplateActions } from './use-template-actions';

// The list endpoint sorts by these; a URL naming another falls back to the name.
const SORT_FIELDS = ['name', 'version', 'created_at'] as const;

const menuItems = (template: ConfigTemplate, actions: TemplateActions): RowMenuItem[] => [
  {
    label: T.apply,
    icon: <IconSend size={14} aria-hidden />,
    onClick: () => actions.apply(template),
  },
  {
    label: T.edit,
    icon: <IconPencil size={14} aria-hidden />,
    onClick: () => actions.edit(template),
  },
  {
    label: T.delete,
    icon: <IconTrash size={14} aria-hidden />,
    color: 'red',
    onClick: () => actions.remove(template),
  },
];

function templateColumns(actions: TemplateActions): DataTableColumn<ConfigTemplate>[] {
  return [
    { key: 'name', header: T.name, sortable: true, hideable: false },
    { key: 'version', header: T.version, sortable: true },
    { key: 'company_name', header: T.company },
    {
      key: 'device_model',
      header: T.deviceModel,
      render: (row) =>
        row.device_model ?? (
          <Text size="sm" c="dimmed">
            {T.anyModel}
          </Text>
        ),
      csv: (row) => row.device_model ?? '',
    },
    {
      key: 'firmware_range',
      header: T.firmwareRange,
      render: (row) => firmwareRangeText(row),
      csv: (row) => firmwareRangeText(row),
    },
    {
      key: 'requests',
      header: T.requestsCount,
      render: (row) => templateRequests(row).length,
      csv: (row) => String(templateRequests(row).length),
    },
    {
      key: 'created_at',
      header: T.createdAt,
      sortable: true,
      render: (row) => formatDateTime(row.created_at),
      csv: (row) => formatDateTime(row.created_at),
    },
    {
      key: 'actions',
      header: T.actions,
      pinned: 'right',
      hideable: false,
      csv: false,
      width: 60,
      render: (row) => (
        <RowMenu label={`${row.name} ${row.version}`} items={menuItems(row, actions)} />
      ),
    },
  ];
}

/** Templates with search, sort and paging; a row's menu applies, edits or deletes it. */
export function TemplatesTable({ actions }: { actions: TemplateActions }) {
  const columns = useMemo(() => templateColumns(actions), [actions]);
  const state = useTableQueryState({ defaultSort: 'name', sortFields: SORT_FIELDS, columns });
  const result = useTemplates(state.query);
  const { q, offset } = state.query;

  // Nothing at all yet (not just nothing matching): say what a template is and offer the first.
  if (result.data?.total === 0 && !q && offset === 0) {
    return <EmptyTemplates onCreate={actions.create} />;
  }
  return (
    <DataTable
      label={T.templatesTable}
      tableId="config-templates"
      columns={columns}
      state={state}
      result={result}
      emptyMessage={T.noMatches}
      searchPlaceholder={T.searchPlaceholder}
      exportCsv={{ filename: 'configuration-templates.csv', fetchPage: getTemplates }}
    />
  );
}

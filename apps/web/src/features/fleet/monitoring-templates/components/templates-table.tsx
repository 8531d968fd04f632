import { Anchor } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { MONITORING_TEMPLATE_SORT_FIELDS, type MonitoringTemplate } from '@netfleet/contracts';
import {
  DataTable,
  formatDateTime,
  RowMenu,
  useTableQueryState,
  type DataTableColumn,
} from '@/components/data-table';
import { getTemplates, useTemplates } from '../api/get-templates';
import { activeCount } from '../parameters';
import { editTemplatePath } from '../paths';
import { TEMPLATE_TEXTS } from '../texts';
import { useRemoveTemplate } from './use-remove-template';

/** Monitoring templates with search, sort, paging, CSV export and edit/delete per row. */
export function TemplatesTable() {
  const navigate = useNavigate();
  const remove = useRemoveTemplate();
  const columns = useMemo<DataTableColumn<MonitoringTemplate>[]>(
    () => [
      {
        key: 'name',
        header: TEMPLATE_TEXTS.name,
        sortable: true,
        searchable: true,
        hideable: false,
        render: (row) => (
          <Anchor component={Link} to={editTemplatePath(row.id)} size="sm">
            {row.name}
          </Anchor>
        ),
      },
      { key: 'description', header: TEMPLATE_TEXTS.description, searchable: true },
      { key: 'company_name', header: TEMPLATE_TEXTS.company, defaultHidden: true },
      {
        key: 'active',
        header: TEMPLATE_TEXTS.activeParameters,
        render: (row) => TEMPLATE_TEXTS.activeCount(activeCount(row.parameters)),
        csv: (row) => String(activeCount(row.parameters)),
      },
      {
        key: 'created_at',
        header: TEMPLATE_TEXTS.createdAt,
        sortable: true,
        render: (row) => formatDateTime(row.created_at),
        csv: (row) => formatDateTime(row.created_at),
      },
      {
        key: 'actions',
        pinned: 'right',
        header: TEMPLATE_TEXTS.actions,
        hideable: false,
        csv: false,
        width: 60,
        render: (row) => (
          <RowMenu
            label={row.name}
            items={[
              {
                label: TEMPLATE_TEXTS.edit,
                icon: <IconPencil size={14} aria-hidden />,
                onClick: () => void navigate(editTemplatePath(row.id)),
              },
              {
                label: TEMPLATE_TEXTS.delete,
                icon: <IconTrash size={14} aria-hidden />,
                color: 'red',
                onClick: () => remove(row),
              },
            ]}
          />
        ),
      },
    ],
    [navigate, remove],
  );
  const state = useTableQueryState({
    defaultSort: 'name',
    sortFields: MONITORING_TEMPLATE_SORT_FIELDS,
    columns,
  });
  const result = useTemplates(state.query);

  return (
    <DataTable
      label={TEMPLATE_TEXTS.templates}
      tableId="monitoring-templates"
      columns={columns}
      state={state}
      result={result}
      emptyMessage={TEMPLATE_TEXTS.empty}
      searchPlaceholder={TEMPLATE_TEXTS.searchPlaceholder}
      exportCsv={{ filename: 'monitoring-templates.csv', fetchPage: getTemplates }}
    />
  );
}

import { Anchor, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Automation } from '@netfleet/contracts';
import {
  DataTable,
  formatDateTime,
  RowMenu,
  useTableQueryState,
  type DataTableColumn,
} from '@/components/data-table';
import { getAutomations, useAutomations } from '../api/get-automations';
import { automationPath, editAutomationPath } from '../paths';
import { AUTOMATIONS_TEXTS as T } from '../texts';
import { AutomationEnabledSwitch } from './automation-enabled-switch';
import { EmptyAutomations } from './empty-automations';
import { useRemoveAutomation } from './use-remove-automation';

const SORT_FIELDS = ['name', 'enabled', 'total_triggered_count', 'created_at'] as const;

/** When the rule's daily counters last started again, else when it was made. */
const lastReset = (row: Automation) => formatDateTime(row.period_latest_reset || row.created_at);

/** The rules with search, sorting and paging; with manage, a row's menu edits or deletes it. */
export function AutomationsTable({ canManage }: { canManage: boolean }) {
  const navigate = useNavigate();
  const remove = useRemoveAutomation();
  const columns = useMemo<DataTableColumn<Automation>[]>(
    () => [
      {
        key: 'name',
        header: T.name,
        hideable: false,
        sortable: true,
        render: (row) => (
          <Anchor component={Link} to={automationPath(row.id)} size="sm">
            {row.name}
          </Anchor>
        ),
      },
      {
        key: 'description',
        header: T.description,
        render: (row) => (
          <Text size="sm" lineClamp={2}>
            {row.description}
          </Text>
        ),
      },
      {
        key: 'enabled',
        header: T.enabled,
        sortable: true,
        render: (row) => <AutomationEnabledSwitch automation={row} readOnly={!canManage} />,
        csv: (row) => String(row.enabled),
      },
      {
        key: 'devices_count',
        header: T.devices,
        render: (row) => T.devicesValue(row.active_devices_count, row.devices_count),
        csv: (row) => `${row.active_devices_count}/${row.devices_count}`,
      },
      { key: 'total_triggered_count', header: T.triggered, sortable: true },
      {
        key: 'created_at',
        header: T.lastReset,
        sortable: true,
        render: lastReset,
        csv: lastReset,
      },
      ...(canManage
        ? [
            {
              key: 'actions',
              pinned: 'right',
              header: T.actions,
              hideable: false,
              csv: false,
              width: 60,
              render: (row) => (
                <RowMenu
                  label={row.name}
                  items={[
                    {
                      label: T.edit,
                      icon: <IconPencil size={14} aria-hidden />,
                      onClick: () => void navigate(editAutomationPath(row.id)),
                    },
                    {
                      label: T.delete,
                      icon: <IconTrash size={14} aria-hidden />,
                      color: 'red',
                      onClick: () => remove({ id: row.id, name: row.name }),
                    },
                  ]}
                />
              ),
            } satisfies DataTableColumn<Automation>,
          ]
        : []),
    ],
    [canManage, navigate, remove],
  );
  const state = useTableQueryState({ columns, sortFields: SORT_FIELDS });
  const result = useAutomations(state.query);
  const { q, offset } = state.query;

  if (result.data?.total === 0 && !q && offset === 0)
    return <EmptyAutomations canManage={canManage} />;
  return (
    <DataTable
      label={T.automationsTable}
      tableId="automations"
      columns={columns}
      state={state}
      result={result}
      emptyMessage={T.noMatches}
      searchPlaceholder={T.searchPlaceholder}
      exportCsv={{ filename: 'automations.csv', fetchPage: getAutomations }}
    />
  );
}

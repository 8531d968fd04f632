import { Anchor, Button, EmptyState } from '@mantine/core';
import { IconChartDots, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import type { DataCollectConfig } from '@netfleet/contracts';
import {
  DataTable,
  formatDateTime,
  RowMenu,
  useTableQueryState,
  type DataTableColumn,
} from '@/components/data-table';
import { formatUptime } from '@/lib/format';
import { getConfigs, useConfigs } from '../api/get-configs';
import { configPath, CREATE_CONFIG_ROUTE, editConfigPath } from '../paths';
import { DATA_COLLECTION_TEXTS as T } from '../texts';
import { EnabledBadge } from './enabled-badge';
import { useRemoveConfig } from './use-remove-config';

/** No config exists yet (not just none matching): say what one is and offer the first. */
function EmptyConfigs() {
  return (
    <EmptyState
      py="xl"
      icon={<IconChartDots size={32} aria-hidden />}
      withIndicatorBackground
      title={T.empty}
      description={T.emptyHint}
    >
      <EmptyState.Actions>
        <Button
          component={Link}
          to={CREATE_CONFIG_ROUTE}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {T.newConfig}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

/** The configs with search and paging; a row's menu edits or deletes it. */
export function ConfigsTable() {
  const navigate = useNavigate();
  const remove = useRemoveConfig();
  const columns = useMemo<DataTableColumn<DataCollectConfig>[]>(
    () => [
      {
        key: 'name',
        header: T.name,
        hideable: false,
        render: (row) => (
          <Anchor component={Link} to={configPath(row.id)} size="sm">
            {row.config.name}
          </Anchor>
        ),
        csv: (row) => row.config.name,
      },
      {
        key: 'description',
        header: T.description,
        render: (row) => row.config.description ?? '',
        csv: (row) => row.config.description ?? '',
      },
      { key: 'company_name', header: T.company, defaultHidden: true },
      {
        key: 'period',
        header: T.period,
        render: (row) => formatUptime(row.period),
        csv: (row) => String(row.period),
      },
      {
        key: 'enabled',
        header: T.enabled,
        render: (row) => <EnabledBadge enabled={row.enabled} />,
        csv: (row) => (row.enabled ? T.yes : T.no),
      },
      { key: 'device_count', header: T.devices },
      {
        key: 'created_at',
        header: T.createdAt,
        render: (row) => formatDateTime(row.created_at),
        csv: (row) => formatDateTime(row.created_at),
      },
      {
        key: 'actions',
        pinned: 'right',
        header: T.actions,
        hideable: false,
        csv: false,
        width: 60,
        render: (row) => (
          <RowMenu
            label={row.config.name}
            items={[
              {
                label: T.edit,
                icon: <IconPencil size={14} aria-hidden />,
                onClick: () => void navigate(editConfigPath(row.id)),
              },
              {
                label: T.delete,
                icon: <IconTrash size={14} aria-hidden />,
                color: 'red',
                onClick: () => remove({ id: row.id, name: row.config.name }),
              },
            ]}
          />
        ),
      },
    ],
    [navigate, remove],
  );
  const state = useTableQueryState({ columns });
  const result = useConfigs(state.query);
  const { q, offset } = state.query;

  if (result.data?.total === 0 && !q && offset === 0) return <EmptyConfigs />;
  return (
    <DataTable
      label={T.configsTable}
      tableId="data-collection-configs"
      columns={columns}
      state={state}
      result={result}
      emptyMessage={T.empty}
      searchPlaceholder={T.searchPlaceholder}
      exportCsv={{ filename: 'data-collection-configs.csv', fetchPage: getConfigs }}
    />
  );
}

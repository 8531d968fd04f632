import { Anchor, Stack, Text } from '@mantine/core';
import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  DataTable,
  formatDateTime,
  useTableQueryState,
  type DataTableColumn,
} from '@/components/data-table';
import { getActions, useActions, type ActionRow } from '../api/get-actions';
import { actionLink } from '../paths';
import { CONFIG_TEXTS as T, KIND_LABELS } from '../texts';
import { ActionCounts } from './action-counts';

const COLUMNS: DataTableColumn<ActionRow>[] = [
  {
    key: 'name',
    header: T.actionName,
    hideable: false,
    render: (row) => (
      <Stack gap={0}>
        {/* The row opens the action too: one navigation, not two. */}
        <Anchor
          component={Link}
          to={actionLink(row.name)}
          size="sm"
          onClick={(event) => event.stopPropagation()}
        >
          {row.name}
        </Anchor>
        {row.rollback_of !== null && (
          <Text size="xs" c="dimmed">
            {T.rollbackOf(row.rollback_of)}
          </Text>
        )}
      </Stack>
    ),
  },
  { key: 'kind', header: T.kind, render: (row) => KIND_LABELS[row.kind] },
  { key: 'template_name', header: T.template, render: (row) => row.template_name ?? T.none },
  {
    key: 'created_at',
    header: T.createdAt,
    render: (row) => formatDateTime(row.created_at),
    csv: (row) => formatDateTime(row.created_at),
  },
  { key: 'user_email', header: T.user, render: (row) => row.user_email ?? T.none },
  { key: 'devices', header: T.devicesColumn },
  {
    key: 'progress',
    header: T.progress,
    render: (row) => <ActionCounts action={row} />,
    csv: false,
  },
];

/** Every configuration sent, newest first, with live counts; a click opens the action. */
export function ActionsTable() {
  const navigate = useNavigate();
  const state = useTableQueryState({ columns: COLUMNS });
  const result = useActions(state.query);
  const open = useCallback((row: ActionRow) => void navigate(actionLink(row.name)), [navigate]);
  return (
    <DataTable
      label={T.activityTable}
      tableId="config-actions"
      columns={COLUMNS}
      state={state}
      result={result}
      emptyMessage={T.noActivity}
      searchable={false}
      onRowClick={open}
      exportCsv={{ filename: 'configuration-activity.csv', fetchPage: getActions }}
    />
  );
}

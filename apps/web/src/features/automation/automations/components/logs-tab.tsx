import { Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { userChannel } from '@netfleet/contracts';
import {
  DataTable,
  formatDateTime,
  useTableQueryState,
  type DataTableColumn,
} from '@/components/data-table';
import { useCurrentUser } from '@/lib/current-user';
import { useChannel } from '@/lib/realtime';
import { useAutomationLogs, type LogRow } from '../api/get-logs';
import { automationsKeys } from '../api/keys';
import { formatParameter } from '../model/parameters';
import { AUTOMATIONS_TEXTS as T, KIND_LABELS } from '../texts';
import { openLogDialog } from './log-detail';
import { StatusBadge } from './status-badge';

const SORT_FIELDS = ['created_at'] as const;

/** The values an evaluation read, one a line: `signal: -118 dBm`. */
function Parameters({ row }: { row: LogRow }) {
  return (
    <Stack gap={0}>
      {row.evaluated_parameters.map((parameter) => (
        <Text key={parameter.key} size="sm" ff="monospace">
          {formatParameter(parameter.key, parameter.value)}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The rule's evaluations, newest first; a row opens its detail. A `deviceAlert` notification
 * refreshes the list at once; between them it is polled while the page is visible (the rule may
 * notify someone else, or no one).
 */
export function LogsTab({ automationId }: { automationId: number }) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const columns = useMemo<DataTableColumn<LogRow>[]>(
    () => [
      {
        key: 'created_at',
        header: T.time,
        sortable: true,
        render: (row) => formatDateTime(row.created_at),
      },
      { key: 'device_name', header: T.device },
      {
        key: 'kind',
        header: T.kind,
        render: (row) => (row.kind ? KIND_LABELS[row.kind] : T.none),
      },
      {
        key: 'overall_status',
        header: T.status,
        render: (row) => <StatusBadge status={row.overall_status} />,
      },
      {
        key: 'evaluated_parameters',
        header: T.parameters,
        render: (row) => <Parameters row={row} />,
      },
    ],
    [],
  );
  const state = useTableQueryState({
    columns,
    sortFields: SORT_FIELDS,
    defaultSort: '-created_at',
  });
  const result = useAutomationLogs(automationId, state.query);
  useChannel(userChannel(user.id), {
    WebNotificationCreated: ({ notification }) => {
      if (notification.type === 'deviceAlert')
        void queryClient.invalidateQueries({ queryKey: automationsKeys.logsOf(automationId) });
    },
  });

  return (
    <DataTable
      label={T.logsTable}
      columns={columns}
      state={state}
      result={result}
      emptyMessage={T.noLogs}
      searchable={false}
      onRowClick={(row) => openLogDialog(automationId, row)}
    />
  );
}

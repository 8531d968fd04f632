import { Code, Stack } from '@mantine/core';
import { useMemo } from 'react';
import {
  DataTable,
  formatDateTime,
  useTableQueryState,
  type DataTableColumn,
} from '@/components/data-table';
import { useLogs, type LogRow } from '../api/get-logs';
import { DATA_COLLECTION_TEXTS as T } from '../texts';

/** A run's log lines, one under the other. */
function LogLines({ lines }: { lines: readonly string[] }) {
  return (
    <Stack gap={2}>
      {lines.map((line, index) => (
        <Code key={index} block style={{ whiteSpace: 'pre-wrap' }}>
          {line}
        </Code>
      ))}
    </Stack>
  );
}

/** What went wrong when devices collected the config, newest first. */
export function LogsTab({ configId }: { configId: number }) {
  const state = useTableQueryState();
  const result = useLogs(configId, state.query);
  const columns = useMemo<DataTableColumn<LogRow>[]>(
    () => [
      { key: 'device_id', header: T.device, render: (row) => row.device_name },
      { key: 'created_at', header: T.time, render: (row) => formatDateTime(row.created_at) },
      { key: 'log', header: T.log, render: (row) => <LogLines lines={row.log} /> },
    ],
    [],
  );

  return (
    <DataTable
      label={T.logsTable}
      columns={columns}
      state={state}
      result={result}
      emptyMessage={T.noLogs}
      searchable={false}
    />
  );
}

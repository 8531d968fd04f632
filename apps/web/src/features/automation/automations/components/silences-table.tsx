import { Stack, Text } from '@mantine/core';
import { IconPencil, IconPlayerStop, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Silence } from '@netfleet/contracts';
import {
  DataTable,
  RowMenu,
  useTableQueryState,
  type DataTableColumn,
  type RowMenuItem,
} from '@/components/data-table';
import { useSilences } from '../api/get-silences';
import { silenceState } from '../model/silence-state';
import { automationsScope, devicesScope, periodText, scheduleText } from '../model/silence-summary';
import { SILENCES_TEXTS as T } from '../silence-texts';
import { EmptySilences } from './empty-silences';
import { openSilenceDialog } from './silence-dialog';
import { SilenceStateBadge } from './silence-state-badge';
import { useSilenceActions } from './use-silence-actions';

const SORT_FIELDS = ['name', 'starts_at', 'ends_at', 'created_at'] as const;
/** States change with the clock, not the data: the badges are read again this often. */
const CLOCK_MS = 30_000;

/**
 * The time the badges are read at, again every `intervalMs` and on `refresh()`: an edit (End now)
 * sets a window's end to this moment, so fresh data must not be read against an older clock.
 */
function useNow(intervalMs: number) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  const refresh = useCallback(() => setNow(Date.now()), []);
  return [now, refresh] as const;
}

function WindowCell({ silence }: { silence: Silence }) {
  const schedule = scheduleText(silence);
  if (!schedule) return <Text size="sm">{periodText(silence)}</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm">{schedule}</Text>
      <Text size="xs" c="dimmed">
        {periodText(silence)}
      </Text>
    </Stack>
  );
}

/** The silences with sorting and paging; with manage, a row's menu edits, ends or deletes it. */
export function SilencesTable({ canManage }: { canManage: boolean }) {
  const [now, refreshNow] = useNow(CLOCK_MS);
  const actions = useSilenceActions();
  const columns = useMemo<DataTableColumn<Silence>[]>(
    () => [
      { key: 'name', header: T.name, hideable: false, sortable: true },
      {
        key: 'scope',
        header: T.scope,
        render: (row) => (
          <Stack gap={0}>
            <Text size="sm">{automationsScope(row)}</Text>
            <Text size="sm">{devicesScope(row)}</Text>
          </Stack>
        ),
        csv: (row) => `${automationsScope(row)}; ${devicesScope(row)}`,
      },
      {
        key: 'starts_at',
        header: T.window,
        sortable: true,
        render: (row) => <WindowCell silence={row} />,
        csv: (row) => [scheduleText(row), periodText(row)].filter(Boolean).join('; '),
      },
      {
        key: 'state',
        header: T.state,
        render: (row) => <SilenceStateBadge state={silenceState(row, now)} />,
      },
      {
        key: 'notify_after',
        header: T.notifyAfter,
        render: (row) => (row.notify_after ? T.yes : T.no),
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
              render: (row) => {
                const items: RowMenuItem[] = [
                  {
                    label: T.edit,
                    icon: <IconPencil size={14} aria-hidden />,
                    onClick: () => openSilenceDialog(row),
                  },
                  ...(silenceState(row, now) === 'active'
                    ? [
                        {
                          label: T.endNow,
                          icon: <IconPlayerStop size={14} aria-hidden />,
                          onClick: () => actions.endNow(row),
                        },
                      ]
                    : []),
                  {
                    label: T.delete,
                    icon: <IconTrash size={14} aria-hidden />,
                    color: 'red',
                    onClick: () => actions.remove(row),
                  },
                ];
                return <RowMenu label={row.name} items={items} />;
              },
            } satisfies DataTableColumn<Silence>,
          ]
        : []),
    ],
    [canManage, now, actions],
  );
  const state = useTableQueryState({ columns, sortFields: SORT_FIELDS });
  const result = useSilences(state.query);
  useEffect(refreshNow, [result.dataUpdatedAt, refreshNow]);

  if (result.data?.total === 0 && state.query.offset === 0)
    return <EmptySilences canManage={canManage} />;
  return (
    <DataTable
      label={T.table}
      tableId="automation-silences"
      columns={columns}
      state={state}
      result={result}
      searchable={false}
      emptyMessage={T.noRows}
    />
  );
}

import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { VPN_HUB_SORT_FIELDS, type VpnHub } from '@netfleet/contracts';
import {
  DataTable,
  useTableQueryState,
  type BulkAction,
  type DataTableColumn,
} from '@/components/data-table';
import { getHubs, useHubs } from '../api/get-hubs';
import type { HubKind } from '../api/keys';
import { VPN_TEXTS as T } from '../texts';
import { EmptyState } from './empty-state';
import { hubColumns, hubPagePath } from './hub-columns';
import { HubMenu } from './hub-menu';
import { useHubActions } from './use-hub-actions';

const LABELS: Record<HubKind, { table: string; empty: string; noMatches: string; add: string }> = {
  hubs: { table: T.hubs, empty: T.empty, noMatches: T.noMatches, add: T.addHub },
  quick: {
    table: T.quickConnect,
    empty: T.quickEmpty,
    noMatches: T.quickNoMatches,
    add: T.quickConnectTitle,
  },
};

interface HubsTableProps {
  kind: HubKind;
  /** Opens the add dialog of the kind (absent without manage rights). */
  onAdd?: (() => void) | undefined;
}

/** Hubs with search, sort and paging on the server; a row opens its hub. */
export function HubsTable({ kind, onAdd }: HubsTableProps) {
  const actions = useHubActions();
  const navigate = useNavigate();
  const labels = LABELS[kind];
  const columns = useMemo(() => {
    const menu: DataTableColumn<VpnHub> = {
      key: 'actions',
      header: T.actions,
      pinned: 'right',
      hideable: false,
      csv: false,
      width: 60,
      render: (row) => (
        <HubMenu hub={row} actions={actions} onOpen={() => void navigate(hubPagePath(row))} />
      ),
    };
    return [...hubColumns(kind), menu];
  }, [actions, kind, navigate]);
  const bulkActions = useMemo<BulkAction<VpnHub>[] | undefined>(
    () =>
      actions.allowed
        ? [{ label: T.delete, color: 'red', onClick: (rows) => actions.remove(rows) }]
        : undefined,
    [actions],
  );
  const state = useTableQueryState({
    defaultSort: '-created_at',
    sortFields: VPN_HUB_SORT_FIELDS,
    columns,
  });
  const result = useHubs(kind, state.query);

  if (result.data?.total === 0 && !state.query.q && state.query.offset === 0) {
    return (
      <EmptyState text={labels.empty} action={onAdd && { label: labels.add, onClick: onAdd }} />
    );
  }
  return (
    <DataTable
      label={labels.table}
      tableId={kind === 'hubs' ? 'vpn-hubs' : 'vpn-quick-hubs'}
      columns={columns}
      state={state}
      result={result}
      emptyMessage={labels.noMatches}
      searchPlaceholder={T.searchPlaceholder}
      bulkActions={bulkActions}
      onRowClick={(row) => void navigate(hubPagePath(row))}
      exportCsv={{
        filename: kind === 'hubs' ? 'vpn-hubs.csv' : 'vpn-quick-connect.csv',
        fetchPage: (query, signal) => getHubs(kind, query, signal),
      }}
    />
  );
}

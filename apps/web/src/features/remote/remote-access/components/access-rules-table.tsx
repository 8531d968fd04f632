import { useMemo } from 'react';
import type { AccessRule } from '@netfleet/contracts';
import {
  DataTable,
  useTableQueryState,
  type BulkAction,
  type DataTableColumn,
} from '@/components/data-table';
import { getAccessRules, useAccessRules } from '../api/get-access-rules';
import { REMOTE_ACCESS_TEXTS as T } from '../texts';
import { AccessRuleMenu } from './access-rule-menu';
import { accessRuleColumns } from './access-rule-columns';
import type { DeviceRef } from './connect-dialogs';
import { EmptyRules } from './empty-rules';
import { useAccessActions } from './use-access-actions';

const SORT_FIELDS = ['name', 'device_name', 'company_name', 'protocol', 'created_at'];

interface AccessRulesTableProps {
  /** One device's rules (its ports and access tab); new ones are added to it. */
  device?: DeviceRef;
}

/** Access rules with search, sort, paging and, with manage rights, connect, edit and delete. */
export function AccessRulesTable({ device }: AccessRulesTableProps) {
  const actions = useAccessActions();
  const columns = useMemo(() => {
    const menu: DataTableColumn<AccessRule> = {
      key: 'actions',
      header: T.actions,
      pinned: 'right',
      hideable: false,
      csv: false,
      width: 60,
      render: (row) => <AccessRuleMenu rule={row} actions={actions} />,
    };
    return [...accessRuleColumns(device === undefined), menu];
  }, [actions, device]);
  const bulkActions = useMemo<BulkAction<AccessRule>[] | undefined>(
    () =>
      actions.allowed
        ? [{ label: T.delete, color: 'red', onClick: (rows) => actions.remove(rows) }]
        : undefined,
    [actions],
  );
  const state = useTableQueryState({ defaultSort: 'name', sortFields: SORT_FIELDS, columns });
  const result = useAccessRules(state.query, device?.id);

  // Nothing at all yet (not just no match for a search): say so and offer the first rule.
  if (result.data?.total === 0 && !state.query.q && state.query.offset === 0) {
    return <EmptyRules onAdd={actions.allowed ? () => actions.add(device) : undefined} />;
  }
  return (
    <DataTable
      label={T.remoteAccess}
      tableId={device ? 'device-remote-access' : 'remote-access'}
      columns={columns}
      state={state}
      result={result}
      emptyMessage={T.noMatches}
      searchPlaceholder={T.searchPlaceholder}
      bulkActions={bulkActions}
      exportCsv={{
        filename: 'remote-access.csv',
        fetchPage: (query, signal) => getAccessRules(query, device?.id, signal),
      }}
    />
  );
}

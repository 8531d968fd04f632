import { Code } from '@mantine/core';
import { AUTH_DEVICE_SORT_FIELDS, type AuthDevice } from '@netfleet/contracts';
import {
  DataTable,
  formatDateTime,
  useTableQueryState,
  type DataTableColumn,
} from '@/components/data-table';
import { useAuthDevices } from '../api/get-auth-devices';
import { AUTH_DEVICE_TEXTS as T } from '../texts';
import { DeviceCell } from './device-cell';
import { previousIdentity, statedIdentity } from './identity';

const columns: DataTableColumn<AuthDevice>[] = [
  {
    key: 'approved_at',
    header: T.approvedAt,
    sortable: true,
    render: (row) => (row.approved_at ? formatDateTime(row.approved_at) : T.none),
  },
  { key: 'serial', header: T.serial, sortable: true },
  { key: 'device_name', header: T.registered, render: (row) => <DeviceCell row={row} /> },
  { key: 'previous_mac', header: T.previous, render: (row) => previousIdentity(row) },
  { key: 'mac', header: T.stated, render: (row) => <Code>{statedIdentity(row)}</Code> },
  { key: 'approved_by', header: T.approvedBy, render: (row) => row.approved_by ?? T.none },
  { key: 'attempts', header: T.attempts, sortable: true },
];

/** The approvals done, the latest first: who let which hardware take a device's identity. */
export function ApprovalsTable() {
  const state = useTableQueryState({
    defaultSort: '-approved_at',
    sortFields: AUTH_DEVICE_SORT_FIELDS,
  });
  const result = useAuthDevices('approved', state.query);
  return (
    <DataTable
      label={T.approvalsTable}
      columns={columns}
      state={state}
      result={result}
      emptyMessage={T.emptyApprovals}
      searchPlaceholder={T.searchPlaceholder}
    />
  );
}

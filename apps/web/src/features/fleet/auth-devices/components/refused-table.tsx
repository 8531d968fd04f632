import { Code } from '@mantine/core';
import { AUTH_DEVICE_SORT_FIELDS, type AuthDevice } from '@netfleet/contracts';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import {
  DataTable,
  formatDateTime,
  RowMenu,
  useTableQueryState,
  type DataTableColumn,
} from '@/components/data-table';
import { useAuthDevices } from '../api/get-auth-devices';
import { AUTH_DEVICE_TEXTS as T } from '../texts';
import { DeviceCell } from './device-cell';
import { registeredIdentity, statedIdentity } from './identity';
import { useAuthDeviceActions } from './use-auth-device-actions';

type Actions = ReturnType<typeof useAuthDeviceActions>;

const columns = (actions: Actions): DataTableColumn<AuthDevice>[] => [
  { key: 'serial', header: T.serial, sortable: true },
  { key: 'mac', header: T.stated, render: (row) => <Code>{statedIdentity(row)}</Code> },
  { key: 'model', header: T.model, render: (row) => row.model ?? T.none },
  { key: 'device_name', header: T.registered, render: (row) => <DeviceCell row={row} /> },
  { key: 'device_mac', header: T.registeredIdentity, render: (row) => registeredIdentity(row) },
  { key: 'attempts', header: T.attempts, sortable: true },
  {
    key: 'first_seen_at',
    header: T.firstSeen,
    sortable: true,
    render: (row) => formatDateTime(row.first_seen_at),
  },
  {
    key: 'last_seen_at',
    header: T.lastSeen,
    sortable: true,
    render: (row) => formatDateTime(row.last_seen_at),
  },
  { key: 'ip', header: T.address, render: (row) => row.ip ?? T.none, defaultHidden: true },
  {
    key: 'actions',
    header: '',
    hideable: false,
    pinned: 'right',
    csv: false,
    render: (row) => (
      <RowMenu
        label={`${row.serial} ${statedIdentity(row)}`}
        items={[
          { label: T.approve, icon: <IconCheck size={16} />, onClick: () => actions.approve(row) },
          {
            label: T.dismiss,
            icon: <IconTrash size={16} />,
            color: 'red',
            onClick: () => actions.dismiss(row),
          },
        ]}
      />
    ),
  },
];

/** Identities waiting for a decision, the latest attempt first. */
export function RefusedTable() {
  const state = useTableQueryState({
    defaultSort: '-last_seen_at',
    sortFields: AUTH_DEVICE_SORT_FIELDS,
  });
  const result = useAuthDevices('refused', state.query);
  const actions = useAuthDeviceActions();
  return (
    <DataTable
      label={T.refusedTable}
      columns={columns(actions)}
      state={state}
      result={result}
      emptyMessage={T.emptyRefused}
      searchPlaceholder={T.searchPlaceholder}
    />
  );
}

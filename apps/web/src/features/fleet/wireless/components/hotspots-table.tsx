import { IconUsers } from '@tabler/icons-react';
import { formatBytes, HOTSPOT_SORT_FIELDS, type Hotspot } from '@netfleet/contracts';
import { formatDateTime, RowMenu, type DataTableColumn } from '@/components/data-table';
import { getHotspots, useHotspots } from '../api/get-hotspots';
import { HOTSPOT_USER_TEXTS, WIRELESS_TEXTS } from '../texts';
import { deviceColumns } from './device-columns';
import { DeviceRowsTable } from './device-rows-table';
import { openHotspotUsersDialog } from './hotspot-users-dialog';

const bytes = (value: number | null) => (value === null ? WIRELESS_TEXTS.none : formatBytes(value));

function hotspotColumns(companyLinks: boolean): DataTableColumn<Hotspot>[] {
  return [
    ...deviceColumns<Hotspot>(companyLinks),
    {
      key: 'ssid',
      header: WIRELESS_TEXTS.ssid,
      sortable: true,
      searchable: true,
      // RMS filters hotspots by exact SSID names.
      filter: { type: 'text', param: 'ssid_names' },
    },
    { key: 'index', header: WIRELESS_TEXTS.index, defaultHidden: true },
    { key: 'online_users', header: WIRELESS_TEXTS.usersActive, sortable: true },
    { key: 'rx', header: WIRELESS_TEXTS.received, render: (row) => bytes(row.rx) },
    { key: 'tx', header: WIRELESS_TEXTS.sent, render: (row) => bytes(row.tx) },
    {
      key: 'updated_at',
      header: WIRELESS_TEXTS.updatedAt,
      sortable: true,
      render: (row) => formatDateTime(row.updated_at),
      csv: (row) => formatDateTime(row.updated_at),
    },
    {
      key: 'actions',
      pinned: 'right',
      header: WIRELESS_TEXTS.actions,
      hideable: false,
      csv: false,
      width: 60,
      render: (row) => (
        <RowMenu
          label={HOTSPOT_USER_TEXTS.rowActions(row.ssid, row.device_name)}
          items={[
            {
              label: HOTSPOT_USER_TEXTS.open,
              icon: <IconUsers size={14} aria-hidden />,
              onClick: () => openHotspotUsersDialog(row),
            },
          ]}
        />
      ),
    },
  ];
}

/** Every hotspot of the devices the user sees, from their latest hotspot readings. */
export function HotspotsTable() {
  return (
    <DeviceRowsTable
      label={WIRELESS_TEXTS.hotspotsTable}
      tableId="hotspots"
      columns={hotspotColumns}
      sortFields={HOTSPOT_SORT_FIELDS}
      useRows={useHotspots}
      fetchPage={getHotspots}
      emptyMessage={WIRELESS_TEXTS.hotspotsEmpty}
      csvName="hotspots.csv"
    />
  );
}

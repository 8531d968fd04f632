import { WIRELESS_BANDS, WIRELESS_SORT_FIELDS, type WirelessInterface } from '@netfleet/contracts';
import { IconQrcode } from '@tabler/icons-react';
import { formatDateTime, RowMenu, type DataTableColumn } from '@/components/data-table';
import { formatBytesLocalized } from '@/lib/format';
import { getWireless, useWireless } from '../api/get-wireless';
import { WIFI_QR_TEXTS, WIRELESS_TEXTS } from '../texts';
import { deviceColumns } from './device-columns';
import { DeviceRowsTable } from './device-rows-table';
import { openWifiQrDialog } from './wifi-qr-dialog';

const BAND_OPTIONS = WIRELESS_BANDS.map((band) => ({ value: band, label: band }));

/** The interface's byte counter (RMS gives it as text); a dash when the device reports none. */
const bytesText = (bytes: string | null) =>
  bytes === null ? WIRELESS_TEXTS.none : formatBytesLocalized(Number(bytes));

const enabledText = (enabled: boolean | null) => {
  if (enabled === null) return WIRELESS_TEXTS.none;
  return enabled ? WIRELESS_TEXTS.yes : WIRELESS_TEXTS.no;
};

function wifiColumns(companyLinks: boolean): DataTableColumn<WirelessInterface>[] {
  return [
    ...deviceColumns<WirelessInterface>(companyLinks),
    { key: 'ssid', header: WIRELESS_TEXTS.ssid, sortable: true, searchable: true },
    {
      key: 'band',
      header: WIRELESS_TEXTS.band,
      sortable: true,
      filter: { type: 'select', options: BAND_OPTIONS },
      render: (row) => row.band ?? WIRELESS_TEXTS.none,
    },
    {
      key: 'channel',
      header: WIRELESS_TEXTS.channel,
      sortable: true,
      render: (row) => row.channel ?? WIRELESS_TEXTS.none,
    },
    {
      key: 'enabled',
      header: WIRELESS_TEXTS.enabled,
      render: (row) => enabledText(row.enabled),
      csv: (row) => enabledText(row.enabled),
    },
    { key: 'clients', header: WIRELESS_TEXTS.clients, sortable: true },
    {
      key: 'received',
      header: WIRELESS_TEXTS.received,
      // Exports keep the byte count itself.
      render: (row) => bytesText(row.received),
    },
    {
      key: 'sent',
      header: WIRELESS_TEXTS.sent,
      render: (row) => bytesText(row.sent),
    },
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
          label={WIFI_QR_TEXTS.rowActions(row.ssid, row.device_name)}
          items={[
            {
              label: WIFI_QR_TEXTS.open,
              icon: <IconQrcode size={14} aria-hidden />,
              onClick: () => openWifiQrDialog(row),
            },
          ]}
        />
      ),
    },
  ];
}

/** Every Wi-Fi interface of the devices the user sees, from their latest wireless readings. */
export function WifiTable() {
  return (
    <DeviceRowsTable
      label={WIRELESS_TEXTS.wifiTable}
      tableId="wifi"
      columns={wifiColumns}
      sortFields={WIRELESS_SORT_FIELDS}
      useRows={useWireless}
      fetchPage={getWireless}
      emptyMessage={WIRELESS_TEXTS.wifiEmpty}
      csvName="wifi.csv"
    />
  );
}

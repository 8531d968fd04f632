import { Anchor, Badge } from '@mantine/core';
import { Link } from 'react-router';
import type { DataTableColumn, FilterOption } from '@/components/data-table';
import { DEVICE_STATUS_LABELS, deviceStatusLabel } from '@/lib/messages';
import { companyPath, devicePath } from '../paths';
import { WIRELESS_TEXTS } from '../texts';

/** What both lists show of a row's device. */
export interface DeviceRow {
  device_id: number;
  device_name: string;
  serial: string;
  model: string | null;
  firmware: string | null;
  /** Device status code (the rows' `status` is RMS's name for it). */
  device_status: number;
  company_id: number;
  company_name: string;
}

const NOT_ACTIVATED = 3;
const STATUS_OPTIONS: FilterOption[] = [
  ...Object.entries(DEVICE_STATUS_LABELS).map(([value, label]) => ({ value, label })),
  { value: String(NOT_ACTIVATED), label: deviceStatusLabel(NOT_ACTIVATED) },
];
const STATUS_COLORS: Record<number, string> = { 0: 'gray', 1: 'green' };

const text = (value: string | null) => value ?? WIRELESS_TEXTS.none;

/** The device's columns: name linking to its page, identity, status and company. */
export function deviceColumns<T extends DeviceRow>(companyLinks: boolean): DataTableColumn<T>[] {
  return [
    {
      key: 'device_name',
      header: WIRELESS_TEXTS.device,
      sortable: true,
      searchable: true,
      hideable: false,
      render: (row) => (
        <Anchor component={Link} to={devicePath(row.device_id)} size="sm">
          {row.device_name}
        </Anchor>
      ),
    },
    { key: 'serial', header: WIRELESS_TEXTS.serial, sortable: true, searchable: true },
    {
      key: 'model',
      header: WIRELESS_TEXTS.model,
      sortable: true,
      filter: { type: 'text' },
      render: (row) => text(row.model),
    },
    {
      key: 'firmware',
      header: WIRELESS_TEXTS.firmware,
      sortable: true,
      defaultHidden: true,
      filter: { type: 'text' },
      render: (row) => text(row.firmware),
    },
    {
      key: 'status',
      header: WIRELESS_TEXTS.status,
      sortable: true,
      filter: { type: 'select', options: STATUS_OPTIONS },
      render: (row) => (
        <Badge variant="light" color={STATUS_COLORS[row.device_status] ?? 'yellow'}>
          {deviceStatusLabel(row.device_status)}
        </Badge>
      ),
      csv: (row) => deviceStatusLabel(row.device_status),
    },
    {
      key: 'company_name',
      header: WIRELESS_TEXTS.company,
      sortable: true,
      render: (row) =>
        companyLinks ? (
          <Anchor component={Link} to={companyPath(row.company_id)} size="sm">
            {row.company_name}
          </Anchor>
        ) : (
          row.company_name
        ),
    },
  ];
}

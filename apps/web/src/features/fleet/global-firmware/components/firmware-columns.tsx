import { Text } from '@mantine/core';
import { IconDownload, IconPencil, IconTrash } from '@tabler/icons-react';
import { formatBytes, type FileInfo } from '@netfleet/contracts';
import {
  formatDateTime,
  RowMenu,
  type DataTableColumn,
  type RowMenuItem,
} from '@/components/data-table';
import { GLOBAL_FIRMWARE_TEXTS as T } from '../texts';
import type { FirmwareActions } from './use-firmware-actions';

const menuItems = (file: FileInfo, actions: FirmwareActions): RowMenuItem[] => [
  {
    label: T.download,
    icon: <IconDownload size={14} aria-hidden />,
    onClick: () => actions.download(file),
  },
  {
    label: T.editDescription,
    icon: <IconPencil size={14} aria-hidden />,
    onClick: () => actions.editDescription(file),
  },
  {
    label: T.delete,
    icon: <IconTrash size={14} aria-hidden />,
    color: 'red',
    onClick: () => actions.remove(file),
  },
];

/** Name, size, model, description, uploader and time; a row's menu downloads, edits or deletes. */
export function firmwareColumns(actions: FirmwareActions): DataTableColumn<FileInfo>[] {
  return [
    { key: 'name', header: T.name, sortable: true, searchable: true, hideable: false },
    {
      key: 'size',
      header: T.size,
      sortable: true,
      render: (row) => formatBytes(row.size),
      csv: (row) => formatBytes(row.size),
    },
    {
      key: 'device_model',
      header: T.deviceModel,
      // Firmware without a model is for any device.
      render: (row) =>
        row.device_model ?? (
          <Text size="sm" c="dimmed">
            {T.anyModel}
          </Text>
        ),
      csv: (row) => row.device_model ?? '',
    },
    { key: 'description', header: T.description, searchable: true },
    { key: 'company_name', header: T.company },
    {
      key: 'created_at',
      header: T.createdAt,
      sortable: true,
      render: (row) => formatDateTime(row.created_at),
      csv: (row) => formatDateTime(row.created_at),
    },
    {
      key: 'actions',
      header: T.actions,
      pinned: 'right',
      hideable: false,
      csv: false,
      width: 60,
      render: (row) => <RowMenu label={row.name} items={menuItems(row, actions)} />,
    },
  ];
}

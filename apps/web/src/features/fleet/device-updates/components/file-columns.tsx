import { Badge, Group, Text } from '@mantine/core';
import { IconDownload, IconRestore, IconSend } from '@tabler/icons-react';
import { formatBytes, type FileInfo } from '@netfleet/contracts';
import {
  formatDateTime,
  RowMenu,
  type DataTableColumn,
  type RowMenuItem,
} from '@/components/data-table';
import { downloadFile } from '../api/download-file';
import { KIND_TEXTS, UPDATE_TEXTS as T } from '../texts';
import { openUpdateDialog } from './update-dialog';

const name: DataTableColumn<FileInfo> = {
  key: 'name',
  header: T.name,
  sortable: true,
  hideable: false,
  // Global firmware is listed with each company's own, marked as such.
  render: (row) =>
    row.type === 'global_firmware' ? (
      <Group gap={6} wrap="nowrap">
        {row.name}
        <Badge size="xs" variant="light">
          {T.global}
        </Badge>
      </Group>
    ) : (
      row.name
    ),
};

const size: DataTableColumn<FileInfo> = {
  key: 'size',
  header: T.size,
  sortable: true,
  render: (row) => formatBytes(row.size),
  csv: (row) => formatBytes(row.size),
};

const created = (header: string): DataTableColumn<FileInfo> => ({
  key: 'created_at',
  header,
  sortable: true,
  render: (row) => formatDateTime(row.created_at),
  csv: (row) => formatDateTime(row.created_at),
});

const model = (header: string, unknown: string): DataTableColumn<FileInfo> => ({
  key: 'device_model',
  header,
  render: (row) =>
    row.device_model ?? (
      <Text size="sm" c="dimmed">
        {unknown}
      </Text>
    ),
  csv: (row) => row.device_model ?? '',
});

const actions = (items: (file: FileInfo) => RowMenuItem[]): DataTableColumn<FileInfo> => ({
  key: 'actions',
  header: T.actions,
  pinned: 'right',
  hideable: false,
  csv: false,
  width: 60,
  render: (row) => <RowMenu label={row.name} items={items(row)} />,
});

export const FIRMWARE_COLUMNS: DataTableColumn<FileInfo>[] = [
  name,
  // Firmware without a model is for any device.
  model(T.deviceModel, T.anyModel),
  size,
  created(T.uploadedAt),
  actions((file) => [
    {
      label: KIND_TEXTS.firmware.rowAction,
      icon: <IconSend size={14} aria-hidden />,
      onClick: () => openUpdateDialog('firmware', file),
    },
  ]),
];

export const BACKUP_COLUMNS: DataTableColumn<FileInfo>[] = [
  name,
  { key: 'description', header: T.description },
  model(T.model, T.none),
  size,
  created(T.createdAt),
  actions((file) => [
    {
      label: KIND_TEXTS.backup.rowAction,
      icon: <IconRestore size={14} aria-hidden />,
      onClick: () => openUpdateDialog('backup', file),
    },
    {
      label: T.download,
      icon: <IconDownload size={14} aria-hidden />,
      onClick: () => void downloadFile(file),
    },
  ]),
];

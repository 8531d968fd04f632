import { Badge, Text } from '@mantine/core';
import { IconDownload, IconPencil, IconTrash } from '@tabler/icons-react';
import { FILE_TYPES, formatBytes, type FileInfo } from '@netfleet/contracts';
import {
  formatDateTime,
  RowMenu,
  type DataTableColumn,
  type RowMenuItem,
} from '@/components/data-table';
import { namesModel } from '../model/upload-form';
import { FILE_TYPE_LABELS, FILES_TEXTS as T } from '../texts';
import type { FileActions } from './use-file-actions';

const TYPE_OPTIONS = FILE_TYPES.map((type) => ({ value: type, label: FILE_TYPE_LABELS[type] }));

const menuItems = (file: FileInfo, actions: FileActions): RowMenuItem[] => [
  {
    label: T.download,
    icon: <IconDownload size={14} aria-hidden />,
    onClick: () => actions.download(file),
  },
  ...(actions.canChange(file)
    ? [
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
      ]
    : []),
];

/** A firmware or configuration file without a model suits any device; other types name none. */
function DeviceModel({ file }: { file: FileInfo }) {
  if (file.device_model) return file.device_model;
  if (!namesModel(file.type)) return null;
  return (
    <Text size="sm" c="dimmed">
      {T.anyModel}
    </Text>
  );
}

/** Name, type, size, model, description, company and time; a row's menu acts on the file. */
export function fileColumns(actions: FileActions): DataTableColumn<FileInfo>[] {
  return [
    { key: 'name', header: T.name, sortable: true, searchable: true, hideable: false },
    {
      key: 'type',
      header: T.type,
      sortable: true,
      filter: { type: 'select', options: TYPE_OPTIONS },
      render: (row) => (
        <Badge variant="light" color="gray">
          {FILE_TYPE_LABELS[row.type]}
        </Badge>
      ),
      csv: (row) => FILE_TYPE_LABELS[row.type],
    },
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
      filter: { type: 'text' },
      render: (row) => <DeviceModel file={row} />,
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

import { Image, UnstyledButton } from '@mantine/core';
import { IconDownload, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { formatBytes, type ImageInfo } from '@netfleet/contracts';
import {
  formatDateTime,
  RowMenu,
  type DataTableColumn,
  type RowMenuItem,
} from '@/components/data-table';
import { imageUrl } from '../api/keys';
import { IMAGES_TEXTS as T } from '../texts';
import type { ImageActions } from './use-image-actions';

const THUMBNAIL = 64;

const menuItems = (image: ImageInfo, actions: ImageActions): RowMenuItem[] => [
  {
    label: T.preview,
    icon: <IconEye size={14} aria-hidden />,
    onClick: () => actions.preview(image),
  },
  {
    label: T.download,
    icon: <IconDownload size={14} aria-hidden />,
    onClick: () => actions.download(image),
  },
  ...(actions.manages
    ? [
        {
          label: T.editDescription,
          icon: <IconPencil size={14} aria-hidden />,
          onClick: () => actions.editDescription(image),
        },
        {
          label: T.delete,
          icon: <IconTrash size={14} aria-hidden />,
          color: 'red',
          onClick: () => actions.remove(image),
        },
      ]
    : []),
];

/** Thumbnail (a button that opens the preview), name, size, pixels, description, company, time. */
export function imageColumns(actions: ImageActions): DataTableColumn<ImageInfo>[] {
  return [
    {
      key: 'thumbnail',
      header: T.preview,
      hideable: false,
      csv: false,
      width: THUMBNAIL + 24,
      render: (row) => (
        <UnstyledButton aria-label={T.openPreview(row.name)} onClick={() => actions.preview(row)}>
          <Image
            src={imageUrl(row.id, true)}
            alt=""
            w={THUMBNAIL}
            h={THUMBNAIL}
            fit="contain"
            radius="sm"
            loading="lazy"
          />
        </UnstyledButton>
      ),
    },
    { key: 'name', header: T.name, sortable: true, searchable: true, hideable: false },
    {
      key: 'size',
      header: T.size,
      sortable: true,
      render: (row) => formatBytes(row.size),
      csv: (row) => formatBytes(row.size),
    },
    {
      key: 'dimensions',
      header: T.dimensions,
      render: (row) => `${row.original_width}×${row.original_height}`,
      csv: (row) => `${row.original_width}x${row.original_height}`,
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

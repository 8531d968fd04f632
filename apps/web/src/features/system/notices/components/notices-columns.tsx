import { ActionIcon, Group, Switch, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Notice } from '@netfleet/contracts';
import { formatDateTime, type DataTableColumn } from '@/components/data-table';
import { RichText } from '@/components/rich-text';
import { NOTICES_TEXTS } from '../texts';
import { NoticeTypeBadge } from './notice-type-badge';

export interface NoticeRowActions {
  onEdit: (notice: Notice) => void;
  onToggle: (notice: Notice) => void;
  onDelete: (notice: Notice) => void;
  /** The notice whose enable switch is being saved. */
  toggling: number | null;
}

export function noticeColumns(actions: NoticeRowActions): DataTableColumn<Notice>[] {
  return [
    {
      key: 'type',
      header: NOTICES_TEXTS.type,
      sortable: true,
      width: 110,
      render: (notice) => <NoticeTypeBadge type={notice.type} />,
    },
    {
      key: 'message',
      header: NOTICES_TEXTS.message,
      render: (notice) => (
        <RichText html={notice.message} images fz="sm" mah="4.5em" style={{ overflow: 'hidden' }} />
      ),
    },
    {
      key: 'enabled_at',
      header: NOTICES_TEXTS.enabledAt,
      sortable: true,
      width: 190,
      render: (notice) =>
        notice.enabled_at ? (
          formatDateTime(notice.enabled_at)
        ) : (
          <Text size="sm" c="dimmed">
            {NOTICES_TEXTS.draft}
          </Text>
        ),
    },
    {
      key: 'enabled',
      header: NOTICES_TEXTS.enabled,
      width: 90,
      render: (notice) => (
        <Switch
          aria-label={NOTICES_TEXTS.toggle(notice.id)}
          checked={notice.enabled_at !== null}
          disabled={actions.toggling === notice.id}
          onChange={() => actions.onToggle(notice)}
        />
      ),
    },
    {
      key: 'actions',
      pinned: 'right',
      header: NOTICES_TEXTS.actions,
      width: 100,
      render: (notice) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label={NOTICES_TEXTS.editNotice}>
            <ActionIcon
              variant="subtle"
              aria-label={NOTICES_TEXTS.edit(notice.id)}
              onClick={() => actions.onEdit(notice)}
            >
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={NOTICES_TEXTS.deleteTitle}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={NOTICES_TEXTS.remove(notice.id)}
              onClick={() => actions.onDelete(notice)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];
}

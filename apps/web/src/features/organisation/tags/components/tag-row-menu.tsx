import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import type { Tag } from '@netfleet/contracts';
import { TAG_TEXTS } from '../texts';
import type { TagActions } from './use-tag-actions';

export function TagRowMenu({ tag, actions }: { tag: Tag; actions: TagActions }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={TAG_TEXTS.rowActions(tag.name)}>
          <IconDots size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => actions.edit(tag)}>
          {TAG_TEXTS.edit}
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={() => actions.remove([tag])}
        >
          {TAG_TEXTS.delete}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
